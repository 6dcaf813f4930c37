import { promisify } from 'node:util';
import { parentPort } from 'node:worker_threads';
import { gunzip } from 'node:zlib';
import { loadPyodide } from 'pyodide';
import { loadPyodideFast } from '../sandbox/python/pyodide-snapshot';
import type { PyodideLike } from '../sandbox/python/python-engine';
import type { HostToPythonMessage } from '../sandbox/python/python-protocol';
import { servePython } from '../sandbox/python/python-thread';
import { cachedPyodideSnapshot, PYODIDE_INDEX_URL } from './pyodide-snapshot-cache';

/**
 * The worker_threads entry that holds Pyodide for the CLI (and the tests), loaded from
 * node_modules and restored from the snapshot cached beside it (made on the first run).
 */
const port = parentPort;
if (!port) throw new Error('python-thread.ts runs as a worker thread');

servePython(
  {
    post: (message, transfer) => port.postMessage(message, transfer),
    onMessage: (handler) => port.on('message', (message: HostToPythonMessage) => handler(message)),
  },
  async () => {
    const loaded = await loadPyodideFast(
      async (options) => (await loadPyodide({ indexURL: PYODIDE_INDEX_URL, ...options })) as unknown as PyodideLike,
      cachedPyodideSnapshot().then(async (gzipped) => new Uint8Array(await promisify(gunzip)(gzipped))),
    );
    return loaded.pyodide;
  },
);
