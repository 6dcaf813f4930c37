import type { PythonRuntime } from '../sandbox/python/python-runtime';

function startPythonWorker() {
  const worker = new Worker(new URL('./python.worker.ts', import.meta.url), { type: 'module', name: 'phasegate-python' });
  return {
    post: (message: Parameters<Worker['postMessage']>[0], transfer: ArrayBuffer[]) => worker.postMessage(message, transfer),
    onMessage: (handler: (message: unknown) => void) => worker.addEventListener('message', (event) => handler(event.data)),
    onError: (handler: (error: unknown) => void) =>
      worker.addEventListener('error', (event) => handler(new Error(event.message || 'the Python worker failed to start'))),
    terminate: () => worker.terminate(),
  };
}

/**
 * `python3` for the engine worker's virtual sandbox: Pyodide in a Web Worker of its own (a
 * chunk of its own too), so a busy Python never holds up the engine and Stop or the time limit
 * interrupts it. The runtime's code itself loads with the first run or `.py` file, so the
 * engine worker's first load does not grow.
 */
export function browserPythonRuntime(): PythonRuntime {
  let loaded: Promise<PythonRuntime> | null = null;
  const load = () => (loaded ??= import('../sandbox/python/python-runtime').then(({ ThreadedPythonRuntime }) => new ThreadedPythonRuntime(startPythonWorker)));
  return {
    preload: () => void load().then((runtime) => runtime.preload()),
    run: async (request, signal) => (await load()).run(request, signal),
    dispose: () => void loaded?.then((runtime) => runtime.dispose()),
  };
}
