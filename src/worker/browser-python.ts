import { type PythonRuntime, ThreadedPythonRuntime } from '../sandbox/python/python-runtime';

/**
 * `python3` for the engine worker's virtual sandbox: Pyodide in a Web Worker of its own (a
 * chunk of its own too, loaded when the first run or `.py` file asks for it), so a busy Python
 * never holds up the engine and Stop or the time limit interrupts it.
 */
export function browserPythonRuntime(): PythonRuntime {
  return new ThreadedPythonRuntime(() => {
    const worker = new Worker(new URL('./python.worker.ts', import.meta.url), { type: 'module', name: 'phasegate-python' });
    return {
      post: (message, transfer) => worker.postMessage(message, transfer),
      onMessage: (handler) => worker.addEventListener('message', (event) => handler(event.data)),
      onError: (handler) => worker.addEventListener('error', (event) => handler(new Error(event.message || 'the Python worker failed to start'))),
      terminate: () => worker.terminate(),
    };
  });
}
