import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { SessionMeta, StoredEvent } from '../protocol/session-file';
import { type SessionAppend, type SessionStore, StorageFullError, type StorageUsage } from './port';

interface PhasegateDb extends DBSchema {
  sessions: { key: string; value: SessionMeta };
  events: { key: [string, number]; value: { sessionId: string; seq: number; event: StoredEvent } };
  blobs: { key: string; value: { hash: string; text: string } };
  /** Which session refers to which blob, so deleting a session frees what only it held. */
  sessionBlobs: { key: [string, string]; value: { sessionId: string; hash: string }; indexes: { byHash: string } };
}

export const DATABASE_NAME = 'phasegate';
const DATABASE_VERSION = 1;

/** The session store in the browser: IndexedDB through `idb`, used by the engine worker. */
export class IndexedDbStore implements SessionStore {
  private constructor(private readonly db: IDBPDatabase<PhasegateDb>) {}

  static async open(name = DATABASE_NAME): Promise<IndexedDbStore> {
    const db = await openDB<PhasegateDb>(name, DATABASE_VERSION, {
      upgrade(database) {
        database.createObjectStore('sessions', { keyPath: 'id' });
        database.createObjectStore('events', { keyPath: ['sessionId', 'seq'] });
        database.createObjectStore('blobs', { keyPath: 'hash' });
        database.createObjectStore('sessionBlobs', { keyPath: ['sessionId', 'hash'] }).createIndex('byHash', 'hash');
      },
    });
    return new IndexedDbStore(db);
  }

  async putBlob(hash: string, text: string): Promise<void> {
    await writing(async () => {
      const tx = this.db.transaction('blobs', 'readwrite');
      if ((await tx.store.getKey(hash)) === undefined) await tx.store.put({ hash, text });
      await tx.done;
    });
  }

  async getBlob(hash: string): Promise<string | null> {
    return (await this.db.get('blobs', hash))?.text ?? null;
  }

  async append({ meta, events, blobs }: SessionAppend): Promise<void> {
    await writing(async () => {
      const tx = this.db.transaction(['sessions', 'events', 'sessionBlobs'], 'readwrite');
      const writes: Promise<unknown>[] = [tx.objectStore('sessions').put(meta)];
      for (const event of events) writes.push(tx.objectStore('events').put({ sessionId: meta.id, seq: event.seq, event }));
      for (const hash of new Set(blobs)) writes.push(tx.objectStore('sessionBlobs').put({ sessionId: meta.id, hash }));
      await Promise.all([...writes, tx.done]);
    });
  }

  async listSessions(): Promise<SessionMeta[]> {
    return (await this.db.getAll('sessions')).sort((a, b) => b.createdAt - a.createdAt);
  }

  async getSession(id: string): Promise<SessionMeta | null> {
    return (await this.db.get('sessions', id)) ?? null;
  }

  async loadEvents(id: string): Promise<StoredEvent[]> {
    const rows = await this.db.getAll('events', IDBKeyRange.bound([id, -Infinity], [id, Infinity]));
    return rows.map((row) => row.event);
  }

  async deleteSession(id: string): Promise<void> {
    const tx = this.db.transaction(['sessions', 'events', 'sessionBlobs', 'blobs'], 'readwrite');
    await tx.objectStore('sessions').delete(id);
    await tx.objectStore('events').delete(IDBKeyRange.bound([id, -Infinity], [id, Infinity]));
    const links = tx.objectStore('sessionBlobs');
    const range = IDBKeyRange.bound([id, ''], [id, '\uffff']);
    const hashes = (await links.getAll(range)).map((link) => link.hash);
    await links.delete(range);
    for (const hash of hashes) {
      if ((await links.index('byHash').count(hash)) === 0) await tx.objectStore('blobs').delete(hash);
    }
    await tx.done;
  }

  async usage(): Promise<StorageUsage | null> {
    const storage = (globalThis as { navigator?: { storage?: { estimate?: () => Promise<{ usage?: number; quota?: number }> } } }).navigator?.storage;
    if (!storage?.estimate) return null;
    const { usage, quota } = await storage.estimate();
    return usage === undefined || quota === undefined ? null : { usedBytes: usage, quotaBytes: quota };
  }

  close(): void {
    this.db.close();
  }
}

/** A write that ran out of quota says so in a way the page can act on; other failures pass as they are. */
async function writing(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError();
    throw error;
  }
}

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || (typeof (error as { message?: unknown })?.message === 'string' && /quota/i.test((error as Error).message));
}
