import { messageOf } from '../../protocol/error-message';
import { OutOfStepError, type PyodideLike, PythonEngine } from './python-engine';
import type { HostToPythonMessage, PythonToHostMessage } from './python-protocol';

/** How the thread that holds Pyodide talks to the sandbox: a Web Worker's or a worker_threads port. */
export interface PythonThreadPort {
  post(message: PythonToHostMessage, transfer: ArrayBuffer[]): void;
  onMessage(handler: (message: HostToPythonMessage) => void): void;
}

/**
 * The body of the Python thread, the same in the browser and in Node: loads Pyodide (with
 * `load`, which knows where its files are), then answers run requests one at a time.
 * Each run blocks this thread, never the engine's.
 */
export function servePython(port: PythonThreadPort, load: () => Promise<PyodideLike>): void {
  let interrupt: Int32Array | null = null;
  const loading = load();
  let engine: Promise<PythonEngine> | null = null;
  const ready = () => (engine ??= loading.then((pyodide) => new PythonEngine(pyodide, interrupt)));

  port.onMessage((message) => {
    if (message.type === 'start') {
      interrupt = message.interrupt ? new Int32Array(message.interrupt) : null;
      void ready().then(
        (loaded) => port.post({ type: 'ready', version: loaded.version }, []),
        (error: unknown) => port.post({ type: 'load-failed', message: messageOf(error) }, []),
      );
      return;
    }
    void ready().then((loaded) => {
      try {
        const reply = loaded.execute(message.request);
        const transfer = [reply.stdout, reply.stderr, ...reply.writes.map((write) => write.data)].map((bytes) => bytes.buffer as ArrayBuffer);
        port.post({ type: 'done', id: message.id, reply }, transfer);
      } catch (error) {
        const type = error instanceof OutOfStepError ? 'out-of-step' : 'failed';
        port.post({ type, id: message.id, message: messageOf(error) }, []);
      }
    });
  });
}
