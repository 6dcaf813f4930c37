import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/port';
import { exposeSandbox, RemoteSandbox, type SandboxHost } from '../../../src/sandbox/remote';
import { WebContainerSandbox } from '../../../src/sandbox/webcontainer';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';
import { type MockReply, textReply, toolCallsReply } from '../model/mock-openai-server';
import { runFault, useFaultHarness } from './harness';

useFaultHarness();

const openPorts: MessagePort[] = [];
afterEach(() => {
  for (const port of openPorts.splice(0)) port.close();
});

const command = (id: string, line: string): MockReply => ({
  kind: 'stream',
  chunks: toolCallsReply([{ id, name: 'run_command', arguments: JSON.stringify({ command: line }) }]),
});
const REPLIES: MockReply[] = [
  command('call_echo', 'echo ready'),
  command('call_crash', 'node server.js'),
  { kind: 'stream', chunks: textReply(['never asked']) },
];

async function crashingContainer(): Promise<{ container: FakeWebContainer; sandbox: WebContainerSandbox }> {
  const container = new FakeWebContainer();
  container.crashOn = 'node server.js';
  const sandbox = new WebContainerSandbox(container);
  await sandbox.mountFiles({ 'package.json': '{"name": "app", "scripts": {"start": "node server.js"}}\n' });
  return { container, sandbox };
}

async function expectSandboxFailure(sandbox: Sandbox) {
  const { finished, of, server } = await runFault({ replies: REPLIES, sandbox });
  expect(of('tool_result').map((r) => [r.callId, r.ok, r.errorKind])).toEqual([
    ['call_echo', true, undefined],
    ['call_crash', false, 'sandbox_unavailable'],
  ]);
  const crash = of('tool_result')[1];
  expect(crash?.output).toContain(
    'The sandbox stopped working: the WebContainer stopped working while running a command: the WebContainer worker crashed (out of memory)',
  );
  // The viewer saw the command start, its output up to the crash, and its end.
  expect(of('command_finished').at(-1)).toMatchObject({ callId: 'call_crash', exitCode: -1 });
  expect(of('command_output').some((o) => o.callId === 'call_crash' && o.chunk.includes('Starting…'))).toBe(true);
  expect(finished).toMatchObject({ status: 'failed', errorCode: 'sandbox_failure', cause: 'sandbox_crashed', retryable: true, iterations: 2 });
  expect(finished.reason).toBe(crash?.output);
  expect(finished.suggestions?.length).toBeGreaterThan(0);
  // The run ends there: the model is not asked to go on in a dead sandbox.
  expect(server.requests).toHaveLength(2);
}

describe('fault injection: the sandbox dies', () => {
  it('a command that crashes the WebContainer ends the run with sandbox_failure (retryable), not a failed command', async () => {
    const { sandbox } = await crashingContainer();
    await expectSandboxFailure(sandbox);
  });

  it('the next run in that dead container ends at its first tool call, a file read too', async () => {
    const { sandbox } = await crashingContainer();
    await expectSandboxFailure(sandbox);
    const { finished, of } = await runFault({
      replies: [{ kind: 'stream', chunks: toolCallsReply([{ id: 'call_read', name: 'read_file', arguments: '{"path": "package.json"}' }]) }],
      sandbox,
    });
    expect(of('tool_result')).toMatchObject([{ callId: 'call_read', ok: false, errorKind: 'sandbox_unavailable' }]);
    expect(finished).toMatchObject({ status: 'failed', errorCode: 'sandbox_failure', retryable: true });
    expect(finished.reason).toContain('the WebContainer stopped working while running a command: the WebContainer worker crashed (out of memory)');
  });

  it('the same through the page/worker bridge: the worker still sees the sandbox as gone', async () => {
    const { sandbox } = await crashingContainer();
    const { port1, port2 } = new MessageChannel();
    openPorts.push(port1, port2);
    Comlink.expose(exposeSandbox(sandbox), port1);
    await expectSandboxFailure(await RemoteSandbox.connect(Comlink.wrap<SandboxHost>(port2)));
  });
});
