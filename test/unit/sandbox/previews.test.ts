import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine, NO_RUN } from '../../../src/engine/engine';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import type { PreviewSignal, Sandbox } from '../../../src/sandbox/port';
import { exposeSandbox, RemoteSandbox, type SandboxHost } from '../../../src/sandbox/remote';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { WebContainerSandbox } from '../../../src/sandbox/webcontainer';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';

const openPorts: MessagePort[] = [];

afterEach(() => {
  for (const port of openPorts.splice(0)) port.close();
});

const URL_5173 = 'https://abc--5173--def.local-credentialless.webcontainer-api.io';

/** As the page does it: the sandbox exposed on one end of a real MessageChannel, the worker's RemoteSandbox on the other. */
async function bridge(sandbox: Sandbox): Promise<RemoteSandbox> {
  const { port1, port2 } = new MessageChannel();
  openPorts.push(port1, port2);
  Comlink.expose(exposeSandbox(sandbox), port1);
  return RemoteSandbox.connect(Comlink.wrap<SandboxHost>(port2));
}

async function webContainerBridge(): Promise<{ container: FakeWebContainer; remote: RemoteSandbox }> {
  const container = new FakeWebContainer();
  const sandbox = new WebContainerSandbox(container);
  await sandbox.mountFiles(STARTER_PROJECT);
  return { container, remote: await bridge(sandbox) };
}

/** Until `check` holds: signals cross two message ports. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

const previewEvents = (events: readonly EngineEvent[]) => events.filter((event) => event.type === 'preview_ready' || event.type === 'preview_closed');

describe('sandbox servers through the page-to-worker proxy', () => {
  it('brings WebContainer’s server-ready and port close to the worker as signals', async () => {
    const { container, remote } = await webContainerBridge();
    const signals: PreviewSignal[] = [];
    const stop = remote.previews?.watch((signal) => signals.push(signal));
    expect(stop).toBeTypeOf('function');
    await until(() => container.listeners['server-ready'].size === 1);
    container.serve(5173, URL_5173);
    container.closePort(5173);
    await until(() => signals.length === 2);
    expect(signals).toEqual([
      { kind: 'ready', port: 5173, url: URL_5173 },
      { kind: 'closed', port: 5173 },
    ]);
    stop?.();
    await until(() => container.listeners['server-ready'].size === 0 && container.listeners.port.size === 0);
  });

  it('drops a signal whose address is not a web address', async () => {
    const { container, remote } = await webContainerBridge();
    const signals: PreviewSignal[] = [];
    remote.previews?.watch((signal) => signals.push(signal));
    await until(() => container.listeners['server-ready'].size === 1);
    container.serve(3000, 'javascript:alert(1)');
    container.serve(4000, 'http://localhost:4000/');
    await until(() => signals.length > 0);
    expect(signals).toEqual([{ kind: 'ready', port: 4000, url: 'http://localhost:4000/' }]);
  });

  it('offers no previews for the virtual sandbox, here or across the proxy', async () => {
    const virtual: Sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
    expect(virtual.previews).toBeUndefined();
    expect((await bridge(virtual)).previews).toBeUndefined();
  });

  it('stops listening when the worker lets the sandbox go', async () => {
    const { container, remote } = await webContainerBridge();
    remote.previews?.watch(() => undefined);
    await until(() => container.listeners['server-ready'].size === 1);
    await remote.dispose();
    await until(() => container.listeners['server-ready'].size === 0);
  });
});

describe('the engine records the sandbox’s servers in the log', () => {
  it('under the run that is going on or last went, and the page’s state follows them', async () => {
    const { container, remote } = await webContainerBridge();
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
    engine.setSandbox(remote);
    await until(() => container.listeners['server-ready'].size === 1);

    // Before any run: recorded, under no run a stored session would keep.
    container.serve(8080, 'http://localhost:8080/');
    await until(() => previewEvents(engine.session.events).length === 1);
    expect(engine.session.events.at(-1)).toMatchObject({ type: 'preview_ready', port: 8080, runId: NO_RUN });

    const summary = await engine.run({ task: 'Add slugify', mode: 'react', model: new ScriptedModel(getScenario('demo')), maxIterations: 30 });
    container.serve(5173, URL_5173);
    await until(() => previewEvents(engine.session.events).length === 2);
    container.closePort(8080);
    await until(() => previewEvents(engine.session.events).length === 3);
    expect(previewEvents(engine.session.events).slice(1)).toMatchObject([
      { type: 'preview_ready', port: 5173, url: URL_5173, runId: summary.runId },
      { type: 'preview_closed', port: 8080, runId: summary.runId },
    ]);

    const state = reduceAll(initialState, engine.session.events);
    expect(state.previews.map(({ port, url }) => ({ port, url }))).toEqual([{ port: 5173, url: URL_5173 }]);
    const lines = state.timeline.flatMap((entry) => (entry.kind === 'notice' ? [entry.message] : []));
    expect(lines).toEqual(expect.arrayContaining(['Server ready on port 5173', 'Server on port 8080 stopped']));
  });

  it('stops recording a sandbox it no longer uses', async () => {
    const { container, remote } = await webContainerBridge();
    const engine = new Engine({ sandbox: remote });
    await until(() => container.listeners['server-ready'].size === 1);
    engine.setSandbox(new VirtualSandbox({ files: STARTER_PROJECT }));
    await until(() => container.listeners['server-ready'].size === 0);
    container.serve(5173, URL_5173);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(previewEvents(engine.session.events)).toEqual([]);
  });
});
