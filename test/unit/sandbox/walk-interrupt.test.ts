import { describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

/**
 * 6,000 files in 600 folders: just-bash lists a folder by scanning every path it holds, so a
 * walk over this takes from a fraction of a second to seconds, all of it inside one command that never reaches the
 * interpreter's own checks.
 */
function wideTree(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let a = 0; a < 30; a++) for (let b = 0; b < 20; b++) for (let c = 0; c < 10; c++) files[`a${a}/b${b}/f${c}.txt`] = 'needle\n';
  return files;
}

describe("just-bash's own walks yield to the time limit and to Stop", () => {
  it('a find past its time limit ends near the limit', async () => {
    const sandbox = new VirtualSandbox({ files: wideTree() });
    // How long the whole walk takes here decides the limit: a quarter of it, so the walk is cut on any machine.
    const calibrated = Date.now();
    expect((await sandbox.exec('find . -name "*.txt" | wc -l')).stdout.trim()).toBe('6000');
    const whole = Date.now() - calibrated;
    expect(whole).toBeGreaterThan(100);
    const limit = Math.floor(whole / 4);
    const started = Date.now();
    const result = await sandbox.exec('find . -name "*.txt" | wc -l', { timeoutMs: limit });
    const elapsed = Date.now() - started;
    expect(result.timedOut).toBe(true);
    expect(elapsed).toBeLessThan(limit + 1000);
    expect(result.stderr.split('\n').length).toBeLessThan(5);
  });

  it.each(['find .', 'grep -r needle .', 'ls -R'])('Stop ends `%s` within a second', async (command) => {
    const sandbox = new VirtualSandbox({ files: wideTree() });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const result = await sandbox.exec(command, { signal: controller.signal });
    expect(result.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(1300);
  });

  it('a walk that finishes in time is untouched, and the next command runs normally', async () => {
    const sandbox = new VirtualSandbox({ files: { 'a/b.txt': 'needle\n' } });
    const controller = new AbortController();
    expect((await sandbox.exec('find . -type f', { signal: controller.signal, timeoutMs: 5000 })).stdout).toBe('./a/b.txt\n');
    controller.abort();
    expect((await sandbox.exec('grep -r needle .')).stdout).toBe('a/b.txt:needle\n');
  });
});
