import type { Page } from 'playwright-core';

export interface StoredSession {
  id: string;
  status: string;
  eventCount: number;
  /** The type of each stored event, in order. */
  eventTypes: string[];
  /** The files of its last workspace snapshot. */
  files: Record<string, string>;
}

/** Reads the newest stored session straight from the page's IndexedDB, as the worker wrote it. */
export function newestStoredSession(page: Page): Promise<StoredSession | null> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('phasegate');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const ask = <T>(store: string, query?: IDBValidKey | IDBKeyRange, all = false) =>
      new Promise<T>((resolve, reject) => {
        const objects = db.transaction(store).objectStore(store);
        const request = all ? objects.getAll(query) : objects.get(query as IDBValidKey);
        request.onsuccess = () => resolve(request.result as T);
        request.onerror = () => reject(request.error);
      });
    const sessions = await ask<{ id: string; status: string; createdAt: number; eventCount: number }[]>('sessions', undefined, true);
    const newest = sessions.sort((a, b) => b.createdAt - a.createdAt)[0];
    if (!newest) return null;
    const rows = await ask<{ event: { type: string; manifest?: string } }[]>('events', IDBKeyRange.bound([newest.id, -Infinity], [newest.id, Infinity]), true);
    const snapshot = rows.map((row) => row.event).findLast((event) => event.type === 'workspace_snapshot');
    const files: Record<string, string> = {};
    if (snapshot?.manifest) {
      const manifest = JSON.parse((await ask<{ text: string }>('blobs', snapshot.manifest)).text) as Record<string, string>;
      for (const [path, hash] of Object.entries(manifest)) files[path] = (await ask<{ text: string }>('blobs', hash)).text;
    }
    db.close();
    return { id: newest.id, status: newest.status, eventCount: rows.length, eventTypes: rows.map((row) => row.event.type), files };
  });
}

/** Everything the page's IndexedDB holds, as one JSON text (to search it for what must not be there). */
export function everythingStored(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('phasegate');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const out: Record<string, unknown[]> = {};
    for (const name of Array.from(db.objectStoreNames)) {
      out[name] = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    }
    db.close();
    return JSON.stringify(out);
  });
}
