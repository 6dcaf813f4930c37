import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { DEFAULT_POLICY, resolvePolicy, resolvePolicyText } from '../../../src/engine/policy';
import { planResume } from '../../../src/engine/resume-plan';
import type { Scenario, ScriptedToolCall } from '../../../src/model/scenario';
import { ScriptedModel } from '../../../src/model/scripted';
import { type EngineEvent, EngineEventSchema, type EventOf } from '../../../src/protocol/events';
import { PHASES } from '../../../src/protocol/phases';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { KNOWN_TOOL_NAMES } from '../../../src/tools/registry';
import { workspaceFiles } from '../store/recorded-run';

const call = (name: string, args: unknown = {}): ScriptedToolCall => ({ name, args });
const advance = call('advance_phase', { reason: 'done' });
const BROKEN_TEST = { path: 'tests/broken_test.sh', content: 'assert_eq "1" "2" "one is two"\n' };
const breakTests = call('create_file', BROKEN_TEST);
const addNotes = call('create_file', { path: 'notes.txt', content: 'scratch\n' });

async function run(turns: ScriptedToolCall[][], policy: unknown, options: { blobs?: boolean } = {}) {
  const scenario: Scenario = {
    name: 't',
    title: 't',
    description: 't',
    defaultTask: 'do it',
    turns: [...turns.map((toolCalls) => ({ text: '', toolCalls })), { text: 'finished' }],
  };
  const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
  const store = new MemoryStore();
  const engine = new Engine({ sandbox, ...(options.blobs === false ? {} : { blobs: store }) });
  const summary = await engine.run({ task: 'do it', mode: 'plan_exec', model: new ScriptedModel(scenario), maxIterations: 30, policy });
  const events = [...engine.session.events] as EngineEvent[];
  const of = <T extends EngineEvent['type']>(type: T) => events.filter((e): e is EventOf<T> => e.type === type);
  const phaseCheckpoints = events.filter((e): e is EventOf<'workspace_snapshot'> => e.type === 'workspace_snapshot' && e.reason === 'phase');
  const resultOf = (n: number) => of('tool_result')[n];
  return { engine, sandbox, store, summary, events, of, phaseCheckpoints, resultOf };
}

const phaseMoves = (events: EngineEvent[]) => events.flatMap((e) => (e.type === 'phase_changed' ? [[e.from, e.to, e.auto]] : []));

describe('phase validation: validate → checkpoint → advance', () => {
  it('a passing validation records the checkpoint, then the phase changes, in that order', async () => {
    const { events, of, phaseCheckpoints, resultOf } = await run([[advance]], { phases: { planning: { validate: 'npm test' } } });
    const validation = of('phase_validation');
    expect(validation).toMatchObject([{ phase: 'planning', result: { command: 'npm test', passed: true, exitCode: 0, timedOut: false } }]);
    expect(validation[0]?.result.stdout).toContain('ok');
    expect(phaseCheckpoints).toMatchObject([{ phase: 'building', changed: 0 }]);
    const at = (e: EngineEvent | undefined) => events.indexOf(e as EngineEvent);
    const moved = of('phase_changed').find((e) => e.to === 'building');
    expect(at(validation[0])).toBeLessThan(at(phaseCheckpoints[0]));
    expect(at(phaseCheckpoints[0])).toBeLessThan(at(moved));
    expect(resultOf(0)).toMatchObject({ ok: true, output: expect.stringContaining('Moved from planning to building (its validation `npm test` passed).') });
    // The model is told in the phase layer.
    expect(of('run_configured')[0]?.systemPrompt).toContain(
      'file writes not allowed. Leaving it runs `npm test` first: the phase moves on only when it passes.',
    );
    // Still in building: the final answer is refused, not taken as the end of the run.
    expect(of('user_message').map((e) => e.reason)).toContain('phase_not_final');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed' });
  });

  it('a failing validation refuses the advance with the output: no checkpoint, no phase change, the phase unchanged', async () => {
    const { events, of, phaseCheckpoints, resultOf } = await run([[advance], [breakTests], [advance], [addNotes]], {
      phases: { building: { validate: 'npm test' } },
    });
    const failed = resultOf(2);
    expect(failed).toMatchObject({ ok: false, errorKind: 'validation_failed', name: 'advance_phase' });
    expect(failed?.output).toContain('The phase stays building: its validation `npm test` failed (exit code 1).');
    expect(failed?.output).toContain('one is two');
    expect(failed?.output).toContain('Fix what fails, then call advance_phase again.');
    expect(of('phase_validation')).toMatchObject([{ phase: 'building', result: { passed: false, exitCode: 1 } }]);
    // Between the validation and the refused result: no phase checkpoint, no phase change.
    const during = events.slice(events.indexOf(of('phase_validation')[0] as EngineEvent), events.indexOf(failed as EngineEvent));
    expect(during.filter((e) => e.type === 'phase_changed' || (e.type === 'workspace_snapshot' && e.reason === 'phase'))).toEqual([]);
    // Only the move into building (which has no validation) left a checkpoint and a phase change.
    expect(phaseCheckpoints.map((e) => e.phase)).toEqual(['building']);
    expect(phaseMoves(events)).toEqual([
      [null, 'planning', false],
      ['planning', 'building', false],
    ]);
    // Still building: writes are allowed, and nothing was rolled back without rollbackOnFailure.
    expect(resultOf(3)).toMatchObject({ ok: true, name: 'create_file' });
    expect(of('phase_rollback_started')).toHaveLength(0);
    expect(of('file_changed').map((e) => e.path)).toEqual(['tests/broken_test.sh', 'notes.txt']);
  });

  it('bounds a long validation output to its head and tail for the model', async () => {
    const { resultOf, of } = await run([[advance]], { phases: { planning: { validate: 'seq 1 20000; exit 2' } } });
    const output = resultOf(0)?.output ?? '';
    expect(output).toContain('failed (exit code 2)');
    expect(output).toContain('characters omitted');
    expect(output.length).toBeLessThan(6_000);
    expect(output).toContain('\n1\n2\n');
    expect(output).toContain('20000');
    expect(of('phase_validation')[0]?.result.stdout.length).toBeLessThan(20_000);
  });

  it('a validation that outlives its timeout fails as timed out', async () => {
    const started = performance.now();
    const { resultOf, of, phaseCheckpoints } = await run([[advance]], { phases: { planning: { validate: 'sleep 5', validateTimeoutMs: 200 } } });
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(of('phase_validation')).toMatchObject([{ result: { passed: false, timedOut: true } }]);
    expect(resultOf(0)?.output).toContain('failed (timed out after 200 ms)');
    expect(phaseCheckpoints).toHaveLength(0);
  });
});

