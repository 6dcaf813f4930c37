import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EventOf } from '../../../src/protocol/events';
import type { Sandbox } from '../../../src/sandbox/port';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { WebContainerSandbox } from '../../../src/sandbox/webcontainer';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';
import { call, scenario } from './gate-helpers';

const SHOW = 'echo "evil=[$EVIL] pager=[$PAGER] fsmonitor=[$GIT_CONFIG_VALUE_0]"';

const sandboxes: [string, () => Promise<Sandbox>][] = [
  ['the virtual sandbox', async () => new VirtualSandbox({ files: STARTER_PROJECT })],
  [
    'the WebContainer adapter',
    async () => {
      const sandbox = new WebContainerSandbox(new FakeWebContainer());
      await sandbox.mountFiles(STARTER_PROJECT);
      return sandbox;
    },
  ],
];

describe.each(sandboxes)('shell state across phases on %s', (_name, make) => {
  it('what building exported does not reach verification, which also runs with pagers defused', async () => {
    const sandbox = await make();
    const engine = new Engine({ sandbox });
    const model = new ScriptedModel(
      scenario(
        [call('run_command', { command: 'export EVIL=yes PAGER="sh -c id"' })],
        [call('run_command', { command: SHOW })],
        [call('advance_phase', { reason: 'built' })],
        [call('run_command', { command: SHOW })],
        [call('run_command', { command: SHOW })],
      ),
    );
    await engine.run({ task: 't', mode: 'plan_exec', model, maxIterations: 10, policy: { startPhase: 'building' } });
    const outputs = engine.session.events
      .filter((e): e is EventOf<'tool_result'> => e.type === 'tool_result' && e.name === 'run_command')
      .map((e) => /evil=\[[^\]]*\] pager=\[[^\]]*\] fsmonitor=\[[^\]]*\]/.exec(e.output)?.[0]);
    expect(outputs).toEqual([
      undefined,
      'evil=[yes] pager=[sh -c id] fsmonitor=[]',
      'evil=[] pager=[cat] fsmonitor=[false]',
      'evil=[] pager=[cat] fsmonitor=[false]',
    ]);
  });
});
