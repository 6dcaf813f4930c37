import { BlobRefSchema, SnapshotManifestSchema, type StoredEvent } from '../protocol/session-file';
import type { BlobStore } from './port';

/**
 * Every blob a stored log refers to: long texts moved out of its events, whole command
 * outputs, and each snapshot's manifest with the file contents it lists.
 */
export async function referencedBlobs(events: readonly StoredEvent[], blobs: BlobStore): Promise<Set<string>> {
  const found = new Set<string>();
  const manifests: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      const ref = BlobRefSchema.safeParse(value);
      if (ref.success) found.add(ref.data.$blob);
      else Object.values(value).forEach(visit);
    }
  };
  for (const event of events) {
    visit(event);
    if (event.type === 'command_output' && typeof event.fullOutput === 'string') found.add(event.fullOutput);
    if (event.type === 'workspace_snapshot' && typeof event.manifest === 'string') manifests.push(event.manifest);
  }
  for (const hash of manifests) {
    found.add(hash);
    const text = await blobs.getBlob(hash);
    if (text === null) continue;
    try {
      const manifest = SnapshotManifestSchema.safeParse(JSON.parse(text));
      if (manifest.success) for (const file of Object.values(manifest.data)) found.add(file);
    } catch {
      // A manifest that is not JSON refers to nothing; loading the session reports it.
    }
  }
  return found;
}
