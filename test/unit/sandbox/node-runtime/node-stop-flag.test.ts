import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { SharedStopFlag } from '../../../../src/sandbox/stop-flag';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';

const TIME_LIMIT_MS = 20_000;
const RAISE_AFTER_MS = 300;

const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.terminate()));
});

function newFlag(): SharedStopFlag {
  const flag = SharedStopFlag.create();
  if (!flag) throw new Error('Node has SharedArrayBuffer');
  return flag;
}

/**
 * Raises the flag from another thread after `ms`: a timer on this thread could not fire while
 * QuickJS holds it, so only the shared memory can end the program.
 */
function raiseFromAnotherThread(flag: SharedStopFlag, ms: number): void {
  const source = `const { workerData } = require('node:worker_threads'); setTimeout(() => Atomics.store(workerData, 0, 1), ${ms});`;
  workers.push(new Worker(source, { eval: true, workerData: flag.cells }));
}

/** Runs `command` under a signal nobody aborts (as the engine's run does), and times it. */
async function timedExec(box: VirtualSandbox, command: string) {
  const started = Date.now();
  const result = await box.exec(command, { signal: new AbortController().signal, timeoutMs: TIME_LIMIT_MS });
  return { result, ms: Date.now() - started };
}

describe('virtual node: the page stop flag', () => {
  it.each([
    ['node -e', 'node -e "while (true) {}"', {}],
    ['node FILE', 'node spin.js', { 'spin.js': 'console.log("spinning");\nfor (;;) {}\n' }],
    ['node --test', 'node --test', { 'test/spin.test.js': "import { test } from 'node:test';\ntest('spins', () => { for (;;) {} });\n" }],
    ['the offline vitest runner', 'vitest run', { 'spin.test.js': "import { it } from 'vitest';\nit('spins', () => { for (;;) {} });\n" }],
  ])('interrupts a busy loop under %s when another thread raises it, long before the time limit', async (_name, command, files) => {
    const flag = newFlag();
    const box = new VirtualSandbox({ files, stopFlag: flag });
    raiseFromAnotherThread(flag, RAISE_AFTER_MS);
    const { result, ms } = await timedExec(box, command);
    expect(result).toMatchObject({ aborted: true, timedOut: false, exitCode: 130 });
    expect(result.stderr).toMatch(/Command was aborted\.\n$/);
    expect(ms).toBeGreaterThanOrEqual(RAISE_AFTER_MS - 50);
    expect(ms).toBeLessThan(5_000);
  });

  it('lets the next command run once the flag is lowered again', async () => {
    const flag = newFlag();
    const box = new VirtualSandbox({ stopFlag: flag });
    raiseFromAnotherThread(flag, RAISE_AFTER_MS);
    expect((await timedExec(box, 'node -e "while (true) {}"')).result.aborted).toBe(true);
    // Still raised: a command the stopped run would start is not run at all.
    expect((await timedExec(box, 'node -p 1')).result).toMatchObject({ aborted: true, stdout: '' });
    flag.lower();
    expect((await timedExec(box, 'node -p 1')).result).toMatchObject({ aborted: false, exitCode: 0, stdout: '1\n' });
  });

  it('leaves a command without a signal alone, as the page stop message would', async () => {
    const flag = newFlag();
    flag.raise();
    const box = new VirtualSandbox({ stopFlag: flag });
    expect(await box.exec('node -p 2', { timeoutMs: TIME_LIMIT_MS })).toMatchObject({ aborted: false, exitCode: 0, stdout: '2\n' });
  });

  it('refuses anything but an Int32Array on a SharedArrayBuffer from another thread', () => {
    expect(SharedStopFlag.of(newFlag().cells).isRaised()).toBe(false);
    expect(() => SharedStopFlag.of(new Int32Array(1))).toThrow(/SharedArrayBuffer/);
    expect(() => SharedStopFlag.of({ 0: 1 })).toThrow(/SharedArrayBuffer/);
  });
});