describe('rollback of a failed phase', () => {
  it('rollbackOnFailure without a command restores the phase start, each change a file_changed event', async () => {
    const { sandbox, events, of, phaseCheckpoints, resultOf } = await run([[advance], [breakTests, addNotes], [advance], [advance]], {
      rollbackOnFailure: true,
      phases: { building: { validate: 'npm test' } },
    });
    const buildingStart = phaseCheckpoints.find((e) => e.phase === 'building');
    const started = of('phase_rollback_started');
    expect(started).toEqual([expect.objectContaining({ phase: 'building', command: null, checkpoint: buildingStart?.manifest })]);
    expect(of('phase_rollback_completed')).toEqual([expect.objectContaining({ phase: 'building', changed: 2 })]);
    const from = events.indexOf(started[0] as EngineEvent);
    const restored = events.slice(from).filter((e): e is EventOf<'file_changed'> => e.type === 'file_changed');
    expect(restored.map((e) => [e.path, e.change])).toEqual([
      ['notes.txt', 'deleted'],
      ['tests/broken_test.sh', 'deleted'],
    ]);
    expect(resultOf(3)?.output).toContain('the files were restored to the start of building (2 files changed)');
    // The log holds the workspace after the rolled-back step, before its result.
    const failedCall = of('tool_call')[3];
    const after = of('workspace_snapshot').find((e) => e.reason === 'step' && e.callId === failedCall?.callId);
    expect(after).toMatchObject({ changed: 2 });
    expect(events.indexOf(after as EngineEvent)).toBeLessThan(events.indexOf(resultOf(3) as EngineEvent));
    // The tests pass again, so the next advance validates and moves on.
    expect(resultOf(4)).toMatchObject({ ok: true, output: expect.stringContaining('Moved from building to verification') });
    expect(await workspaceFiles(sandbox)).toEqual(STARTER_PROJECT);
  });

  it('runs the phase rollback command outside the gate; a failing one is phase_rollback_failed with its result', async () => {
    const { sandbox, of, resultOf } = await run([[advance], [breakTests], [advance]], {
      rollbackOnFailure: true,
      phases: { building: { validate: 'npm test', rollback: 'echo cannot roll back >&2; exit 3' } },
    });
    expect(of('phase_rollback_started')).toEqual([
      expect.objectContaining({ phase: 'building', command: 'echo cannot roll back >&2; exit 3', checkpoint: null }),
    ]);
    const failed = of('phase_rollback_failed');
    expect(failed).toEqual([
      expect.objectContaining({
        phase: 'building',
        reason: expect.stringContaining('exit code 3'),
        result: expect.objectContaining({ command: 'echo cannot roll back >&2; exit 3', passed: false, exitCode: 3, stderr: 'cannot roll back\n' }),
      }),
    ]);
    expect(of('phase_rollback_completed')).toHaveLength(0);
    expect(resultOf(2)?.output).toContain('but the rollback failed');
    expect(await sandbox.exists('/workspace/tests/broken_test.sh')).toBe(true);
  });

  it('a passing rollback command is recorded with its result', async () => {
    const { sandbox, of, resultOf } = await run([[advance], [breakTests], [advance]], {
      rollbackOnFailure: true,
      phases: { building: { validate: 'npm test', rollback: 'rm tests/broken_test.sh' } },
    });
    expect(of('phase_rollback_completed')).toEqual([
      expect.objectContaining({ phase: 'building', result: expect.objectContaining({ passed: true, exitCode: 0 }) }),
    ]);
    expect(resultOf(2)?.output).toContain('`rm tests/broken_test.sh` ran and passed');
    expect(await sandbox.exists('/workspace/tests/broken_test.sh')).toBe(false);
  });

  it('a phase that names a rollback command rolls back without rollbackOnFailure; a phase without one does not', async () => {
    const { sandbox, of, resultOf } = await run([[advance], [breakTests], [advance]], {
      phases: { building: { validate: 'npm test', rollback: 'rm tests/broken_test.sh' } },
    });
    expect(of('phase_rollback_started')).toEqual([expect.objectContaining({ phase: 'building', command: 'rm tests/broken_test.sh' })]);
    expect(of('phase_rollback_completed')).toHaveLength(1);
    expect(resultOf(2)?.output).toContain('`rm tests/broken_test.sh` ran and passed');
    expect(await sandbox.exists('/workspace/tests/broken_test.sh')).toBe(false);

    const without = await run([[advance], [breakTests], [advance]], { phases: { building: { validate: 'npm test' } } });
    expect(without.of('phase_rollback_started')).toHaveLength(0);
    expect(await without.sandbox.exists('/workspace/tests/broken_test.sh')).toBe(true);
  });

  it('stops a rollback command at its own timeout', async () => {
    const started = performance.now();
    const { of } = await run([[advance], [breakTests], [advance]], {
      rollbackOnFailure: true,
      phases: { building: { validate: 'npm test', rollback: 'sleep 5', rollbackTimeoutMs: 200 } },
    });
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(of('phase_rollback_failed')).toEqual([
      expect.objectContaining({
        reason: expect.stringContaining('timed out after 200 ms'),
        result: expect.objectContaining({ timedOut: true, passed: false }),
      }),
    ]);
  });

  it('without a snapshot store there is no checkpoint to restore: the rollback fails and says why', async () => {
    const { of, resultOf } = await run(
      [[advance], [breakTests], [advance]],
      { rollbackOnFailure: true, phases: { building: { validate: 'npm test' } } },
      { blobs: false },
    );
    expect(of('phase_rollback_failed')).toEqual([expect.objectContaining({ reason: 'no checkpoint of the start of building is stored' })]);
    expect(resultOf(2)?.output).toContain('the files are as the validation left them');
  });

  it('the first phase rolls back to the run start', async () => {
    const { of, sandbox } = await run([[call('run_command', { command: 'ls' })], [advance]], {
      rollbackOnFailure: true,
      phases: { planning: { validate: 'echo made > made.txt; exit 1' } },
    });
    const runStart = of('workspace_snapshot').find((e) => e.reason === 'run_start');
    expect(of('phase_rollback_started')).toEqual([expect.objectContaining({ phase: 'planning', checkpoint: runStart?.manifest })]);
    expect(of('phase_rollback_completed')).toEqual([expect.objectContaining({ changed: 1 })]);
    expect(await sandbox.exists('/workspace/made.txt')).toBe(false);
  });
});

