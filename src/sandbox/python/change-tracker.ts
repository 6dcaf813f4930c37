/**
 * Remembers each file's mtime and size as last synced, so a sync reads and sends only
 * files that changed. A write in the same millisecond as the record keeps the mtime:
 * for a file recorded that fresh, a hash of its bytes decides instead.
 */
const FRESH_MS = 2;

interface Entry {
  mtimeMs: number;
  size: number;
  /** The bytes' hash, when they were at hand. */
  hash: number | undefined;
  /** Recorded within FRESH_MS of its mtime: an equal mtime proves nothing. */
  fresh: boolean;
}

/** What mtime and size say: `compare` means only the bytes can tell (see `sameBytes`). */
export type ChangeVerdict = 'unchanged' | 'changed' | 'compare';

/** FNV-1a, 32 bits: enough to tell two versions of one file apart. */
export function hashBytes(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    hash ^= bytes[i] as number;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class ChangeTracker {
  private readonly entries = new Map<string, Entry>();

  record(path: string, mtimeMs: number, size: number, bytes?: Uint8Array): void {
    this.entries.set(path, { mtimeMs, size, fresh: Date.now() - mtimeMs < FRESH_MS, hash: bytes ? hashBytes(bytes) : undefined });
  }

  verdict(path: string, mtimeMs: number, size: number): ChangeVerdict {
    const entry = this.entries.get(path);
    if (!entry || entry.size !== size) return 'changed';
    if (entry.mtimeMs === mtimeMs && !entry.fresh) return 'unchanged';
    return entry.hash === undefined ? 'changed' : 'compare';
  }

  /** For a `compare` verdict: whether the bytes are the ones recorded (then their mtime is recorded too). */
  sameBytes(path: string, mtimeMs: number, bytes: Uint8Array): boolean {
    const entry = this.entries.get(path);
    if (entry?.hash !== hashBytes(bytes)) return false;
    this.record(path, mtimeMs, bytes.length, bytes);
    return true;
  }

  has(path: string): boolean {
    return this.entries.has(path);
  }

  forget(path: string): void {
    this.entries.delete(path);
  }

  paths(): string[] {
    return [...this.entries.keys()];
  }

  clear(): void {
    this.entries.clear();
  }
}
