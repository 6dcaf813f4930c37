import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type PythonRuntime, ThreadedPythonRuntime } from '../sandbox/python/python-runtime';

/**
 * `python3` for the CLI's virtual sandbox: Pyodide in a worker thread (started on first use),
 * so a busy Python never blocks the engine and Stop or a time limit interrupts it.
 * The thread's entry is TypeScript, run through tsx as the CLI itself is.
 */
/** Registers tsx in the thread (hooks are per thread), then loads the TypeScript entry. */
const THREAD_BOOT = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.entry); });
`;

/** Both resolved here: an eval'd thread would resolve bare names from the process's cwd. */
function threadData(): { tsx: string; entry: string } {
  const tsxApi = createRequire(import.meta.url).resolve('tsx/esm/api');
  return { tsx: pathToFileURL(tsxApi.replace(/\.cjs$/, '.mjs')).href, entry: new URL('./python-thread.ts', import.meta.url).href };
}

export function nodePythonRuntime(): PythonRuntime {
  return new ThreadedPythonRuntime(() => {
    const worker = new Worker(THREAD_BOOT, { eval: true, workerData: threadData() });
    return {
      post: (message, transfer) => worker.postMessage(message, transfer),
      onMessage: (handler) => {
        worker.on('message', handler);
        // The thread never keeps the process alive: the CLI ends when its run does. (After the
        // listener, which would take the reference again.)
        worker.unref();
      },
      onError: (handler) => {
        worker.on('error', handler);
        worker.on('exit', (code) => handler(new Error(`exited with code ${code}`)));
      },
      terminate: () => void worker.terminate(),
    };
  });
}
