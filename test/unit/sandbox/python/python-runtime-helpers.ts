import { nodePythonRuntime } from '../../../../src/cli/node-python';
import type { PythonRunRequest } from '../../../../src/sandbox/python/python-protocol';
import type { PythonRuntime } from '../../../../src/sandbox/python/python-runtime';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';

/** One Pyodide thread for a whole test file (it takes seconds to load), with the requests it was sent. */
export function sharedPython(): { runtime: PythonRuntime; requests: PythonRunRequest[] } {
  const inner = nodePythonRuntime();
  const requests: PythonRunRequest[] = [];
  const runtime: PythonRuntime = {
    preload: () => inner.preload(),
    run: (request, signal) => {
      requests.push(request);
      return inner.run(request, signal);
    },
    dispose: () => inner.dispose(),
  };
  return { runtime, requests };
}

/** Pyodide loads in about 2 s, far longer on a busy machine: the tests time only what follows. */
export const LOAD_TIMEOUT_MS = 120_000;

export async function loadPython(runtime: PythonRuntime): Promise<void> {
  const result = await new VirtualSandbox({ python: runtime }).exec('python3 -c pass');
  if (result.exitCode !== 0) throw new Error(`Python did not start: ${result.stderr}`);
}

/** The paths a request carried bytes for (the files sent to Python). */
export function sentPaths(request: PythonRunRequest | undefined): string[] {
  return (request?.files ?? []).filter((file) => file.data !== null).map((file) => file.path);
}
