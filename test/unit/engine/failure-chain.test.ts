import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { ModelError } from '../../../src/model/port';
import type { Scenario, ScriptedTurn } from '../../../src/model/scenario';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { recordedRun } from '../store/recorded-run';

async function run(scenario: Scenario, maxIterations = 30) {
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
  await engine.run({ task: scenario.defaultTask, mode: 'react', model: new ScriptedModel(scenario), maxIterations });
  return engine.session.events as EngineEvent[];
}
const scenario = (turns: ScriptedTurn[]): Scenario => ({ name: 't', title: 't', description: 't', defaultTask: 'do it', turns });
const of = <T extends EngineEvent['type']>(events: EngineEvent[], type: T) => events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);

describe('the failure chain', () => {
  it('stuck: a nudge at the 3rd repeat, recovery at the 5th, then the run ends with loop_detected', async () => {
    const events = await run(getScenario('stuck'));
    expect(of(events, 'loop_detected').map((e) => [e.action, e.count])).toEqual([
      ['nudge', 3],
      ['recover', 5],
      ['escalate', 6],
    ]);
    expect(of(events, 'recovery_started')).toMatchObject([{ trigger: 'loop_detected' }]);
    expect(of(events, 'recovery_finished')).toHaveLength(1);
    expect(of(events, 'user_message').map((e) => e.reason)).toEqual(expect.arrayContaining(['loop_nudge']));
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'loop_detected', retryable: false });
  });

  it('recovers once when the same tool fails three times in a row', async () => {
    const missing = (n: number) => ({ toolCalls: [{ name: 'read_file', args: { path: `missing-${n}.txt` } }] });
    const events = await run(
      scenario([missing(1), missing(2), missing(3), { text: 'I see what went wrong.' }, missing(4), missing(5), missing(6), { text: 'Done.' }]),
    );
    expect(of(events, 'recovery_started').map((e) => e.trigger)).toEqual(['repeated_errors']);
    const recovery = of(events, 'recovery_finished')[0];
    expect(recovery).toMatchObject({ ok: true, critique: 'I see what went wrong.' });
    expect(of(events, 'user_message').find((e) => e.reason === 'recovery')?.text).toContain('I see what went wrong.');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });

  it('recovers when 80% of the step budget is gone without a finish', async () => {
    const read = (path: string) => ({ toolCalls: [{ name: 'read_file', args: { path } }] });
    const turns = [
      'README.md',
      'package.json',
      'src/greet.sh',
      'tests/run.sh',
      'tests/assert.sh',
      'tests/greet_test.sh',
      'README.md',
      'package.json',
      'src/greet.sh',
    ].map(read);
    const events = await run(scenario([...turns, { text: 'A plan.' }, { text: 'Done.' }]), 10);
    expect(of(events, 'recovery_started')).toMatchObject([{ trigger: 'budget', detail: '8 of 10 steps are used and the task is not finished.' }]);
  });

  it('lists the earlier attempts in the third failing result at the same test', async () => {
    const failing = { name: 'create_file', args: { path: 'tests/broken_test.sh', content: 'assert_eq "1" "2" "one is two"\n' } };
    const tweak = (n: number) => ({ name: 'edit_file', args: { path: 'tests/broken_test.sh', search: '"2"', replace: `"${n}"` } });
    const tests = { name: 'run_tests', args: {} };
    const events = await run(
      scenario([
        { toolCalls: [failing] },
        { toolCalls: [tests] },
        { toolCalls: [tweak(3)] },
        { toolCalls: [tests] },
        { toolCalls: [{ name: 'read_file', args: { path: 'tests/broken_test.sh' } }] },
        { toolCalls: [tests] },
        { text: 'Stuck.' },
        { text: 'Stuck, really.' },
      ]),
    );
    const results = of(events, 'tool_result').filter((e) => e.name === 'run_tests');
    expect(results.map((r) => r.ok)).toEqual([false, false, false]);
    expect(results[1]?.output).not.toContain('This is attempt');
    expect(results[2]?.output).toMatch(
      /This is attempt 3 at the failing test "tests\/broken_test.sh: one is two"\. Earlier attempts: attempt 1: ran the tests after creating .*; attempt 2: ran the tests after editing tests\/broken_test.sh/,
    );
  });

  it('stays out of the way of runs that make progress', async () => {
    for (const [name, mode] of [
      ['demo', 'react'],
      ['plan_exec-demo', 'plan_exec'],
      ['code-intel', 'react'],
      ['recovery', 'react'],
    ] as const) {
      const { events } = await recordedRun(name, mode);
      expect(of(events, 'loop_detected'), name).toEqual([]);
      expect(of(events, 'recovery_started'), name).toEqual([]);
    }
  });
});

describe('configuring the chain', () => {
  it('with no recoveries, a loop that would recover ends the run at once', async () => {
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
    await engine.run({ task: 't', mode: 'react', model: new ScriptedModel(getScenario('stuck')), maxIterations: 30, maxRecoveries: 0 });
    const events = engine.session.events as EngineEvent[];
    expect(of(events, 'loop_detected').map((e) => [e.action, e.count])).toEqual([
      ['nudge', 3],
      ['recover', 5],
    ]);
    expect(of(events, 'recovery_started')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ errorCode: 'loop_detected' });
  });

  it('a model failure a retry may cure goes to recovery once, then on; a wrong key goes straight to the emergency', async () => {
    const flaky = (code: 'server' | 'auth', failures: number) => {
      const inner = new ScriptedModel(scenario([{ text: 'All good.' }, { text: 'Done.' }]));
      let calls = 0;
      return {
        info: inner.info,
        complete: async (request: Parameters<ScriptedModel['complete']>[0]) => {
          if (calls++ < failures) throw new ModelError('the endpoint failed', code, code === 'server');
          return inner.complete(request);
        },
      };
    };
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
    await engine.run({ task: 't', mode: 'react', model: flaky('server', 1), maxIterations: 5 });
    let events = engine.session.events as EngineEvent[];
    expect(of(events, 'recovery_started')).toMatchObject([{ trigger: 'llm_failure' }]);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });

    const second = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
    await second.run({ task: 't', mode: 'react', model: flaky('auth', 5), maxIterations: 5 });
    events = second.session.events as EngineEvent[];
    expect(of(events, 'recovery_started')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ errorCode: 'llm_failure', cause: 'model_auth', retryable: false });
  });

  it('with the emergency tier off, a failed run ends with the raw error only', async () => {
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
    await engine.run({ task: 't', mode: 'react', model: new ScriptedModel(getScenario('endless')), maxIterations: 2, emergency: false });
    const end = (engine.session.events as EngineEvent[]).at(-1);
    expect(end).toMatchObject({ status: 'failed', errorCode: 'budget_exceeded', cause: 'max_iterations' });
    expect(end).not.toHaveProperty('suggestions');
    expect(end).not.toHaveProperty('retryable');
    expect(end).not.toHaveProperty('lastCheckpoint');
  });
});
