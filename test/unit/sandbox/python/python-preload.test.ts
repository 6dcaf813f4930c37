import { describe, expect, it } from 'vitest';
import type { PythonRuntime } from '../../../../src/sandbox/python/python-runtime';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';

function countingRuntime(): PythonRuntime & { preloads: number } {
  const runtime = {
    preloads: 0,
    preload: () => void runtime.preloads++,
    run: async () => ({ kind: 'failed' as const, message: 'not in this test' }),
    dispose: () => undefined,
  };
  return runtime;
}

describe('loading Python before it is asked for', () => {
  it('starts when the initial files hold Python, and not otherwise', () => {
    const withPython = countingRuntime();
    new VirtualSandbox({ files: { 'src/app.py': 'print(1)\n' }, python: withPython });
    expect(withPython.preloads).toBe(1);
    const without = countingRuntime();
    new VirtualSandbox({ files: { 'README.md': '# hi\n' }, python: without });
    expect(without.preloads).toBe(0);
  });

  it('starts when a .py file is written into the workspace', async () => {
    const runtime = countingRuntime();
    const sandbox = new VirtualSandbox({ files: { 'README.md': '# hi\n' }, python: runtime });
    await sandbox.writeFile('/workspace/notes.txt', 'x');
    expect(runtime.preloads).toBe(0);
    await sandbox.writeFile('/workspace/tests/test_app.py', 'def test_x():\n    pass\n');
    expect(runtime.preloads).toBe(1);
  });
});
