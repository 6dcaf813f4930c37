import { z } from 'zod';
import { loadManifest } from '../engine/restore-workspace';
import { outsideSnapshots } from '../engine/snapshots';
import { MAX_PATH_DEPTH } from '../protocol/path-depth';
import { redactSecrets } from '../protocol/redact-secrets';
import type { SnapshotManifest } from '../protocol/session-file';
import { joinPath } from '../sandbox/paths';
import type { Sandbox } from '../sandbox/port';
import { resolveEvents } from '../store/bounded-event';
import type { SessionStore } from '../store/port';
import { isWorkspacePath } from '../workspace/files';

/**
 * The file explorer's reads: the workspace's paths and one file's text, either from the sandbox
 * now or as a stored session's last snapshot up to a replay position held them.
 */

/** Paths listed at most (the import cap): a bigger workspace is listed in part, and says so. */
export const LISTED_PATHS_LIMIT = 20_000;
/** Characters of one file handed to the page at most; a longer file comes shortened. */
export const READ_CHARS_LIMIT = 1024 * 1024;

/** Where to read: null for the sandbox now, else a stored session after its first `count` events. */
export const WorkspacePointSchema = z
  .object({
    sessionId: z.string().min(1).max(200),
    count: z.number().int().nonnegative(),
  })
  .strict()
  .nullable();
export type WorkspacePoint = z.infer<typeof WorkspacePointSchema>;

export interface WorkspaceListing {
  /** Workspace-relative file paths, sorted; node_modules/ and .git/ left out. */
  paths: string[];
  /** More files were there than the limit. */
  truncated: boolean;
  /** False when the point is a session position before its first snapshot (nothing is known yet). */
  known: boolean;
}

export interface WorkspaceFileText {
  path: string;
  content: string;
  truncated: boolean;
}

/** A user's edit as the page sends it: the text to write and the text it replaced, at most what a read hands over. */
export const UserEditTextsSchema = z.object({ content: z.string().max(READ_CHARS_LIMIT), base: z.string().max(READ_CHARS_LIMIT) }).strict();

/** Checks a path the page sent: a workspace path outside node_modules/ and .git/. */
export function checkExplorerPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 4096 || !isWorkspacePath(value)) throw new Error(`not a workspace path: ${JSON.stringify(value)}`);
  if (outsideSnapshots(value)) throw new Error(`${value}: node_modules and .git are not shown`);
  return value;
}

/** The sandbox's file paths, walked folder by folder (a linked folder is not walked into). */
export async function listSandboxFiles(sandbox: Sandbox): Promise<WorkspaceListing> {
  const paths: string[] = [];
  const pending: { rel: string; depth: number }[] = [{ rel: '', depth: 0 }];
  let truncated = false;
  if (!(await sandbox.exists(sandbox.workdir))) return { paths, truncated, known: true };
  while (pending.length > 0 && !truncated) {
    const { rel, depth } = pending.pop() as { rel: string; depth: number };
    for (const entry of await sandbox.listDir(rel === '' ? sandbox.workdir : joinPath(sandbox.workdir, rel))) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (outsideSnapshots(path)) continue;
      if (entry.type === 'dir') {
        if (!entry.symlink && depth + 1 < MAX_PATH_DEPTH) pending.push({ rel: path, depth: depth + 1 });
      } else if (paths.length >= LISTED_PATHS_LIMIT) {
        truncated = true;
        break;
      } else paths.push(path);
    }
  }
  return { paths: paths.sort(), truncated, known: true };
}

/** One file of the sandbox, keys redacted, shortened past the limit. */
export async function readSandboxFile(sandbox: Sandbox, path: string, secrets: Iterable<string>): Promise<WorkspaceFileText> {
  return bounded(path, await sandbox.readFile(joinPath(sandbox.workdir, path)), secrets);
}

/**
 * The manifest of the session's last snapshot among its first `count` events; before the first
 * snapshot, the first (the files as the run found them); null when the session has none.
 */
export async function manifestAt(store: SessionStore, sessionId: string, count: number): Promise<SnapshotManifest | null> {
  if (!(await store.getSession(sessionId))) throw new Error('That session is no longer stored.');
  const snapshots = (await store.loadEvents(sessionId)).flatMap((event, index) => (event.type === 'workspace_snapshot' ? [{ event, index }] : []));
  const last = (snapshots.findLast(({ index }) => index < count) ?? snapshots[0])?.event;
  if (!last) return null;
  const resolved = await resolveEvents([last], store);
  const snapshot = resolved.ok ? resolved.events[0] : undefined;
  if (snapshot?.type !== 'workspace_snapshot') throw new Error('The stored session is damaged.');
  const manifest = await loadManifest(store, snapshot.manifest);
  if (!manifest) throw new Error('The workspace snapshot is missing or damaged.');
  return manifest;
}

export function listManifest(manifest: SnapshotManifest | null): WorkspaceListing {
  if (!manifest) return { paths: [], truncated: false, known: false };
  const all = Object.keys(manifest).filter((path) => isWorkspacePath(path) && !outsideSnapshots(path));
  return { paths: all.slice(0, LISTED_PATHS_LIMIT).sort(), truncated: all.length > LISTED_PATHS_LIMIT, known: true };
}

export async function readManifestFile(
  store: SessionStore,
  manifest: SnapshotManifest | null,
  path: string,
  secrets: Iterable<string>,
): Promise<WorkspaceFileText> {
  const hash = manifest && Object.hasOwn(manifest, path) ? manifest[path] : undefined;
  const content = hash === undefined ? null : await store.getBlob(hash);
  if (content === null) throw new Error(`${path} is not in the workspace at this point`);
  return bounded(path, content, secrets);
}

function bounded(path: string, content: string, secrets: Iterable<string>): WorkspaceFileText {
  const truncated = content.length > READ_CHARS_LIMIT;
  return { path, content: redactSecrets(truncated ? content.slice(0, READ_CHARS_LIMIT) : content, secrets), truncated };
}

/** Where the explorer reads: the sandbox now, or the store a stored session's snapshots are in. */
export interface ExplorerSources {
  sandbox: Sandbox;
  store: () => Promise<SessionStore>;
  secrets: readonly string[];
}

/** The worker's `workspacePaths`: the page's point checked, then the listing there. */
export async function explorerPaths(sources: ExplorerSources, point: unknown): Promise<WorkspaceListing> {
  const at = checkPoint(point);
  if (at === null) return listSandboxFiles(sources.sandbox);
  return listManifest(await manifestAt(await sources.store(), at.sessionId, at.count));
}

/** The worker's `readWorkspaceFile`: the page's path and point checked, then the file's text there. */
export async function explorerRead(sources: ExplorerSources, path: unknown, point: unknown): Promise<WorkspaceFileText> {
  const file = checkExplorerPath(path);
  const at = checkPoint(point);
  if (at === null) return readSandboxFile(sources.sandbox, file, sources.secrets);
  const store = await sources.store();
  return readManifestFile(store, await manifestAt(store, at.sessionId, at.count), file, sources.secrets);
}

function checkPoint(point: unknown): WorkspacePoint {
  const parsed = WorkspacePointSchema.safeParse(point ?? null);
  if (!parsed.success) throw new Error('not a workspace point: expected null or { sessionId, count }');
  return parsed.data;
}
