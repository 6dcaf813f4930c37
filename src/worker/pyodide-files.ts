import { version as PYODIDE_VERSION } from 'pyodide/package.json';
import { pyodideSnapshotFile } from '../sandbox/python/pyodide-snapshot';

/**
 * Where the app serves Pyodide's runtime (copied from node_modules/pyodide into the build by
 * vite.config.ts, streamed from there in dev): never from a CDN, and fetched only when the
 * virtual sandbox first runs python3 or finds a .py file.
 */
export const PYODIDE_URL_PREFIX = '/pyodide/';

/** The files a standard-library-only Pyodide loads (the lock file lists no wheels we ship). */
export const PYODIDE_FILES = ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'] as const;

/** The memory snapshot of this Pyodide after its start-up, made by vite.config.ts and served beside its files. */
export const PYODIDE_SNAPSHOT_FILE = pyodideSnapshotFile(PYODIDE_VERSION);
