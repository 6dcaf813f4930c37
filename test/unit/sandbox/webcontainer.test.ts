import { describe, expect, it, vi } from 'vitest';
import type { OutputChunk } from '../../../src/sandbox/port';
import { SandboxError } from '../../../src/sandbox/port';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { errorCodeOf, filesToMountTree, WebContainerSandbox } from '../../../src/sandbox/webcontainer';
import { FakeWebContainer, type FakeWebContainerOptions } from '../../fixtures/fake-webcontainer';
import { codeOf } from './sandbox-error-code';

const ROOT = '/home/workspace';

async function setup(options: FakeWebContainerOptions = {}, files: Record<string, string> = {}) {
  const container = new FakeWebContainer(options);
  const sandbox = new WebContainerSandbox(container);
  await sandbox.mountFiles(files);
  return { container, sandbox };
}

describe('WebContainerSandbox exec', () => {
  it('runs through jsh -c and returns clean output and the exit code', async () => {
    const { container, sandbox } = await setup({}, { 'a.txt': 'alpha' });
    const result = await sandbox.exec('cat a.txt; echo; ls missing; exit_code() { return 5; }; exit_code');
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('alpha\nls: missing: No such file or directory\n');
    expect(result.stdout).not.toContain('\r');
    expect(result.stdout).not.toContain('PHASEGATE');
    expect(result).toMatchObject({ stderr: '', timedOut: false, aborted: false, cwd: ROOT });
    expect(container.spawnCalls[0]).toMatchObject({ command: 'jsh', args: ['-c', expect.any(String)] });
  });

  it('streams output chunk by chunk while the command runs', async () => {
    const { sandbox } = await setup({ chunkSize: 6, chunkDelayMs: 5 });
    const chunks: { chunk: OutputChunk; at: number }[] = [];
    const result = await sandbox.exec('echo first line; echo second line', {
      onOutput: (chunk) => chunks.push({ chunk, at: Date.now() }),
    });
    const finished = Date.now();
    expect(chunks.length).toBeGreaterThan(3);
    expect(finished - (chunks[0]?.at ?? finished)).toBeGreaterThan(50);
    expect(chunks.every(({ chunk }) => chunk.stream === 'stdout')).toBe(true);
    expect(chunks.map(({ chunk }) => chunk.data).join('')).toBe('first line\nsecond line\n');
    expect(result.stdout).toBe('first line\nsecond line\n');
  });

  it('hides the end marker even when it is cut into one-character chunks', async () => {
    const { sandbox } = await setup({ chunkSize: 1 });
    const chunks: string[] = [];
    const result = await sandbox.exec('printf "no newline"', { onOutput: (c) => chunks.push(c.data) });
    expect(chunks.join('')).toBe('no newline');
    expect(result).toMatchObject({ exitCode: 0, stdout: 'no newline' });
  });

  it('keeps cd and exported variables across commands', async () => {
    const { container, sandbox } = await setup();
    const first = await sandbox.exec('mkdir -p app && cd app && export MODE=dev');
    expect(first.cwd).toBe(`${ROOT}/app`);
    const second = await sandbox.exec('pwd; echo $MODE');
    expect(second.stdout).toBe(`${ROOT}/app\ndev\n`);
    expect(container.spawnCalls[1]?.options?.env).toMatchObject({ MODE: 'dev' });
    expect((await sandbox.exec('cd -')).cwd).toBe(ROOT);
  });

  it('does not move the shell for an explicit cwd, nor keep one-off env', async () => {
    const { sandbox } = await setup({}, { 'lib/x': '' });
    const result = await sandbox.exec('pwd; echo $ONCE; cd /', { cwd: `${ROOT}/lib`, env: { ONCE: 'yes' } });
    expect(result.stdout).toBe(`${ROOT}/lib\nyes\n`);
    expect(result.cwd).toBe(ROOT);
    expect((await sandbox.exec('pwd; echo "[$ONCE]"')).stdout).toBe(`${ROOT}\n[]\n`);
  });

  it('uses the process exit code when the command exits the shell', async () => {
    const { sandbox } = await setup();
    await sandbox.exec('mkdir d; cd d');
    const result = await sandbox.exec('cd /; exit 7');
    expect(result).toMatchObject({ exitCode: 7, cwd: `${ROOT}/d` });
  });

  it('kills a command on timeout (124) and on abort (130), keeping the cwd', async () => {
    const { container, sandbox } = await setup();
    await sandbox.exec('mkdir d; cd d');
    const timedOut = await sandbox.exec('cd /; sleep 100', { timeoutMs: 60 });
    expect(timedOut).toMatchObject({ exitCode: 124, timedOut: true, aborted: false, cwd: `${ROOT}/d` });
    expect(timedOut.stderr).toContain('timed out after 60 ms');
    expect(container.killCount).toBe(1);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 40);
    const started = Date.now();
    const aborted = await sandbox.exec('sleep 100', { signal: controller.signal });
    expect(aborted).toMatchObject({ exitCode: 130, aborted: true, timedOut: false });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(container.killCount).toBe(2);
    expect(container.runningCount).toBe(0);
    expect(await sandbox.cwd()).toBe(`${ROOT}/d`);
  });

  it('does not spawn for an already aborted signal', async () => {
    const { container, sandbox } = await setup();
    const result = await sandbox.exec('echo hi', { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ exitCode: 130, aborted: true });
    expect(container.spawnCalls).toHaveLength(0);
  });

  it('strips terminal colours from the result but streams them', async () => {
    const { sandbox } = await setup();
    const chunks: string[] = [];
    const result = await sandbox.exec(`printf '\\033[31mred\\033[0m\\n'`, { onOutput: (c) => chunks.push(c.data) });
    expect(result.stdout).toBe('red\n');
    expect(chunks.join('')).toBe('\x1b[31mred\x1b[0m\n');
  });

  it('kills running commands and tears down on dispose', async () => {
    const { container, sandbox } = await setup();
    const running = sandbox.exec('sleep 100');
    // Disposed while the command really runs, not before it started.
    await vi.waitFor(() => expect(container.runningCount).toBe(1));
    await sandbox.dispose();
    expect((await running).exitCode).not.toBe(0);
    expect(container.killCount).toBe(1);
    expect(container.tornDown).toBe(true);
  });
});

