import { describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

async function run(command: string) {
  const result = await new VirtualSandbox().exec(command);
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
}

describe('VirtualSandbox device files', () => {
  it('forgets what is written to /dev/null and reads it as empty', async () => {
    expect(await run('echo secret > /dev/null; echo more >> /dev/null; cat /dev/null; wc -c < /dev/null')).toEqual({
      stdout: '0\n',
      stderr: '',
      exitCode: 0,
    });
  });

  it('keeps /dev/null empty for commands that write to it as a file', async () => {
    expect((await run('echo secret | tee /dev/null > /dev/null; cat /dev/null')).stdout).toBe('');
  });

  it('sends writes to /dev/stdout, /dev/stderr and /dev/fd/1, /dev/fd/2 to the streams', async () => {
    expect(await run('echo out > /dev/stdout; echo err > /dev/stderr')).toEqual({ stdout: 'out\n', stderr: 'err\n', exitCode: 0 });
    expect(await run('echo out > /dev/fd/1; echo err > /dev/fd/2; echo more >> /dev/fd/2')).toEqual({
      stdout: 'out\n',
      stderr: 'err\nmore\n',
      exitCode: 0,
    });
  });

  it('reads stdin through /dev/stdin and /dev/fd/0', async () => {
    expect((await run('echo in | cat /dev/stdin')).stdout).toBe('in\n');
    expect((await run('echo in | cat /dev/fd/0')).stdout).toBe('in\n');
    expect((await run('echo in | cat < /dev/stdin')).stdout).toBe('in\n');
    expect((await run('printf "a\\nb\\n" | grep b /dev/stdin')).stdout).toBe('b\n');
    expect((await run('echo in | wc -l /dev/stdin')).stdout).toMatch(/^\s*1\b/);
  });
});
