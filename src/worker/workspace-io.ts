import { workspaceAt } from '../engine/restore-workspace';
import { outsideSnapshots } from '../engine/snapshots';
import { captureTree } from '../engine/workspace-tree';
import { redactFiles } from '../protocol/redact-secrets';
import { joinPath, parentOf } from '../sandbox/paths';
import type { Sandbox } from '../sandbox/port';
import { resolveEvents } from '../store/bounded-event';
import type { SessionStore } from '../store/port';
import { count, megabytes } from '../workspace/figures';
import { isWorkspacePath, parentFolders } from '../workspace/files';
import { IMPORT_LIMITS } from '../workspace/import-filter';

/**
 * The worker's side of workspace import and export: the files the page opened become the
 * sandbox's workspace, the workspace goes back to the page for a zip, and a stored session's
 * first and last snapshots go back for a patch. Files are text: the sandboxes hold nothing else.
 */

export type WorkspaceText = Record<string, string>;

const encoder = new TextEncoder();

/**
 * Checks files sent by the page before any of them is written: an object of texts under
 * workspace paths, none under node_modules/ or .git/, no path both a file and a folder, and
 * within the import caps. Throws with the first problem.
 */
export function checkWorkspaceFiles(value: unknown): WorkspaceText {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('the files are not a map of paths to texts');
  const entries = Object.entries(value);
  if (entries.length > IMPORT_LIMITS.maxFiles) throw new Error(`${count(entries.length)} files; the limit is ${count(IMPORT_LIMITS.maxFiles)}`);
  const folders = new Set<string>();
  let bytes = 0;
  for (const [path, content] of entries) {
    if (!isWorkspacePath(path)) throw new Error(`not a workspace path: ${JSON.stringify(path)}`);
    if (outsideSnapshots(path)) throw new Error(`${path}: node_modules and .git are not loaded`);
    if (typeof content !== 'string') throw new Error(`${path}: not text`);
    bytes += encoder.encode(content).length;
    for (const folder of parentFolders(path)) folders.add(folder);
  }
  if (bytes > IMPORT_LIMITS.maxTotalBytes) throw new Error(`${megabytes(bytes)} of files; the limit is ${megabytes(IMPORT_LIMITS.maxTotalBytes)}`);
  const clash = entries.find(([path]) => folders.has(path));
  if (clash) throw new Error(`${clash[0]} is both a file and a folder`);
  return Object.fromEntries(entries) as WorkspaceText;
}

/** True while `replaceWorkspace` is writing: a run started then would see a half-written workspace. */
let writing = false;

export const REPLACING_WORKSPACE = 'files are being loaded into the workspace; run again once they are in';

/** For the worker's `run`: throws while `replaceWorkspace` is writing. */
export function refuseWhileReplacing(): void {
  if (writing) throw new Error(REPLACING_WORKSPACE);
}

/**
 * Makes `files` the sandbox's workspace: every file and folder it does not hold goes (a folder
 * whole), files that differ are written. node_modules/ and .git/ at the top are left as they are.
 * One at a time; while it writes, `refuseWhileReplacing` throws.
 */
export async function replaceWorkspace(sandbox: Sandbox, files: Readonly<WorkspaceText>): Promise<void> {
  if (writing) throw new Error('other files are still being loaded into the workspace');
  writing = true;
  try {
    await writeWorkspace(sandbox, files);
  } finally {
    writing = false;
  }
}

async function writeWorkspace(sandbox: Sandbox, files: Readonly<WorkspaceText>): Promise<void> {
  const current = await captureTree(sandbox, sandbox.workdir, outsideSnapshots);
  const wantedFolders = new Set(Object.keys(files).flatMap(parentFolders));
  const removed = new Set<string>();
  // Shallowest first, so a folder that goes takes its contents with it.
  const paths = [...current.keys()].sort((a, b) => depth(a) - depth(b));
  for (const path of paths) {
    const entry = current.get(path);
    if (!entry || parentFolders(path).some((folder) => removed.has(folder))) continue;
    const wanted = entry.kind === 'file' ? Object.hasOwn(files, path) : wantedFolders.has(path);
    if (wanted) continue;
    await sandbox.remove(joinPath(sandbox.workdir, path), { recursive: entry.kind === 'dir' });
    removed.add(path);
  }
  const made = new Set<string>();
  for (const [path, content] of Object.entries(files)) {
    const entry = current.get(path);
    if (entry?.kind === 'file' && entry.content === content) continue;
    const absolute = joinPath(sandbox.workdir, path);
    const folder = parentOf(absolute);
    if (!made.has(folder)) {
      await sandbox.mkdir(folder, { recursive: true });
      made.add(folder);
    }
    await sandbox.writeFile(absolute, content);
  }
}

/**
 * The sandbox's workspace files now, node_modules/ and .git/ left out. For an export (the zip)
 * `secrets` are redacted: the sandbox keeps a key the model wrote, a download never carries it.
 */
export async function currentWorkspace(sandbox: Sandbox, secrets: Iterable<string> = []): Promise<WorkspaceText> {
  const tree = await captureTree(sandbox, sandbox.workdir, outsideSnapshots);
  const files = Object.fromEntries([...tree].flatMap(([path, entry]) => (entry.kind === 'file' ? [[path, entry.content] as const] : [])));
  return redactFiles(files, secrets);
}

/** Whether two workspaces hold the same files with the same texts. */
export function sameFiles(a: Readonly<WorkspaceText>, b: Readonly<WorkspaceText>): boolean {
  const paths = Object.keys(a);
  return paths.length === Object.keys(b).length && paths.every((path) => Object.hasOwn(b, path) && b[path] === a[path]);
}

/**
 * A stored session's workspace at its first snapshot (its first run's start) and at its last, for
 * the patch. Snapshots hold no registered secret; `secrets` are redacted again for sessions stored
 * before they were kept out.
 */
export async function sessionChanges(
  store: SessionStore,
  id: string,
  secrets: Iterable<string> = [],
): Promise<{ before: WorkspaceText; after: WorkspaceText }> {
  if (!(await store.getSession(id))) throw new Error('That session is no longer stored.');
  const snapshots = (await store.loadEvents(id)).filter((event) => event.type === 'workspace_snapshot');
  const resolved = await resolveEvents(snapshots, store);
  if (!resolved.ok) throw new Error(`The stored session is damaged: ${resolved.error}`);
  const first = resolved.events[0];
  if (!first) throw new Error('The session has no workspace snapshot yet.');
  const before = await workspaceAt(resolved.events, store, first.seq);
  const after = await workspaceAt(resolved.events, store);
  if (!before || !after) throw new Error('The session has no workspace snapshot yet.');
  const list = [...secrets];
  return { before: redactFiles(before, list), after: redactFiles(after, list) };
}

const depth = (path: string): number => path.split('/').length;