describe('WebContainerSandbox files', () => {
  it('maps absolute paths to the workdir and back', async () => {
    const { container, sandbox } = await setup({}, { 'src/a.txt': 'héllo' });
    expect(sandbox.workdir).toBe(ROOT);
    expect(await sandbox.readFile(`${ROOT}/src/a.txt`)).toBe('héllo');
    expect(await sandbox.stat(`${ROOT}/src/a.txt`)).toEqual({ type: 'file', size: 6 });
    expect(await sandbox.stat(`${ROOT}/src`)).toMatchObject({ type: 'dir' });
    expect(await sandbox.stat(ROOT)).toMatchObject({ type: 'dir' });
    expect(await sandbox.stat(`${ROOT}/none`)).toBeNull();
    await sandbox.writeFile(`${ROOT}/new/deep/b.txt`, 'b');
    expect(await container.bash.fs.readFile(`${ROOT}/new/deep/b.txt`)).toBe('b');
    expect(await sandbox.listDir(`${ROOT}/src`)).toEqual([{ name: 'a.txt', type: 'file' }]);
    await sandbox.mkdir(`${ROOT}/m/n`, { recursive: true });
    await sandbox.mkdir(`${ROOT}/m/n/o`);
    expect(await sandbox.exists(`${ROOT}/m/n/o`)).toBe(true);
    await sandbox.remove(`${ROOT}/m`, { recursive: true });
    expect(await sandbox.exists(`${ROOT}/m`)).toBe(false);
    await sandbox.remove(`${ROOT}/new/deep/b.txt`);
    expect(await sandbox.exists(`${ROOT}/new/deep/b.txt`)).toBe(false);
  });

  for (const errorStyle of ['node', 'message', 'opaque'] as const) {
    it(`throws SandboxError codes when fs errors look ${errorStyle}`, async () => {
      const { sandbox } = await setup({ errorStyle }, { 'a.txt': 'a', 'dir/x': '' });
      expect(await codeOf(sandbox.readFile(`${ROOT}/missing`))).toBe('ENOENT');
      expect(await codeOf(sandbox.readFile(`${ROOT}/dir`))).toBe('EISDIR');
      expect(await codeOf(sandbox.readFile(`${ROOT}/a.txt/x`))).toBe('ENOTDIR');
      expect(await codeOf(sandbox.listDir(`${ROOT}/a.txt`))).toBe('ENOTDIR');
      expect(await codeOf(sandbox.listDir(`${ROOT}/missing`))).toBe('ENOENT');
      expect(await codeOf(sandbox.writeFile(`${ROOT}/dir`, ''))).toBe('EISDIR');
      expect(await codeOf(sandbox.writeFile(`${ROOT}/a.txt/y`, ''))).toBe('ENOTDIR');
      expect(await codeOf(sandbox.mkdir(`${ROOT}/dir`))).toBe('EEXIST');
      expect(await codeOf(sandbox.mkdir(`${ROOT}/no/such`))).toBe('ENOENT');
      expect(await codeOf(sandbox.remove(`${ROOT}/missing`))).toBe('ENOENT');
      expect(await codeOf(sandbox.remove(`${ROOT}/dir`))).toBe('EISDIR');
      expect(await codeOf(sandbox.readFile('/etc/passwd'))).toBe('EINVAL');
    });
  }

  it("asks the container's Node.js for a real path only when a link is on the way", async () => {
    const { container, sandbox } = await setup({}, { 'src/a.txt': 'a' });
    expect((await sandbox.exec('ln -s src alias && ln -s /etc outside')).exitCode).toBe(0);
    const spawned = () => container.spawnCalls.filter((call) => call.command === 'node').length;
    expect(await sandbox.realpath(`${ROOT}/src/a.txt`)).toBe(`${ROOT}/src/a.txt`);
    expect(await sandbox.realpath(`${ROOT}/src/new/file.txt`)).toBe(`${ROOT}/src/new/file.txt`);
    expect(spawned()).toBe(0);
    expect(await sandbox.realpath(`${ROOT}/alias/a.txt`)).toBe(`${ROOT}/src/a.txt`);
    expect(await sandbox.realpath(`${ROOT}/outside/passwd`)).toBe('/etc/passwd');
    expect(spawned()).toBe(2);
    expect(await sandbox.stat(`${ROOT}/alias`)).toEqual({ type: 'dir', size: 0 });
    expect(await sandbox.listDir(ROOT)).toContainEqual({ name: 'alias', type: 'dir', symlink: true });
  });

  it('mounts the starter project and runs its tests with bash', async () => {
    const { sandbox } = await setup({}, STARTER_PROJECT);
    expect(await sandbox.readFile(`${ROOT}/tests/run.sh`)).toBe(STARTER_PROJECT['tests/run.sh']);
    const result = await sandbox.exec('bash tests/run.sh');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Test files: 1 passed, 0 failed');
  });
});

