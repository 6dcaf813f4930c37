import { describe, expect, it } from 'vitest';
import type { OutputChunk } from '../../../src/sandbox/port';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { codeOf } from './sandbox-error-code';

describe('VirtualSandbox shell state', () => {
  it('keeps cd and export from one command to the next', async () => {
    const sandbox = new VirtualSandbox();
    const first = await sandbox.exec('mkdir -p app/src && cd app/src && export GREETING=hi');
    expect(first.exitCode).toBe(0);
    expect(first.cwd).toBe('/workspace/app/src');
    const second = await sandbox.exec('pwd; echo "$GREETING"');
    expect(second.stdout).toBe('/workspace/app/src\nhi\n');
    expect(await sandbox.cwd()).toBe('/workspace/app/src');
  });

  it('forgets unset variables and remembers OLDPWD for cd -', async () => {
    const sandbox = new VirtualSandbox();
    await sandbox.exec('export A=1; mkdir d; cd d');
    await sandbox.exec('unset A');
    const result = await sandbox.exec('echo "[${A-unset}]"; cd -');
    expect(result.stdout).toBe('[unset]\n/workspace\n');
    expect(result.cwd).toBe('/workspace');
  });

  it('runs a command with an explicit cwd without moving the shell', async () => {
    const sandbox = new VirtualSandbox({ files: { 'lib/x.txt': 'x' } });
    const result = await sandbox.exec('pwd; ls; cd /', { cwd: '/workspace/lib' });
    expect(result.stdout).toBe('/workspace/lib\nx.txt\n');
    expect(result.cwd).toBe('/workspace');
    expect((await sandbox.exec('pwd')).stdout).toBe('/workspace\n');
  });

  it('reports a missing explicit cwd as a failed command', async () => {
    const sandbox = new VirtualSandbox();
    const result = await sandbox.exec('echo never', { cwd: '/workspace/nope' });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('/workspace/nope');
  });

  it('passes one-off env to a single command only', async () => {
    const sandbox = new VirtualSandbox();
    await sandbox.exec('export KEEP=old');
    const once = await sandbox.exec('echo "$ONCE $KEEP"', { env: { ONCE: 'now', KEEP: 'override' } });
    expect(once.stdout).toBe('now override\n');
    expect((await sandbox.exec('echo "[$ONCE] $KEEP"')).stdout).toBe('[] old\n');
  });

  it('sends stdout then stderr through onOutput', async () => {
    const sandbox = new VirtualSandbox();
    const chunks: OutputChunk[] = [];
    const result = await sandbox.exec('echo out; echo err >&2; exit 3', { onOutput: (c) => chunks.push(c) });
    expect(result.exitCode).toBe(3);
    expect(chunks).toEqual([
      { stream: 'stdout', data: 'out\n' },
      { stream: 'stderr', data: 'err\n' },
    ]);
  });

  it('keeps loop semantics intact', async () => {
    const sandbox = new VirtualSandbox();
    const result = await sandbox.exec(
      'n=0; while [ $n -lt 3 ]; do n=$((n+1)); done; until false; do echo "body=$?"; break; done; for i in a b; do printf %s $i; done; echo " n=$n"',
    );
    expect(result.stdout).toBe('body=1\nab n=3\n');
  });

  it('leaves traced scripts without yield probes', async () => {
    const sandbox = new VirtualSandbox();
    const result = await sandbox.exec('set -x; for i in 1; do echo $i; done');
    expect(result.stderr).toBe('+ echo 1\n');
  });
});

