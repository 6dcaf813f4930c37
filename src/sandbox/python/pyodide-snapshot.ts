import { SNAPSHOT_CONTENTS } from './interpreter-setup';
import type { PyodideLike } from './python-engine';

/**
 * Pyodide's start-up (CPython initialising and its first imports) is about 4 s of WebAssembly.
 * A memory snapshot taken right after it restores the same interpreter in about half a second.
 * The snapshot is made once, in Node, when the app is built (or on the CLI's first Python run)
 * and restored wherever Python runs: in the browser from the app's files, in Node from a cache.
 */

/** Bump when how a snapshot is made changes: its file name changes with it (as with what it holds). */
const SNAPSHOT_REVISION = 2;

/**
 * Every load gets these, from a snapshot or not, so both give the same interpreter. Without
 * them Python would keep what the maker saw: in Node, the path of the script that made it.
 */
export const PYODIDE_LOAD_OPTIONS = { _sysExecutable: '/usr/bin/python3', env: { _: '/usr/bin/python3' } } as const;

/** FNV-1a, 32 bits, as 8 hex digits: tells one snapshot's contents from another's, nothing more. */
function fnv1a(text: string, seed: number): string {
  let hash = seed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/**
 * The snapshot's file for a Pyodide version, gzipped: served next to Pyodide's own files, cached
 * under that name in Node. It names what went in (the driver, pytest, the options), so a
 * snapshot is never restored under code that differs from the one that made it.
 */
export function pyodideSnapshotFile(version: string): string {
  const contents = [String(SNAPSHOT_REVISION), JSON.stringify(PYODIDE_LOAD_OPTIONS), ...SNAPSHOT_CONTENTS].join('\0');
  return `snapshot-${version}-${fnv1a(contents, 0x811c9dc5)}${fnv1a(contents, 0x3bd3e1f1)}.bin.gz`;
}

/** `loadPyodide` bound to where its files are; the options are Pyodide's own. */
export type PyodideLoader = (options: Record<string, unknown>) => Promise<PyodideLike>;

export interface LoadedPyodide {
  pyodide: PyodideLike;
  /** How it started: restored from the snapshot, or CPython's own start-up (no snapshot, or it did not restore). */
  start: 'snapshot' | 'full';
}

/**
 * Restores Pyodide from its snapshot (what `snapshot` gives, ungzipped), or starts it in full
 * when there is none or it does not restore (a damaged or foreign file throws in Pyodide). The
 * snapshot goes to Pyodide as a promise, so its download overlaps Pyodide's own.
 */
export async function loadPyodideFast(load: PyodideLoader, snapshot: Promise<Uint8Array | null>): Promise<LoadedPyodide> {
  const bytes = snapshot.then((found) => found ?? Promise.reject(new Error('no snapshot')));
  bytes.catch(() => undefined); // Pyodide may fail before it awaits them.
  try {
    return { pyodide: await load({ ...PYODIDE_LOAD_OPTIONS, _loadSnapshot: bytes }), start: 'snapshot' };
  } catch {
    // Started in full below; the snapshot only ever saves time.
  }
  return { pyodide: await load({ ...PYODIDE_LOAD_OPTIONS }), start: 'full' };
}

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * A snapshot as fetched: gzipped, unless a host already undid that with Content-Encoding.
 * Uses DecompressionStream, which browsers and Node 18+ both have.
 */
export async function ungzipSnapshot(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) return bytes;
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
