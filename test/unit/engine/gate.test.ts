import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EventOf } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { WebContainerSandbox } from '../../../src/sandbox/webcontainer';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';
import { call, refusalOf, runPlanExec, scenario, SpySandbox } from './gate-helpers';

describe('phase gate (plan_exec)', () => {
  it('refuses writes, write commands and non-whitelisted tools in planning — none of them reaches the sandbox', async () => {
    const { sandbox, result, results, ofType } = await runPlanExec(
      scenario(
        [call('run_command', { command: 'echo hi > out.txt' })],
        [call('run_command', { command: 'rm README.md' })],
        [call('run_command', { command: 'cat README.md | sed -i s/a/b/ README.md' })],
        [call('create_file', { path: 'new.txt', content: 'x\n' })],
        [call('edit_file', { path: 'README.md', search: 'sample-utils', replace: 'x' })],
        [call('run_tests', {})],
        [call('run_command', { command: 'ls src && cat README.md' })],
      ),
    );
    // Its final answer in planning does not complete a plan_exec run (final-phase.test.ts); the refusals did not end it.
    expect(result.status).toBe('failed');
    expect(sandbox.reached).toEqual(['exec ls src && cat README.md']);
    const refused = results.slice(0, 6);
    for (const r of refused) {
      expect(r.ok).toBe(false);
      const refusal = refusalOf(r.output);
      expect(refusal).toMatchObject({ error: 'phase_violation', phase: 'planning', tool: r.name });
      expect(refusal.hint).toContain('advance_phase');
    }
    expect(refusalOf(refused[0]!.output)).toMatchObject({ kind: 'command', reason: expect.stringContaining('out.txt') });
    expect(refusalOf(refused[3]!.output)).toMatchObject({ kind: 'tool', reason: 'create_file is not allowed in the planning phase' });
    expect(ofType('phase_violation').map((v) => [v.tool, v.kind])).toEqual([
      ['run_command', 'command'],
      ['run_command', 'command'],
      ['run_command', 'command'],
      ['create_file', 'tool'],
      ['edit_file', 'tool'],
      ['run_tests', 'tool'],
    ]);
    expect(results[6]?.ok).toBe(true);
    expect(await sandbox.readFile('/workspace/README.md')).toBe(STARTER_PROJECT['README.md']);
  });

  it('advances through the phases; building writes, verification runs tests but refuses writes, delivery allows all', async () => {
    const { sandbox, results, ofType } = await runPlanExec(
      scenario(
        [call('advance_phase', { reason: 'planned' })],
        [call('create_file', { path: 'notes.txt', content: 'n\n' }), call('run_command', { command: 'mkdir -p build && touch build/x' })],
        [call('advance_phase', {})],
        [call('run_tests', {}), call('run_command', { command: 'npm test 2>&1 | tail -3' }), call('run_command', { command: 'touch y' })],
        [call('edit_file', { path: 'notes.txt', search: 'n', replace: 'm' })],
        [call('advance_phase', { reason: 'verified' })],
        [call('run_command', { command: 'touch delivered.txt' })],
        [call('advance_phase', {})],
      ),
    );
    expect(ofType('phase_changed').map((p) => [p.from, p.to, p.auto])).toEqual([
      [null, 'planning', false],
      ['planning', 'building', false],
      ['building', 'verification', false],
      ['verification', 'delivery', false],
    ]);
    expect(ofType('phase_changed')[1]?.reason).toBe('planned');
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ['advance_phase', true],
      ['create_file', true],
      ['run_command', true],
      ['advance_phase', true],
      ['run_tests', true],
      ['run_command', true],
      ['run_command', false],
      ['edit_file', false],
      ['advance_phase', true],
      ['run_command', true],
      ['advance_phase', false],
    ]);
    expect(results[0]?.output).toContain('Moved from planning to building');
    expect(results.at(-1)).toMatchObject({ ok: false, errorKind: 'final_phase' });
    expect(ofType('phase_violation').map((v) => [v.phase, v.kind, v.tool])).toEqual([
      ['verification', 'command', 'run_command'],
      ['verification', 'tool', 'edit_file'],
    ]);
    expect(sandbox.reached.some((r) => r.includes('touch y'))).toBe(false);
    expect(await sandbox.exists('/workspace/delivered.txt')).toBe(true);
  });

  it('refuses destructive commands while building', async () => {
    const { sandbox, results } = await runPlanExec(
      scenario([call('advance_phase', {})], [call('run_command', { command: 'rm -rf /' })], [call('run_command', { command: 'rm README.md' })]),
    );
    expect(results[1]).toMatchObject({ ok: false, errorKind: 'refused_by_gate' });
    expect(refusalOf(results[1]!.output)).toMatchObject({ phase: 'building', kind: 'command' });
    expect(results[2]?.ok).toBe(true);
    expect(sandbox.reached).toEqual(['exec rm README.md']);
  });

  it('auto-advances after N steps when the policy says so, counting refused calls as steps', async () => {
    const { ofType, results } = await runPlanExec(
      scenario([call('create_file', { path: 'a', content: '' })], [call('list_files', {})], [call('list_files', {})]),
      { phases: { planning: { autoAdvanceAfter: 2 } } },
    );
    expect(ofType('phase_changed').map((p) => [p.from, p.to, p.auto])).toEqual([
      [null, 'planning', false],
      ['planning', 'building', true],
    ]);
    expect(results[1]?.output).toContain('advanced automatically from planning to building');
  });

  it('fails the run with a clear reason when the policy is invalid', async () => {
    const { result, events } = await runPlanExec(scenario(), { phases: { planning: { tools: ['format_disk'] } } });
    expect(result.status).toBe('failed');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', errorCode: 'invalid_policy', reason: expect.stringContaining('"format_disk"') });
  });

  it('plays the phased demo: four phases, exactly one refusal, recovery, completed', async () => {
    const sandbox = new SpySandbox({ files: STARTER_PROJECT });
    const engine = new Engine({ sandbox });
    const result = await engine.run({ task: 't', mode: 'plan_exec', model: new ScriptedModel(getScenario('plan_exec-demo')), maxIterations: 30 });
    const events = engine.session.events;
    expect(result.status).toBe('completed');
    expect(events.filter((e) => e.type === 'phase_changed').map((e) => e.type === 'phase_changed' && e.to)).toEqual([
      'planning',
      'building',
      'verification',
      'delivery',
    ]);
    expect(events.filter((e) => e.type === 'phase_violation')).toHaveLength(1);
    const runTests = events.filter((e): e is EventOf<'tool_result'> => e.type === 'tool_result' && e.name === 'run_tests');
    expect(runTests.map((r) => r.ok)).toEqual([false, true]);
  });

  it('react mode has no phases, and no refusals for commands that are not destructive', async () => {
    const sandbox = new SpySandbox({ files: STARTER_PROJECT });
    const engine = new Engine({ sandbox });
    const model = new ScriptedModel(scenario([call('run_command', { command: 'echo hi > out.txt' })], [call('advance_phase', {})]));
    await engine.run({ task: 't', mode: 'react', model, maxIterations: 5, finalCheck: false });
    const events = engine.session.events;
    expect(events.some((e) => e.type === 'phase_changed' || e.type === 'phase_violation')).toBe(false);
    expect(sandbox.reached).toEqual(['exec echo hi > out.txt']);
    const advance = events.find((e): e is EventOf<'tool_result'> => e.type === 'tool_result' && e.name === 'advance_phase');
    expect(advance?.output).toMatch(/Unknown tool "advance_phase"/);
  });
});

