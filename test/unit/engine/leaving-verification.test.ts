import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import type { ScriptedTurn } from '../../../src/model/scenario';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent, EventOf } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { phaseChangeText } from '../../../src/ui/timeline/format';
import { call } from './gate-helpers';

async function planExec(...turns: ScriptedTurn[]) {
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
  const model = new ScriptedModel({ name: 't', title: 't', description: 't', defaultTask: 't', turns });
  await engine.run({ task: 't', mode: 'plan_exec', model, maxIterations: 20 });
  const events = engine.session.events as EngineEvent[];
  const of = <T extends EngineEvent['type']>(type: T) => events.filter((e): e is EventOf<T> => e.type === type);
  return { events, of, end: events.at(-1) };
}

describe('plan_exec: leaving verification needs the engine’s passing check, not the model’s word', () => {
  it('rm -rf tests in building, run_tests refused, "all 3 tests pass": the phase stays, the refusal names what removed the script', async () => {
    const { of, end } = await planExec(
      { toolCalls: [call('advance_phase', { reason: 'plan done' })] },
      { toolCalls: [call('run_command', { command: 'rm -rf tests' })] },
      { toolCalls: [call('advance_phase', { reason: 'built' })] },
      { toolCalls: [call('run_tests', {})] },
      { toolCalls: [call('advance_phase', { reason: 'all 3 tests pass' })] },
      { text: 'All 3 tests pass.' },
      { text: 'Done.' },
      { text: 'Done, really.' },
    );
    const results = of('tool_result');
    const runTests = results.find((r) => r.name === 'run_tests');
    expect(runTests).toMatchObject({ ok: false, errorKind: 'refused_by_gate' });
    expect(runTests?.output).toContain('Missing: tests/run.sh');
    expect(runTests?.output).toContain('removed by `rm -rf tests` (run_command in building)');

    const lastAdvance = results.filter((r) => r.name === 'advance_phase').at(-1);
    expect(lastAdvance).toMatchObject({ ok: false, errorKind: 'validation_failed' });
    expect(lastAdvance?.output).toContain('The engine ran `npm test` before leaving verification, and it failed');
    expect(of('final_check_started')).toMatchObject([{ command: 'npm test', phase: 'verification' }]);
    expect(of('phase_changed').map((e) => e.to)).toEqual(['planning', 'building', 'verification']);
    // The scenario ends in verification: never completed.
    expect(end).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'phase_incomplete' });
  });

  it('a passing check lets the run into delivery, where the final answer needs no second run; the reason reads as the agent’s claim', async () => {
    const { of, end } = await planExec(
      { toolCalls: [call('advance_phase', { reason: 'plan done' })] },
      { toolCalls: [call('advance_phase', { reason: 'built' })] },
      { toolCalls: [call('advance_phase', { reason: 'all tests pass' })] },
      { text: 'Delivered.' },
    );
    expect(of('phase_changed').map((e) => e.to)).toEqual(['planning', 'building', 'verification', 'delivery']);
    const toDelivery = of('phase_changed').at(-1);
    expect(toDelivery).toMatchObject({ claimed: true });
    expect(phaseChangeText({ ...toDelivery!, claimed: toDelivery?.claimed === true })).toBe('Phase: verification → delivery — the agent says: all tests pass');
    expect(of('final_check_finished').map((e) => e.outcome)).toEqual(['passed', 'skipped']);
    expect(end).toMatchObject({ status: 'completed', verified: true });
  });
});
