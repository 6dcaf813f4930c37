import { gzipSync } from 'node:zlib';
import { loadPyodide } from 'pyodide';
import { describe, expect, it } from 'vitest';
import { cachedPyodideSnapshot, PYODIDE_INDEX_URL } from '../../../../src/cli/pyodide-snapshot-cache';
import { loadPyodideFast, type PyodideLoader, ungzipSnapshot } from '../../../../src/sandbox/python/pyodide-snapshot';
import type { PyodideLike } from '../../../../src/sandbox/python/python-engine';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';
import { LOAD_TIMEOUT_MS, sharedPython } from './python-runtime-helpers';

const realLoader: PyodideLoader = async (options) => (await loadPyodide({ indexURL: PYODIDE_INDEX_URL, ...options })) as unknown as PyodideLike;
const python = (pyodide: PyodideLike, code: string) => String(pyodide.runPython(code));

describe('the Pyodide memory snapshot', () => {
  it('passes plain bytes through and ungzips gzipped ones', async () => {
    const bytes = new TextEncoder().encode('the heap of an interpreter');
    expect(await ungzipSnapshot(bytes)).toEqual(bytes);
    expect(await ungzipSnapshot(new Uint8Array(gzipSync(bytes)))).toEqual(bytes);
  });

  it(
    'restores an interpreter that runs code, with the executable every start gives',
    async () => {
      const snapshot = cachedPyodideSnapshot().then(ungzipSnapshot);
      const restored = await loadPyodideFast(realLoader, snapshot);
      expect(restored.start).toBe('snapshot');
      expect(python(restored.pyodide, 'import sys, json; json.dumps([sys.executable, sum(range(10))])')).toBe('["/usr/bin/python3", 45]');
      // The cache now holds it: the same bytes again, not a second making (compared as one
      // Buffer: toEqual walks 6 MB element by element for a minute).
      const [first, second] = await Promise.all([cachedPyodideSnapshot(), cachedPyodideSnapshot()]);
      expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    },
    LOAD_TIMEOUT_MS,
  );

  it(
    'starts Python in full when the snapshot is damaged or missing',
    async () => {
      const whole = await ungzipSnapshot(await cachedPyodideSnapshot());
      const damaged = await loadPyodideFast(realLoader, Promise.resolve(whole.subarray(0, whole.length / 2)));
      expect(damaged.start).toBe('full');
      expect(python(damaged.pyodide, 'import sys; sys.executable')).toBe('/usr/bin/python3');
      const missing = await loadPyodideFast(realLoader, Promise.resolve(null));
      expect(missing.start).toBe('full');
      expect(python(missing.pyodide, '6 * 7')).toBe('42');
    },
    2 * LOAD_TIMEOUT_MS,
  );

  it(
    'gives each restored interpreter its own random numbers',
    async () => {
      const draw = async () => {
        const { runtime } = sharedPython();
        try {
          const result = await new VirtualSandbox({ python: runtime }).exec('python3 -c "import random; print(random.random())"');
          expect(result.exitCode).toBe(0);
          return result.stdout;
        } finally {
          runtime.dispose();
        }
      };
      expect(await draw()).not.toBe(await draw());
    },
    2 * LOAD_TIMEOUT_MS,
  );
});
