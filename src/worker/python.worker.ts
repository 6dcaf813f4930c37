/// <reference lib="webworker" />
import { loadPyodideFast, type PyodideLoader, ungzipSnapshot } from '../sandbox/python/pyodide-snapshot';
import type { PyodideLike } from '../sandbox/python/python-engine';
import type { HostToPythonMessage } from '../sandbox/python/python-protocol';
import { servePython } from '../sandbox/python/python-thread';
import { PYODIDE_SNAPSHOT_FILE, PYODIDE_URL_PREFIX } from './pyodide-files';

/**
 * The Web Worker that holds Pyodide for the virtual sandbox, started by the engine worker on first
 * use. Pyodide is not bundled: its loader is imported from the files the app serves, and the
 * interpreter is restored from the snapshot served beside them (made when the app was built).
 */
declare const self: DedicatedWorkerGlobalScope;

interface PyodideModule {
  loadPyodide(options: Record<string, unknown>): Promise<unknown>;
}

async function fetchSnapshot(url: string): Promise<Uint8Array | null> {
  const response = await fetch(url);
  return response.ok ? ungzipSnapshot(new Uint8Array(await response.arrayBuffer())) : null;
}

async function load(): Promise<PyodideLike> {
  const indexURL = new URL(PYODIDE_URL_PREFIX, self.location.href).href;
  const snapshot = fetchSnapshot(`${indexURL}${PYODIDE_SNAPSHOT_FILE}`).catch(() => null);
  const pyodide = (await import(/* @vite-ignore */ `${indexURL}pyodide.mjs`)) as PyodideModule;
  const loader: PyodideLoader = async (options) => (await pyodide.loadPyodide({ indexURL, ...options })) as PyodideLike;
  return (await loadPyodideFast(loader, snapshot)).pyodide;
}

servePython(
  {
    post: (message, transfer) => self.postMessage(message, transfer),
    onMessage: (handler) => self.addEventListener('message', (event: MessageEvent<HostToPythonMessage>) => handler(event.data)),
  },
  load,
);