describe('VirtualSandbox timeouts and aborts', () => {
  it('times out a sleep with exit 124 and keeps the cwd it had', async () => {
    const sandbox = new VirtualSandbox();
    await sandbox.exec('mkdir sub; cd sub');
    const result = await sandbox.exec('cd /; sleep 100', { timeoutMs: 80 });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true, aborted: false, cwd: '/workspace/sub' });
    expect(result.durationMs).toBeLessThan(2000);
    expect(result.stderr).toContain('timed out after 80 ms');
    expect(await sandbox.cwd()).toBe('/workspace/sub');
  });

  it('times out a busy loop before just-bash hits its command limit', async () => {
    const sandbox = new VirtualSandbox();
    const result = await sandbox.exec('while true; do :; done', { timeoutMs: 50 });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(result.stderr).not.toContain('too many');
    expect(result.durationMs).toBeLessThan(1000);
  });

  it('aborts a busy loop and the loop really stops', async () => {
    const sandbox = new VirtualSandbox();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await sandbox.exec('while true; do echo x >> /workspace/log; done', { signal: controller.signal });
    expect(result).toMatchObject({ exitCode: 130, aborted: true, timedOut: false });
    const lines = async () => (await sandbox.readFile('/workspace/log')).length;
    const before = await lines();
    expect(before).toBeGreaterThan(0);
    // A later command runs to its end in the same sandbox: a loop still going would have written meanwhile.
    expect((await sandbox.exec('for i in $(seq 1 300); do echo $i > /workspace/tick; done; cat /workspace/tick')).stdout).toBe('300\n');
    expect(await lines()).toBe(before);
  });

  it('aborts a for loop and a sleep', async () => {
    const sandbox = new VirtualSandbox();
    const loop = new AbortController();
    setTimeout(() => loop.abort(), 50);
    const forLoop = await sandbox.exec('for i in $(seq 1 90000); do :; done', { signal: loop.signal });
    expect(forLoop).toMatchObject({ exitCode: 130, aborted: true });

    const sleep = new AbortController();
    setTimeout(() => sleep.abort(), 50);
    const started = Date.now();
    const result = await sandbox.exec('sleep 100', { signal: sleep.signal });
    expect(result).toMatchObject({ exitCode: 130, aborted: true });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('does not run a command whose signal is already aborted', async () => {
    const sandbox = new VirtualSandbox();
    const result = await sandbox.exec('echo hi > /workspace/ran', { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ exitCode: 130, aborted: true });
    expect(await sandbox.exists('/workspace/ran')).toBe(false);
  });

  it('keeps env and cwd changes of an aborted command out of the shell', async () => {
    const sandbox = new VirtualSandbox();
    await sandbox.exec('export MODE=before');
    await sandbox.exec('export MODE=after; cd /; sleep 100', { timeoutMs: 30 });
    expect((await sandbox.exec('echo $MODE; pwd')).stdout).toBe('before\n/workspace\n');
  });
});

describe('VirtualSandbox files', () => {
  it('reads, writes, lists and removes', async () => {
    const sandbox = new VirtualSandbox({ files: { 'a.txt': 'alpha' } });
    await sandbox.writeFile('/workspace/deep/new/b.txt', 'héllo');
    expect(await sandbox.readFile('/workspace/deep/new/b.txt')).toBe('héllo');
    expect(await sandbox.stat('/workspace/deep/new/b.txt')).toEqual({ type: 'file', size: 6 });
    expect(await sandbox.stat('/workspace/deep')).toMatchObject({ type: 'dir' });
    expect(await sandbox.stat('/workspace/none')).toBeNull();
    expect(await sandbox.listDir('/workspace')).toEqual([
      { name: 'a.txt', type: 'file', size: 5 },
      { name: 'deep', type: 'dir' },
    ]);
    await sandbox.remove('/workspace/deep', { recursive: true });
    expect(await sandbox.exists('/workspace/deep')).toBe(false);
    expect((await sandbox.exec('cat a.txt')).stdout).toBe('alpha');
  });

  it('throws SandboxError with POSIX codes', async () => {
    const sandbox = new VirtualSandbox({ files: { 'a.txt': 'alpha', 'dir/x': '' } });
    expect(await codeOf(sandbox.readFile('/workspace/missing'))).toBe('ENOENT');
    expect(await codeOf(sandbox.readFile('/workspace/dir'))).toBe('EISDIR');
    expect(await codeOf(sandbox.readFile('/workspace/a.txt/inner'))).toBe('ENOTDIR');
    expect(await codeOf(sandbox.listDir('/workspace/a.txt'))).toBe('ENOTDIR');
    expect(await codeOf(sandbox.listDir('/workspace/missing'))).toBe('ENOENT');
    expect(await codeOf(sandbox.writeFile('/workspace/dir', 'x'))).toBe('EISDIR');
    expect(await codeOf(sandbox.writeFile('/workspace/a.txt/x', 'x'))).toBe('ENOTDIR');
    expect(await codeOf(sandbox.mkdir('/workspace/dir'))).toBe('EEXIST');
    expect(await codeOf(sandbox.mkdir('/workspace/a.txt', { recursive: true }))).toBe('EEXIST');
    expect(await codeOf(sandbox.mkdir('/workspace/no/such'))).toBe('ENOENT');
    expect(await codeOf(sandbox.remove('/workspace/missing'))).toBe('ENOENT');
    expect(await codeOf(sandbox.remove('/workspace/dir'))).toBe('EISDIR');
    expect(await codeOf(sandbox.readFile('relative.txt'))).toBe('EINVAL');
    await sandbox.mkdir('/workspace/dir', { recursive: true });
    await sandbox.mkdir('/workspace/dir/sub');
    expect(await sandbox.stat('/workspace/dir/sub')).toMatchObject({ type: 'dir' });
  });

  it('runs the starter project tests with npm test', async () => {
    const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
    const result = await sandbox.exec('npm test');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Test files: 1 passed, 0 failed');
  });
});