describe('phase gate and the shell cwd', () => {
  it('judges relative paths from where the shell is, so leaving the workspace by cd is caught', async () => {
    const { sandbox, results } = await runPlanExec(
      scenario(
        [call('advance_phase', {})],
        [call('run_command', { command: 'cd /' })],
        [call('run_command', { command: 'rm -rf usr' })],
        [call('run_command', { command: 'cd /workspace && rm -rf tests' })],
      ),
    );
    expect(results.map((r) => r.ok)).toEqual([true, true, false, true]);
    expect(refusalOf(results[2]!.output)).toMatchObject({ phase: 'building', kind: 'command' });
    expect(sandbox.reached).toEqual(['exec cd /', 'exec cd /workspace && rm -rf tests']);
  });
});

describe('phase gate on the WebContainer adapter', () => {
  it('refuses before anything is spawned or written in the container', async () => {
    const container = new FakeWebContainer();
    const sandbox = new WebContainerSandbox(container);
    await sandbox.mountFiles(STARTER_PROJECT);
    const engine = new Engine({ sandbox });
    const model = new ScriptedModel(
      scenario(
        [call('run_command', { command: 'touch planned.txt' })],
        [call('create_file', { path: 'x.txt', content: 'x' })],
        [call('run_command', { command: 'cat README.md' })],
      ),
    );
    await engine.run({ task: 't', mode: 'plan_exec', model, maxIterations: 10 });
    const commands = container.spawnCalls.map((c) => c.args.join(' '));
    expect(commands.some((c) => c.includes('touch planned.txt'))).toBe(false);
    expect(commands.some((c) => c.includes('cat README.md'))).toBe(true);
    expect(await sandbox.exists(`${sandbox.workdir}/x.txt`)).toBe(false);
    expect(await sandbox.exists(`${sandbox.workdir}/planned.txt`)).toBe(false);
    expect(engine.session.events.filter((e) => e.type === 'phase_violation')).toHaveLength(2);
  });
});
