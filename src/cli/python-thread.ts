import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { loadPyodide } from 'pyodide';
import type { PyodideLike } from '../sandbox/python/python-engine';
import type { HostToPythonMessage } from '../sandbox/python/python-protocol';
import { servePython } from '../sandbox/python/python-thread';

/** The worker_threads entry that holds Pyodide for the CLI (and the tests), loaded from node_modules. */
const port = parentPort;
if (!port) throw new Error('python-thread.ts runs as a worker thread');
const indexURL = `${dirname(createRequire(import.meta.url).resolve('pyodide/package.json'))}/`;

servePython(
  {
    post: (message, transfer) => port.postMessage(message, transfer),
    onMessage: (handler) => port.on('message', (message: HostToPythonMessage) => handler(message)),
  },
  async () => (await loadPyodide({ indexURL })) as unknown as PyodideLike,
);
