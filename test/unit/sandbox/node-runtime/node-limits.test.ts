import { describe, expect, it } from 'vitest';
import { loadQuickJS } from '../../../../src/sandbox/node-runtime/quickjs-loader';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';

describe('virtual node: limits', () => {
  it('interrupts a busy loop at the time limit', async () => {
    const box = new VirtualSandbox({ files: { 'spin.js': 'console.log("start");\nwhile (true) {}' } });
    const started = Date.now();
    const result = await box.exec('node spin.js', { timeoutMs: 300 });
    expect(result.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
    // The sandbox still works afterwards.
    expect(await box.exec('node -p 1')).toMatchObject({ exitCode: 0, stdout: '1\n' });
  });

  it('stops a program waiting for its timer when the command is stopped, before the busy loop starts', async () => {
    const box = new VirtualSandbox({ files: { 'spin.js': 'setTimeout(() => { for (;;) {} }, 50);' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const started = Date.now();
    const result = await box.exec('node spin.js', { signal: controller.signal, timeoutMs: 20_000 });
    expect(result.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('turns runaway allocation into a clear error at the memory limit', async () => {
    const box = new VirtualSandbox({ files: { 'grow.js': 'const keep = []; for (;;) keep.push(new ArrayBuffer(16 * 1024 * 1024));' } });
    const result = await box.exec('node grow.js', { timeoutMs: 20_000 });
    expect(result.exitCode).toBe(134);
    expect(result.stderr).toBe('node: JavaScript heap out of memory (the virtual sandbox allows 256 MiB)\n');
    // The module that grew to the limit is not kept: the next run starts from a small one.
    expect((await loadQuickJS()).getWasmMemory().buffer.byteLength).toBeLessThan(64 * 1024 * 1024);
    expect(await box.exec('node -p 2')).toMatchObject({ exitCode: 0, stdout: '2\n' });
  });
});
