import type { SessionMeta, StoredEvent } from '../protocol/session-file';
import type { SessionAppend, SessionStore, StorageUsage } from './port';

/** The store in memory: tests, the CLI (which saves it as a session file) and pages without IndexedDB. */
export class MemoryStore implements SessionStore {
  private readonly blobs = new Map<string, string>();
  private readonly sessions = new Map<string, { meta: SessionMeta; events: StoredEvent[]; blobs: Set<string> }>();

  async putBlob(hash: string, text: string): Promise<void> {
    if (!this.blobs.has(hash)) this.blobs.set(hash, text);
  }

  async getBlob(hash: string): Promise<string | null> {
    return this.blobs.get(hash) ?? null;
  }

  async append({ meta, events, blobs }: SessionAppend): Promise<void> {
    let session = this.sessions.get(meta.id);
    if (!session) {
      session = { meta, events: [], blobs: new Set() };
      this.sessions.set(meta.id, session);
    }
    session.meta = meta;
    session.events.push(...events);
    for (const hash of blobs) session.blobs.add(hash);
  }

  async listSessions(): Promise<SessionMeta[]> {
    return [...this.sessions.values()].map((s) => s.meta).sort((a, b) => b.createdAt - a.createdAt);
  }

  async getSession(id: string): Promise<SessionMeta | null> {
    return this.sessions.get(id)?.meta ?? null;
  }

  async loadEvents(id: string): Promise<StoredEvent[]> {
    return [...(this.sessions.get(id)?.events ?? [])].sort((a, b) => a.seq - b.seq);
  }

  async deleteSession(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    const kept = new Set<string>();
    for (const other of this.sessions.values()) for (const hash of other.blobs) kept.add(hash);
    for (const hash of session.blobs) if (!kept.has(hash)) this.blobs.delete(hash);
  }

  async usage(): Promise<StorageUsage | null> {
    return null;
  }

  /** How many blobs it holds (tests check deduplication and deletion with it). */
  get blobCount(): number {
    return this.blobs.size;
  }
}
