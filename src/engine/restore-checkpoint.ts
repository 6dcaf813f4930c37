import type { Emit } from '../protocol/events';
import type { Sandbox } from '../sandbox/port';
import type { BlobStore } from '../store/port';
import { restoreCheckpointFiles } from './restore-workspace';

/**
 * Puts the files back as a checkpoint held them ("Restore files to here", "Roll back"), outside any
 * run: each file that changes is a file_changed event, then checkpoint_restored. Returns how many changed.
 */
export async function restoreCheckpoint(sandbox: Sandbox, blobs: BlobStore, manifest: string, emit: Emit): Promise<number> {
  const changed = await restoreCheckpointFiles(sandbox, blobs, manifest, emit);
  emit({ type: 'checkpoint_restored', manifest, changed });
  return changed;
}
