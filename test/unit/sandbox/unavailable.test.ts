import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type OutputChunk, SandboxError, SandboxUnavailableError } from '../../../src/sandbox/port';
import { exposeSandbox, RemoteSandbox, type SandboxHost } from '../../../src/sandbox/remote';
import { fromReply, toReply } from '../../../src/sandbox/remote-protocol';
import { WebContainerSandbox } from '../../../src/sandbox/webcontainer';
import { errorKindOf } from '../../../src/tools/errors';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';

const openPorts: MessagePort[] = [];
afterEach(() => {
  for (const port of openPorts.splice(0)) port.close();
});

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('a WebContainer that stops working', () => {
  it('a command whose process dies with the container throws SandboxUnavailableError, after the output it had', async () => {
    const container = new FakeWebContainer();
    const sandbox = new WebContainerSandbox(container);
    container.crashOn = 'node server.js';
    const chunks: OutputChunk[] = [];
    const error = await caught(sandbox.exec('node server.js', { onOutput: (chunk) => chunks.push(chunk) }));
    expect(error).toBeInstanceOf(SandboxUnavailableError);
    expect((error as Error).message).toBe('the WebContainer stopped working while running a command: the WebContainer worker crashed (out of memory)');
    expect(chunks.map((c) => c.data).join('')).toContain('Starting…');
    // Nothing runs in it any more, without waiting on the dead container.
    const again = await caught(sandbox.exec('echo hi'));
    expect(again).toBeInstanceOf(SandboxUnavailableError);
    expect(container.spawnCalls).toHaveLength(1);
    // Nor do its files answer: no misleading "no such file".
    for (const operation of [sandbox.readFile(`${sandbox.workdir}/.keep`), sandbox.stat(sandbox.workdir), sandbox.writeFile(`${sandbox.workdir}/x`, 'x')]) {
      expect(await caught(operation)).toBeInstanceOf(SandboxUnavailableError);
    }
    expect(errorKindOf(again)).toBe('sandbox_unavailable');
  });

  it('a container that cannot start its shell (spawn rejects) is unavailable, not a failed command', async () => {
    const container = new FakeWebContainer();
    const sandbox = new WebContainerSandbox(container);
    container.crash('the WebContainer instance is gone');
    const error = await caught(sandbox.exec('echo hi'));
    expect(error).toBeInstanceOf(SandboxUnavailableError);
    expect((error as Error).message).toBe('the WebContainer could not start a shell: the WebContainer instance is gone');
  });

  it('a command killed on timeout is still an ordinary result', async () => {
    const container = new FakeWebContainer({ chunkDelayMs: 50 });
    const sandbox = new WebContainerSandbox(container, { killGraceMs: 20 });
    const result = await sandbox.exec('for i in 1 2 3 4 5 6 7 8 9; do echo line-$i; done', { timeoutMs: 30 });
    expect(result.timedOut).toBe(true);
    expect(await sandbox.exec('echo still here')).toMatchObject({ exitCode: 0, stdout: 'still here\n' });
  });

  it('crosses the page/worker boundary as a SandboxUnavailableError, with its message', async () => {
    const container = new FakeWebContainer();
    container.crashOn = 'node server.js';
    const { port1, port2 } = new MessageChannel();
    openPorts.push(port1, port2);
    Comlink.expose(exposeSandbox(new WebContainerSandbox(container)), port1);
    const remote = await RemoteSandbox.connect(Comlink.wrap<SandboxHost>(port2));
    const chunks: string[] = [];
    const error = await caught(remote.exec('node server.js', { onOutput: (chunk) => chunks.push(chunk.data) }));
    expect(error).toBeInstanceOf(SandboxUnavailableError);
    expect((error as Error).message).toContain('the WebContainer worker crashed (out of memory)');
    expect(chunks.join('')).toContain('Starting…');
  });

  it('the reply format keeps coded errors, unavailability and plain errors apart', async () => {
    const thrownBy = async (error: Error) => caught((async () => fromReply(await toReply(() => Promise.reject(error)), z.null(), 'exec'))());
    expect(await toReply(() => Promise.reject(new SandboxUnavailableError('gone')))).toEqual({
      ok: false,
      error: { message: 'gone', code: null, unavailable: true },
    });
    const unavailable = await thrownBy(new SandboxUnavailableError('gone'));
    expect(unavailable).toBeInstanceOf(SandboxUnavailableError);
    expect((unavailable as Error).message).toBe('gone');
    expect(await thrownBy(new SandboxError('missing', 'ENOENT'))).toBeInstanceOf(SandboxError);
    const plain = await thrownBy(new Error('odd'));
    expect(plain).toBeInstanceOf(Error);
    expect(plain).not.toBeInstanceOf(SandboxUnavailableError);
    expect(plain).not.toBeInstanceOf(SandboxError);
  });
});
