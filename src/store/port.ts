import type { SessionMeta, StoredEvent } from '../protocol/session-file';

/** Content-addressed texts: file contents, snapshot manifests, long event fields. */
export interface BlobStore {
  /** Stores `text` under its SHA-256 (a no-op when it is there already). */
  putBlob(hash: string, text: string): Promise<void>;
  getBlob(hash: string): Promise<string | null>;
}

/** One write of the recorder: a session's metadata, its next events, and the blobs they refer to. */
export interface SessionAppend {
  meta: SessionMeta;
  events: StoredEvent[];
  /** Every blob these events refer to (snapshot files included), so deleting a session frees what only it held. */
  blobs: string[];
}

export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
}

/**
 * The session store port: IndexedDB in the page, memory in tests and in the CLI (which
 * writes a session file). The engine's log is written here ahead of the page showing it.
 */
export interface SessionStore extends BlobStore {
  append(write: SessionAppend): Promise<void>;
  /** Newest first. */
  listSessions(): Promise<SessionMeta[]>;
  getSession(id: string): Promise<SessionMeta | null>;
  /** In sequence order. */
  loadEvents(id: string): Promise<StoredEvent[]>;
  /** Removes the session and every blob no other session refers to. */
  deleteSession(id: string): Promise<void>;
  /** What the store takes against what it may take, when the platform can tell. */
  usage(): Promise<StorageUsage | null>;
}

/** Thrown (or reported) when a write did not fit in the storage quota. */
export class StorageFullError extends Error {
  constructor(message = 'The browser storage for this site is full.') {
    super(message);
    this.name = 'StorageFullError';
  }
}