describe('WebContainer helpers', () => {
  it('builds a mount tree and refuses a path that is both file and directory', () => {
    expect(filesToMountTree({ 'a.txt': 'a', 'src/b/c.sh': 'c', '/src/d': 'd' })).toEqual({
      'a.txt': { file: { contents: 'a' } },
      src: { directory: { b: { directory: { 'c.sh': { file: { contents: 'c' } } } }, d: { file: { contents: 'd' } } } },
    });
    expect(() => filesToMountTree({ x: '1', 'x/y': '2' })).toThrow(SandboxError);
  });

  it('mounts a file or folder named "__proto__" as such, without touching any prototype', () => {
    // A workspace map built from entries holds "__proto__" as an own key.
    const files = Object.fromEntries([
      ['__proto__', 'top'],
      ['src/__proto__/inner.txt', 'inner'],
      ['src/a.txt', 'a'],
    ]) as Record<string, string>;
    const tree = filesToMountTree(files);
    expect(Object.getPrototypeOf(tree)).toBe(Object.prototype);
    expect(Object.keys(tree).sort()).toEqual(['__proto__', 'src']);
    expect(Object.getOwnPropertyDescriptor(tree, '__proto__')?.value).toEqual({ file: { contents: 'top' } });
    const src = tree.src;
    if (!src || !('directory' in src)) throw new Error('src is not a directory');
    expect(Object.keys(src.directory).sort()).toEqual(['__proto__', 'a.txt']);
    const nested = Object.getOwnPropertyDescriptor(src.directory, '__proto__')?.value as { directory: object } | undefined;
    expect(nested && Object.getOwnPropertyDescriptor(nested.directory, 'inner.txt')?.value).toEqual({ file: { contents: 'inner' } });
    expect(Object.getPrototypeOf(src.directory)).toBe(Object.prototype);
  });

  it('reads errno names from codes and messages', () => {
    expect(errorCodeOf(Object.assign(new Error('x'), { code: 'EEXIST' }))).toBe('EEXIST');
    expect(errorCodeOf(new Error("ENOENT: no such file or directory, open 'a'"))).toBe('ENOENT');
    expect(errorCodeOf(new Error('ENOTEMPTY: directory not empty'))).toBeNull();
    expect(errorCodeOf('weird')).toBeNull();
  });
});
