import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { SharedStopFlag } from '../../../src/sandbox/stop-flag';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { PageStop } from '../../../src/worker/page-stop';

let thread: Worker | null = null;
afterEach(async () => {
  await thread?.terminate();
  thread = null;
});

function pageFlag(): SharedStopFlag {
  const flag = SharedStopFlag.create();
  if (!flag) throw new Error('Node has SharedArrayBuffer');
  return flag;
}

describe('PageStop: the page stop flag in the engine worker', () => {
  it('aborts a busy node command and stops the run once', async () => {
    const flag = pageFlag();
    const runStops: number[] = [];
    const pageStop = new PageStop(() => runStops.push(Date.now()));
    // As it crosses from the page: the cells themselves, shared.
    pageStop.share(flag.cells);
    const box = new VirtualSandbox({ stopFlag: pageStop });
    // The page's side, on another thread: this one is held by QuickJS until the flag is seen.
    thread = new Worker(`const { workerData } = require('node:worker_threads'); setTimeout(() => Atomics.store(workerData, 0, 1), 200);`, {
      eval: true,
      workerData: flag.cells,
    });
    const started = Date.now();
    const result = await box.exec('node -e "for (;;) {}"', { signal: new AbortController().signal, timeoutMs: 20_000 });
    expect(result).toMatchObject({ aborted: true, exitCode: 130 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(runStops).toHaveLength(1);
  });

  it('stops the run after the asking code has returned (QuickJS unwound), once however often it is asked', async () => {
    const stops: string[] = [];
    const pageStop = new PageStop(() => stops.push('stop'));
    const flag = pageFlag();
    pageStop.share(flag.cells);
    flag.raise();
    expect([pageStop.isRaised(), pageStop.isRaised()]).toEqual([true, true]);
    expect(stops).toEqual([]);
    await Promise.resolve();
    expect(stops).toEqual(['stop']);
  });

  it('is lowered by lower() (stop handled, a new run) and never raised without a flag from the page', () => {
    const stops: string[] = [];
    const pageStop = new PageStop(() => stops.push('stop'));
    expect(pageStop.isRaised()).toBe(false);
    const flag = pageFlag();
    pageStop.share(flag.cells);
    flag.raise();
    expect(pageStop.isRaised()).toBe(true);
    pageStop.lower();
    expect(pageStop.isRaised()).toBe(false);
    expect(flag.isRaised()).toBe(false);
  });

  it('refuses a flag that is not shared memory', () => {
    expect(() => new PageStop(() => undefined).share(new Int32Array(1))).toThrow(/SharedArrayBuffer/);
  });
});