describe('auto-advance and phase boundaries', () => {
  it('validates an auto-advance too: a pass moves (auto) after a checkpoint', async () => {
    const { events, phaseCheckpoints, resultOf } = await run([[call('list_files')], [call('list_files')]], {
      phases: { planning: { autoAdvanceAfter: 2, validate: 'npm test' } },
    });
    expect(phaseMoves(events)).toEqual([
      [null, 'planning', false],
      ['planning', 'building', true],
    ]);
    expect(phaseCheckpoints.map((e) => e.phase)).toEqual(['building']);
    expect(resultOf(1)?.output).toContain('advanced automatically from planning to building after 2 steps (its validation `npm test` passed).');
  });

  it('a failed auto-advance stays, never rolls back, and tries again after as many steps', async () => {
    const { events, of, resultOf } = await run([[call('list_files')], [call('list_files')], [call('list_files')], [call('list_files')]], {
      rollbackOnFailure: true,
      phases: { planning: { autoAdvanceAfter: 2, validate: 'exit 1' } },
    });
    expect(phaseMoves(events)).toEqual([[null, 'planning', false]]);
    expect(resultOf(1)?.output).toContain('The phase did not advance automatically after 2 steps: The phase stays planning');
    expect(resultOf(2)?.output).not.toContain('did not advance automatically');
    expect(of('phase_validation')).toHaveLength(2);
    expect(of('phase_rollback_started')).toHaveLength(0);
  });

  it('without validation every phase boundary still leaves a checkpoint the next phase starts from', async () => {
    const { phaseCheckpoints, events } = await run([[advance], [advance], [advance]], {});
    expect(phaseCheckpoints.map((e) => e.phase)).toEqual(['building', 'verification', 'delivery']);
    expect(events.filter((e) => e.type === 'phase_validation')).toHaveLength(0);
  });

  it('a resumed run knows where its phase began', async () => {
    const { events, phaseCheckpoints } = await run([[advance], [breakTests]], {});
    const cut = events.slice(0, events.findIndex((e) => e.type === 'run_finished') - 1);
    const check = planResume(cut);
    expect(check.ok && check.plan.phaseStart).toBe(phaseCheckpoints[0]?.manifest);
  });

  it('every new event matches the event schema', async () => {
    const { events } = await run([[advance], [breakTests], [advance]], { rollbackOnFailure: true, phases: { building: { validate: 'npm test' } } });
    for (const event of events) expect(EngineEventSchema.safeParse(event).success).toBe(true);
  });
});

