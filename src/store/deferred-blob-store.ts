import type { BlobStore } from './port';

/** A blob store that is still opening (IndexedDB opens asynchronously; the engine is built at once). */
export function deferredBlobStore(store: Promise<BlobStore>): BlobStore {
  return {
    putBlob: async (hash, text) => (await store).putBlob(hash, text),
    getBlob: async (hash) => (await store).getBlob(hash),
  };
}
