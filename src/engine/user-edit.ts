import type { Emit, EventPayload } from '../protocol/events';
import { joinPath, parentOf } from '../sandbox/paths';
import type { Sandbox } from '../sandbox/port';
import type { BlobStore } from '../store/port';
import { isWorkspacePath } from '../workspace/files';
import { fileChange } from './file-change';
import { loadManifest } from './restore-workspace';
import { outsideSnapshots, WorkspaceSnapshots } from './snapshots';

/** A file the user saved in the Editor between runs. */
export interface UserEdit {
  /** Workspace-relative path of a file the workspace holds. */
  path: string;
  /** The text to write. */
  content: string;
  /** The text the Editor showed before the user changed it (keys redacted, as the page saw it). */
  base: string;
}

/** Where the edit is written and recorded. */
export interface UserEditHost {
  sandbox: Sandbox;
  /** Where the snapshot after the edit goes; null: none is taken. */
  blobs: BlobStore | null;
  /** The session's secrets redacted: the page only ever saw the file that way. */
  redact: (text: string) => string;
  emit: Emit;
}

/**
 * Writes a user's edit into the sandbox and records it as the agent's changes are recorded: a
 * file_changed event with `by: "user"`, then a workspace snapshot (`user_edit`, the last one
 * `previousSnapshot` names being the one it is counted against), so a replay, a restore and the
 * next run see the files as the user left them. Refused when the file is not the one the user
 * edited (it changed since, or is gone) or holds a key: the page saw it redacted, and writing its
 * text back would replace the key with the placeholder. Returns the recorded change, or null when
 * the text is what the file already holds.
 */
export async function saveUserEdit(host: UserEditHost, edit: UserEdit, previousSnapshot: string | null): Promise<EventPayload<'file_changed'> | null> {
  const { sandbox } = host;
  if (!isWorkspacePath(edit.path) || outsideSnapshots(edit.path)) throw new Error(`${edit.path} is not a file of the workspace that can be edited here`);
  const absolute = joinPath(sandbox.workdir, edit.path);
  const current = await readOrNull(sandbox, absolute);
  if (current === null) throw new Error(`${edit.path} is no longer in the workspace`);
  const shown = host.redact(current);
  if (shown !== current) throw new Error(`${edit.path} holds a key, shown here as a placeholder: edit it outside Phasegate`);
  if (shown !== edit.base) throw new Error(`${edit.path} changed since it was opened: open it again from Files, then edit it`);
  const change = fileChange(edit.path, current, edit.content);
  if (!change) return null;
  await sandbox.mkdir(parentOf(absolute), { recursive: true });
  await sandbox.writeFile(absolute, edit.content);
  const recorded: EventPayload<'file_changed'> = { ...change, by: 'user' };
  host.emit(recorded);
  if (host.blobs) await snapshotAfter(host, host.blobs, previousSnapshot);
  return recorded;
}

async function readOrNull(sandbox: Sandbox, path: string): Promise<string | null> {
  try {
    return await sandbox.readFile(path);
  } catch {
    return null;
  }
}

async function snapshotAfter(host: UserEditHost, blobs: BlobStore, previous: string | null): Promise<void> {
  const snapshots = new WorkspaceSnapshots(host.sandbox, blobs, host.emit, undefined, host.redact);
  const manifest = previous === null ? null : await loadManifest(blobs, previous);
  if (previous !== null && manifest) snapshots.continueFrom(manifest, previous);
  await snapshots.take('user_edit');
}