describe('the policy fields', () => {
  const resolve = (overrides: unknown) => resolvePolicy(overrides, KNOWN_TOOL_NAMES);

  it('default to no validation, no rollback command, 30 s timeouts and no rollback', () => {
    for (const phase of PHASES) {
      expect(DEFAULT_POLICY.phases[phase]).toMatchObject({ validate: null, validateTimeoutMs: 30_000, rollback: null, rollbackTimeoutMs: 30_000 });
    }
    expect(DEFAULT_POLICY.rollbackOnFailure).toBe(false);
    expect(resolve({})).toEqual({ ok: true, policy: DEFAULT_POLICY });
  });

  it('merge onto the defaults', () => {
    const result = resolve({ rollbackOnFailure: true, phases: { building: { validate: ' npm test ', rollback: 'git checkout .', rollbackTimeoutMs: 5000 } } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.policy.rollbackOnFailure).toBe(true);
    expect(result.policy.phases.building).toMatchObject({
      validate: 'npm test',
      validateTimeoutMs: 30_000,
      rollback: 'git checkout .',
      rollbackTimeoutMs: 5000,
    });
    expect(result.policy.phases.planning.validate).toBeNull();
  });

  it.each([
    [{ phases: { building: { validate: '' } } }, 'phases.building.validate: a command, or null for none'],
    [{ phases: { building: { validate: '   ' } } }, 'phases.building.validate'],
    [{ phases: { building: { validate: 5 } } }, 'phases.building.validate'],
    [{ phases: { building: { rollback: ['git', 'checkout'] } } }, 'phases.building.rollback'],
    [{ phases: { building: { validateTimeoutMs: 0 } } }, 'phases.building.validateTimeoutMs'],
    [{ phases: { building: { validateTimeoutMs: 1.5e3 + 0.5 } } }, 'phases.building.validateTimeoutMs'],
    [{ phases: { building: { rollbackTimeoutMs: 3_600_000 } } }, 'phases.building.rollbackTimeoutMs'],
    [{ rollbackOnFailure: 'yes' }, 'rollbackOnFailure'],
    [{ rollbackOnFalure: true }, 'unknown key "rollbackOnFalure"'],
    [{ phases: { building: { validation: 'npm test' } } }, 'unknown key "validation"'],
  ])('rejects %j naming the bad value', (overrides, expected) => {
    const result = resolve(overrides);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(expected);
  });

  it('are accepted in the Settings / --policy JSON text', () => {
    expect(resolvePolicyText('{"rollbackOnFailure":true,"phases":{"building":{"validate":"npm test","validateTimeoutMs":60000}}}', KNOWN_TOOL_NAMES).ok).toBe(
      true,
    );
    const bad = resolvePolicyText('{"phases":{"building":{"rollbackTimeoutMs":"30s"}}}', KNOWN_TOOL_NAMES);
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining('phases.building.rollbackTimeoutMs') });
  });
});
