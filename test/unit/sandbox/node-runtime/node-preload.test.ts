import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Each test gets fresh modules: what is loaded is module state. */
async function freshModules() {
  vi.resetModules();
  const preload = await import('../../../../src/sandbox/node-runtime/node-preload');
  const quickjs = await import('../../../../src/sandbox/node-runtime/quickjs-loader');
  const stripper = await import('../../../../src/sandbox/node-runtime/strip-types');
  const { VirtualSandbox } = await import('../../../../src/sandbox/virtual');
  return { ...preload, ...quickjs, ...stripper, VirtualSandbox };
}

/** Whether a promise has settled already: its callback runs within a few microtasks, a real load takes milliseconds. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return settled;
}

beforeEach(() => {
  vi.resetModules();
});

describe('readying node in the background', () => {
  it('tells JavaScript and TypeScript sources from the rest', async () => {
    const { isNodeProjectFile } = await freshModules();
    for (const path of ['/w/index.js', '/w/a.mjs', '/w/b.cjs', '/w/src/c.ts', '/w/d.mts', '/w/e.cts']) expect(isNodeProjectFile(path)).toBe(true);
    for (const path of ['/w/package.json', '/w/types.d.ts', '/w/node_modules/x/index.js', '/w/run.sh', '/w/main.py', '/w/README.md'])
      expect(isNodeProjectFile(path)).toBe(false);
  });

  it('loads QuickJS, and the type stripper for TypeScript, before any program asks', async () => {
    const { preloadNode, loadQuickJS, loadTypeStripper } = await freshModules();
    await preloadNode(['/w/src/words.ts']);
    expect(await isSettled(loadQuickJS())).toBe(true);
    expect(await isSettled(loadTypeStripper())).toBe(true);
  });

  it('leaves the type stripper alone for plain JavaScript', async () => {
    const { preloadNode, loadQuickJS, loadTypeStripper } = await freshModules();
    await preloadNode(['/w/index.js']);
    expect(await isSettled(loadQuickJS())).toBe(true);
    expect(await isSettled(loadTypeStripper())).toBe(false);
  });

  it('is what a sandbox asked to do it does for a JavaScript workspace, and only then', async () => {
    const shell = await freshModules();
    new shell.VirtualSandbox({ files: { 'package.json': '{}', 'run.sh': 'echo hi\n' }, preloadNode: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await isSettled(shell.loadQuickJS())).toBe(false);

    const unasked = await freshModules();
    new unasked.VirtualSandbox({ files: { 'index.js': 'console.log(1)\n' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await isSettled(unasked.loadQuickJS())).toBe(false);

    const asked = await freshModules();
    const sandbox = new asked.VirtualSandbox({ files: { 'README.md': '# x\n' }, preloadNode: true });
    await sandbox.writeFile('/workspace/index.js', 'console.log(1)\n');
    await asked.preloadNode([]); // the same warm-up the write started: settles when it is done
    expect(await isSettled(asked.loadQuickJS())).toBe(true);
    const result = await sandbox.exec('node index.js');
    expect(result).toMatchObject({ exitCode: 0, stdout: '1\n' });
  });
});
