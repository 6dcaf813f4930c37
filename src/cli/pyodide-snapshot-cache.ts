import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { loadPyodide, version } from 'pyodide';
import { prepareForSnapshot } from '../sandbox/python/interpreter-setup';
import { PYODIDE_LOAD_OPTIONS, pyodideSnapshotFile } from '../sandbox/python/pyodide-snapshot';
import type { PyodideLike } from '../sandbox/python/python-engine';

/** Where Pyodide's files are in node_modules (with a trailing slash, as loadPyodide wants it). */
export const PYODIDE_INDEX_URL = `${dirname(createRequire(import.meta.url).resolve('pyodide/package.json'))}/`;

/** node_modules/.cache/phasegate/, next to the installed Pyodide: a clean install starts without it. */
const CACHE_DIR = join(PYODIDE_INDEX_URL, '..', '.cache', 'phasegate');

export const PYODIDE_SNAPSHOT_FILE = pyodideSnapshotFile(version);

/** Starts Pyodide in full (about 4 s), readies it and takes its memory snapshot, gzipped (31 MB to about 6). */
async function makeSnapshot(): Promise<Uint8Array> {
  const pyodide = await loadPyodide({ indexURL: PYODIDE_INDEX_URL, ...PYODIDE_LOAD_OPTIONS, env: { ...PYODIDE_LOAD_OPTIONS.env }, _makeSnapshot: true });
  prepareForSnapshot(pyodide as unknown as PyodideLike);
  return new Uint8Array(await promisify(gzip)(pyodide.makeMemorySnapshot()));
}

/**
 * The gzipped snapshot of this Pyodide: read from the cache, or made and written there first
 * (through a temporary name, so a reader never sees half a file when two processes make it at
 * once). A cache that cannot be written only costs the next run the making again.
 */
export async function cachedPyodideSnapshot(): Promise<Uint8Array> {
  const path = join(CACHE_DIR, PYODIDE_SNAPSHOT_FILE);
  try {
    return new Uint8Array(await readFile(path));
  } catch {
    // Not made yet.
  }
  const bytes = await makeSnapshot();
  try {
    await mkdir(CACHE_DIR, { recursive: true });
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch {
    // Read-only install: made again next time.
  }
  return bytes;
}
