import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import type { Scenario, ScriptedTurn } from '../../../src/model/scenario';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent, EventOf } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';

const calls = (...names: string[]): ScriptedTurn => ({ toolCalls: names.map((name) => ({ name, args: name === 'advance_phase' ? { reason: 'done' } : {} })) });
const final = (text: string): ScriptedTurn => ({ text });
const advance = calls('advance_phase');
const runTests = calls('run_tests');
/** Building may only be left once notes.txt exists. */
const POLICY = { phases: { building: { validate: 'test -f notes.txt' } } };
const writeNotes: ScriptedTurn = { toolCalls: [{ name: 'create_file', args: { path: 'notes.txt', content: 'ok\n' } }] };

async function run(turns: ScriptedTurn[], policy: unknown = POLICY) {
  const scenario: Scenario = { name: 't', title: 't', description: 't', defaultTask: 'do it', turns };
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
  await engine.run({ task: 'do it', mode: 'plan_exec', model: new ScriptedModel(scenario), maxIterations: 30, policy });
  const events = [...engine.session.events] as EngineEvent[];
  const of = <T extends EngineEvent['type']>(type: T) => events.filter((e): e is EventOf<T> => e.type === type);
  return { events, of, end: events.at(-1) };
}

describe('a plan_exec run completes only in its final phase', () => {
  it('a final answer in building, after its validation failed twice, does not end the run as completed', async () => {
    const { of, end } = await run([advance, runTests, advance, advance, final('Done, the tests pass.'), final('Done.'), final('Really done.')]);
    expect(of('phase_validation').map((e) => e.result.passed)).toEqual([false, false]);
    const told = of('user_message').filter((e) => e.reason === 'phase_not_final');
    expect(told).toHaveLength(2);
    expect(told[0]?.text).toContain('still in building');
    expect(told[0]?.text).toContain('advance_phase');
    expect(end).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'phase_incomplete', cause: 'final_answer_before_delivery' });
    expect(end?.type === 'run_finished' ? end.reason : '').toContain('building');
  });

  it('a model told it is not done goes on, passes the validation, and completes in delivery', async () => {
    const { of, end } = await run([advance, final('Done.'), writeNotes, advance, advance, advance, runTests, final('Done, the tests pass.')]);
    expect(of('user_message').filter((e) => e.reason === 'phase_not_final')).toHaveLength(1);
    expect(of('phase_changed').at(-1)).toMatchObject({ to: 'delivery' });
    expect(end).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
  });

  it('a final answer at the last step before the final phase fails at once: there is no step left to go on', async () => {
    const scenario: Scenario = { name: 't', title: 't', description: 't', defaultTask: 'do it', turns: [advance, final('Done.')] };
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
    await engine.run({ task: 'do it', mode: 'plan_exec', model: new ScriptedModel(scenario), maxIterations: 2, policy: POLICY });
    expect(engine.session.events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'phase_incomplete' });
  });

  it('react mode has no phases: a final answer ends the run as before', async () => {
    const scenario: Scenario = { name: 't', title: 't', description: 't', defaultTask: 'do it', turns: [final('Done.')] };
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
    await engine.run({ task: 'do it', mode: 'react', model: new ScriptedModel(scenario), maxIterations: 5 });
    expect(engine.session.events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });
});
