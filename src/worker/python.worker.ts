/// <reference lib="webworker" />
import type { PyodideLike } from '../sandbox/python/python-engine';
import type { HostToPythonMessage } from '../sandbox/python/python-protocol';
import { servePython } from '../sandbox/python/python-thread';
import { PYODIDE_URL_PREFIX } from './pyodide-files';

/**
 * The Web Worker that holds Pyodide for the virtual sandbox, started by the engine worker on first
 * use. Pyodide is not bundled: its loader is imported from the files the app serves.
 */
declare const self: DedicatedWorkerGlobalScope;

type LoadPyodide = (options: { indexURL: string }) => Promise<unknown>;

async function load(): Promise<PyodideLike> {
  const indexURL = new URL(PYODIDE_URL_PREFIX, self.location.href).href;
  const loader = (await import(/* @vite-ignore */ `${indexURL}pyodide.mjs`)) as { loadPyodide: LoadPyodide };
  return (await loader.loadPyodide({ indexURL })) as PyodideLike;
}

servePython(
  {
    post: (message, transfer) => self.postMessage(message, transfer),
    onMessage: (handler) => self.addEventListener('message', (event: MessageEvent<HostToPythonMessage>) => handler(event.data)),
  },
  load,
);
