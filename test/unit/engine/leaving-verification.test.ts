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
  return planExecWith({}, ...turns);
}

async function planExecWith(options: { fixAttempts?: number; policy?: unknown }, ...turns: ScriptedTurn[]) {
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
  const model = new ScriptedModel({ name: 't', title: 't', description: 't', defaultTask: 't', turns });
  await engine.run({ task: 't', mode: 'plan_exec', model, maxIterations: 30, ...options });
  const events = engine.session.events as EngineEvent[];
  const of = <T extends EngineEvent['type']>(type: T) => events.filter((e): e is EventOf<T> => e.type === type);
  return { events, of, end: events.at(-1) };
}

describe('plan_exec: leaving verification needs the engine’s passing check, not the model’s word', () => {
  it('rm -rf tests in building, run_tests refused, "all 3 tests pass": the work goes back to building, the refusal names what removed the script', async () => {
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
    expect(lastAdvance?.output).toContain('the run is back in building to fix what fails (fix attempt 1 of 3)');
    expect(of('final_check_started')).toMatchObject([{ command: 'npm test', phase: 'verification' }]);
    expect(of('phase_changed').map((e) => e.to)).toEqual(['planning', 'building', 'verification', 'building']);
    expect(of('phase_changed').at(-1)).toMatchObject({
      from: 'verification',
      auto: true,
      reason: expect.stringContaining('back to building to fix it') as unknown,
    });
    // The scenario never fixes it: never completed.
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

  const breakIt = call('create_file', { path: 'tests/broken_test.sh', content: 'assert_eq "1" "2" "one is two"\n' });
  const fixIt = call('run_command', { command: 'rm tests/broken_test.sh' });

  it('a failed check sends the work back to building, where it is fixed; then the run is delivered verified', async () => {
    const { of, end } = await planExec(
      { toolCalls: [call('advance_phase', { reason: 'plan done' })] },
      { toolCalls: [breakIt] },
      { toolCalls: [call('advance_phase', { reason: 'built' })] },
      { toolCalls: [call('advance_phase', { reason: 'tests pass' })] },
      { toolCalls: [fixIt] },
      { toolCalls: [call('advance_phase', { reason: 'fixed' })] },
      { toolCalls: [call('advance_phase', { reason: 'tests pass now' })] },
      { text: 'Delivered.' },
    );
    expect(of('phase_changed').map((e) => e.to)).toEqual(['planning', 'building', 'verification', 'building', 'verification', 'delivery']);
    expect(of('final_check_finished').map((e) => e.outcome)).toEqual(['failed', 'passed', 'skipped']);
    expect(end).toMatchObject({ status: 'completed', verified: true });
  });

  it('still failing after the fix attempts: the run ends verification_failed, naming the failing test', async () => {
    const { of, end } = await planExecWith(
      { fixAttempts: 1 },
      { toolCalls: [call('advance_phase', { reason: 'plan done' })] },
      { toolCalls: [breakIt] },
      { toolCalls: [call('advance_phase', { reason: 'built' })] },
      { toolCalls: [call('advance_phase', { reason: 'tests pass' })] },
      { toolCalls: [call('advance_phase', { reason: 'fixed' })] },
      { toolCalls: [call('advance_phase', { reason: 'tests pass' })] },
      { text: 'never reached' },
    );
    expect(of('final_check_finished').map((e) => e.outcome)).toEqual(['failed', 'failed']);
    expect(of('tool_result').at(-1)).toMatchObject({ name: 'advance_phase', ok: false, errorKind: 'verification_failed' });
    expect(end).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'verification_failed', retryable: true });
    expect(end?.type === 'run_finished' ? end.reason : '').toContain('broken_test');
  });

  it("delivery's validate is checked on the final answer in delivery, not before delivery did its work", async () => {
    const { of, end } = await planExecWith(
      { policy: { phases: { delivery: { validate: 'test -f CHANGELOG.md' } } } },
      { toolCalls: [call('advance_phase', { reason: 'plan done' })] },
      { toolCalls: [call('advance_phase', { reason: 'built' })] },
      { toolCalls: [call('advance_phase', { reason: 'tests pass' })] },
      { toolCalls: [call('create_file', { path: 'CHANGELOG.md', content: '# Changes\n' })] },
      { text: 'Delivered, with a changelog.' },
    );
    expect(of('final_check_started').map((e) => [e.phase, e.command])).toEqual([
      ['verification', 'npm test'],
      ['delivery', 'test -f CHANGELOG.md'],
    ]);
    expect(end).toMatchObject({ status: 'completed', verified: true });
  });
});
