import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutputChunk, Sandbox } from '../../../src/sandbox/port';
import { exposeSandbox, RemoteSandbox, type SandboxHost } from '../../../src/sandbox/remote';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { WebContainerSandbox } from '../../../src/sandbox/webcontainer';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';
import { codeOf } from './sandbox-error-code';

const openPorts: MessagePort[] = [];

afterEach(() => {
  for (const port of openPorts.splice(0)) port.close();
});

/** The page side exposes the sandbox on one end of a real MessageChannel; the worker side wraps the other. */
async function bridge(sandbox: Sandbox = new VirtualSandbox({ files: { 'a.txt': 'alpha', 'dir/x': '' } })) {
  const { port1, port2 } = new MessageChannel();
  openPorts.push(port1, port2);
  Comlink.expose(exposeSandbox(sandbox), port1);
  const remote = await RemoteSandbox.connect(Comlink.wrap<SandboxHost>(port2));
  return { sandbox, remote };
}

describe('RemoteSandbox over comlink', () => {
  it('describes the sandbox on the other side', async () => {
    const { remote } = await bridge();
    expect(remote.info).toEqual({ kind: 'virtual', label: 'Virtual sandbox', reason: 'works offline, no setup needed', runtimes: ['node'] });
    expect(remote.workdir).toBe('/workspace');
  });

  it('forwards file operations', async () => {
    const { sandbox, remote } = await bridge();
    await remote.writeFile('/workspace/new/b.txt', 'bravo');
    expect(await sandbox.readFile('/workspace/new/b.txt')).toBe('bravo');
    expect(await remote.readFile('/workspace/a.txt')).toBe('alpha');
    expect(await remote.exists('/workspace/new')).toBe(true);
    expect(await remote.stat('/workspace/a.txt')).toEqual({ type: 'file', size: 5 });
    expect(await remote.stat('/workspace/none')).toBeNull();
    expect(await remote.listDir('/workspace/new')).toEqual([{ name: 'b.txt', type: 'file', size: 5 }]);
    await remote.mkdir('/workspace/m/n', { recursive: true });
    await remote.remove('/workspace/m', { recursive: true });
    expect(await sandbox.exists('/workspace/m')).toBe(false);
  });

  it('re-creates SandboxError with its code on the worker side', async () => {
    const { remote } = await bridge();
    expect(await codeOf(remote.readFile('/workspace/missing'))).toBe('ENOENT');
    expect(await codeOf(remote.readFile('/workspace/dir'))).toBe('EISDIR');
    expect(await codeOf(remote.listDir('/workspace/a.txt'))).toBe('ENOTDIR');
    expect(await codeOf(remote.mkdir('/workspace/dir'))).toBe('EEXIST');
    expect(await codeOf(remote.writeFile('relative', ''))).toBe('EINVAL');
    await expect(remote.readFile('/workspace/missing')).rejects.toThrow('/workspace/missing');
  });

  it('runs commands with output streamed back before the result, and keeps the cwd', async () => {
    const { remote } = await bridge();
    const chunks: OutputChunk[] = [];
    const result = await remote.exec('mkdir -p sub && cd sub && echo out && echo err >&2', {
      onOutput: (chunk) => chunks.push(chunk),
      env: { X: '1' },
    });
    expect(result).toMatchObject({ exitCode: 0, stdout: 'out\n', stderr: 'err\n', cwd: '/workspace/sub' });
    expect(chunks).toEqual([
      { stream: 'stdout', data: 'out\n' },
      { stream: 'stderr', data: 'err\n' },
    ]);
    expect(await remote.cwd()).toBe('/workspace/sub');
    expect((await remote.exec('pwd', { cwd: '/workspace' })).stdout).toBe('/workspace\n');
  });

  it('streams WebContainer output chunk by chunk across the bridge', async () => {
    const { remote } = await bridge(new WebContainerSandbox(new FakeWebContainer({ chunkSize: 3 })));
    const chunks: string[] = [];
    const result = await remote.exec('echo streamed across', { onOutput: (chunk) => chunks.push(chunk.data) });
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe('streamed across\n');
    expect(result.stdout).toBe('streamed across\n');
    expect(remote.info.kind).toBe('webcontainer');
  });

  it('aborts a running command across the bridge', async () => {
    const { remote } = await bridge();
    const sleep = new AbortController();
    setTimeout(() => sleep.abort(), 50);
    const started = Date.now();
    const slept = await remote.exec('sleep 100', { signal: sleep.signal });
    expect(slept).toMatchObject({ exitCode: 130, aborted: true, timedOut: false });
    expect(Date.now() - started).toBeLessThan(2000);

    const loop = new AbortController();
    setTimeout(() => loop.abort(), 50);
    const busy = await remote.exec('while true; do :; done', { signal: loop.signal });
    expect(busy).toMatchObject({ exitCode: 130, aborted: true });

    const before = await remote.exec('echo hi > /workspace/ran', { signal: AbortSignal.abort() });
    expect(before).toMatchObject({ exitCode: 130, aborted: true });
    expect(await remote.exists('/workspace/ran')).toBe(false);
  });

  it('passes the timeout to the host', async () => {
    const { remote } = await bridge();
    const result = await remote.exec('sleep 100', { timeoutMs: 40 });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
  });

  it('disposing the worker side stops its commands but leaves the page sandbox usable', async () => {
    // Disposed once the command has reached the page side, not before it crossed the bridge.
    const page = new VirtualSandbox({ files: { 'a.txt': 'alpha' } });
    const reached: string[] = [];
    const watched = Object.create(page) as Sandbox;
    watched.exec = (command, options) => {
      reached.push(command);
      return page.exec(command, options);
    };
    const { sandbox, remote } = await bridge(watched);
    const running = remote.exec('sleep 100');
    await vi.waitFor(() => expect(reached).toEqual(['sleep 100']));
    await remote.dispose();
    expect(await running).toMatchObject({ aborted: true });
    expect((await sandbox.exec('echo still here')).stdout).toBe('still here\n');
  });

  it('rejects a host that describes itself wrongly', async () => {
    const bogus = { describe: async () => ({ info: { kind: 'docker' }, workdir: 1 }) } as unknown as SandboxHost;
    await expect(RemoteSandbox.connect(bogus)).rejects.toThrow('described itself wrongly');
  });
});
