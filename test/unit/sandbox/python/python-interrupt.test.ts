import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPT_GRACE_MS } from '../../../../src/sandbox/python/python-runtime';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';
import { LOAD_TIMEOUT_MS, loadPython, sharedPython } from './python-runtime-helpers';

const { runtime } = sharedPython();
const sandbox = (files: Record<string, string> = {}) => new VirtualSandbox({ files, python: runtime });

beforeAll(() => loadPython(runtime), LOAD_TIMEOUT_MS);
afterAll(() => runtime.dispose());

/** How late a stopped command may end: the engine's turn to notice, Python's to raise KeyboardInterrupt. */
const SLACK_MS = 1000;
/** A mark in the interpreter itself (sys outlives runs): it survives exactly as long as the thread. */
const MARK = `python3 -c "import sys; sys.phasegate_test_mark = True"`;
const MARKED = `python3 -c "import sys; print(hasattr(sys, 'phasegate_test_mark'))"`;

describe('stopping Python', () => {
  it('ends a busy loop at the time limit, and the same Python runs the next command', async () => {
    const sb = sandbox({ 'spin.py': 'while True:\n    pass\n' });
    await sb.exec(MARK);
    const started = Date.now();
    const result = await sb.exec('python3 spin.py', { timeoutMs: 500 });
    expect(Date.now() - started).toBeLessThan(500 + SLACK_MS);
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(result.stderr).toContain('Command timed out after 500 ms');
    const next = await sb.exec(MARKED, { timeoutMs: 2000 });
    expect(next).toMatchObject({ exitCode: 0, stdout: 'True\n' });
  });

  it('ends a busy loop on Stop (abort)', async () => {
    const sb = sandbox();
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 300);
    const started = Date.now();
    const result = await sb.exec('python3 -c "while True: pass"', { signal: stop.signal });
    expect(Date.now() - started).toBeLessThan(300 + SLACK_MS);
    expect(result).toMatchObject({ exitCode: 130, aborted: true, stderr: expect.stringContaining('Command was aborted.') });
  });

  it('sends the workspace again after a stopped run, so Python forgets what it wrote then', async () => {
    const sb = sandbox({ 'state.txt': 'before' });
    const result = await sb.exec(`python3 -c "open('state.txt', 'w').write('during'); open('extra.txt', 'w').write('x')\nwhile True: pass"`, {
      timeoutMs: 300,
    });
    expect(result.timedOut).toBe(true);
    expect(await sb.readFile('/workspace/state.txt')).toBe('before');
    const seen = await sb.exec(`python3 -c "import os; print(open('state.txt').read(), os.path.exists('extra.txt'))"`);
    expect(seen.stdout).toBe('before False\n');
  });

  it(
    'ends the thread of a program that ignores KeyboardInterrupt, and loads a new one',
    async () => {
      const sb = sandbox({
        'stubborn.py': 'while True:\n    try:\n        while True:\n            pass\n    except KeyboardInterrupt:\n        pass\n',
      });
      await sb.exec(MARK);
      const started = Date.now();
      const result = await sb.exec('python3 stubborn.py', { timeoutMs: 300 });
      expect(Date.now() - started).toBeLessThan(300 + INTERRUPT_GRACE_MS + SLACK_MS);
      expect(result.timedOut).toBe(true);
      const next = await sb.exec(MARKED);
      expect(next).toMatchObject({ exitCode: 0, stdout: 'False\n' });
    },
    LOAD_TIMEOUT_MS,
  );
});
