import type { Emit, EngineEvent } from '../protocol/events';
import { type SnapshotManifest, SnapshotManifestSchema } from '../protocol/session-file';
import { joinPath, parentOf } from '../sandbox/paths';
import type { Sandbox } from '../sandbox/port';
import type { BlobStore } from '../store/port';
import { fileChange } from './file-change';
import { outsideSnapshots } from './snapshots';
import { captureTree } from './workspace-tree';

/** A snapshot's manifest from the blob store, checked; null when it is missing or malformed. */
export async function loadManifest(blobs: BlobStore, hash: string): Promise<SnapshotManifest | null> {
  const text = await blobs.getBlob(hash);
  if (text === null) return null;
  try {
    const parsed = SnapshotManifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Every file of a snapshot, by workspace-relative path; throws when a blob is missing. */
export async function snapshotFiles(blobs: BlobStore, manifest: SnapshotManifest): Promise<Record<string, string>> {
  const entries: [string, string][] = [];
  for (const [path, hash] of Object.entries(manifest)) {
    const content = await blobs.getBlob(hash);
    if (content === null) throw new Error(`the snapshot's content for ${path} is missing from the store`);
    entries.push([path, content]);
  }
  // fromEntries makes every path an own property, "__proto__" included.
  return Object.fromEntries(entries);
}

/**
 * Puts the sandbox's workspace back to a snapshot: files it does not list go, files that differ
 * are written. node_modules and .git are left as they are (snapshots do not hold them).
 */
export async function restoreWorkspace(sandbox: Sandbox, files: Readonly<Record<string, string>>): Promise<void> {
  const current = await captureTree(sandbox, sandbox.workdir, outsideSnapshots);
  for (const [path, entry] of current) {
    if (entry.kind === 'file' && !Object.hasOwn(files, path)) await sandbox.remove(joinPath(sandbox.workdir, path));
  }
  for (const [path, content] of Object.entries(files)) {
    const entry = current.get(path);
    if (entry?.kind === 'file' && entry.content === content) continue;
    const absolute = joinPath(sandbox.workdir, path);
    if (entry?.kind === 'dir') await sandbox.remove(absolute, { recursive: true });
    await sandbox.mkdir(parentOf(absolute), { recursive: true });
    await sandbox.writeFile(absolute, content);
  }
}

/**
 * Puts the files back as the checkpoint `manifest` held them and records a file_changed event for
 * each file that changes (in path order). Returns how many changed; throws when it is not stored.
 */
export async function restoreCheckpointFiles(sandbox: Sandbox, blobs: BlobStore, manifest: string, emit: Emit): Promise<number> {
  const files = await loadManifest(blobs, manifest);
  if (!files) throw new Error('that checkpoint is not stored');
  const target = await snapshotFiles(blobs, files);
  const current = await captureTree(sandbox, sandbox.workdir, outsideSnapshots);
  await restoreWorkspace(sandbox, target);
  let changed = 0;
  const paths = new Set([...Object.keys(target), ...[...current].filter(([, entry]) => entry.kind === 'file').map(([path]) => path)]);
  for (const path of [...paths].sort()) {
    const entry = current.get(path);
    const event = fileChange(path, entry?.kind === 'file' ? entry.content : null, Object.hasOwn(target, path) ? (target[path] ?? null) : null);
    if (!event) continue;
    changed++;
    emit(event);
  }
  return changed;
}

/**
 * The workspace as the log's last snapshot up to event `seq` (the whole log by default)
 * holds it, or null when there is none by then.
 */
export async function workspaceAt(events: readonly EngineEvent[], blobs: BlobStore, seq = Infinity): Promise<Record<string, string> | null> {
  const last = events.findLast((event) => event.type === 'workspace_snapshot' && event.seq <= seq);
  if (!last || last.type !== 'workspace_snapshot') return null;
  const manifest = await loadManifest(blobs, last.manifest);
  if (!manifest) throw new Error('the workspace snapshot is missing or damaged');
  return snapshotFiles(blobs, manifest);
}
