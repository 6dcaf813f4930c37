import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { resolvePolicy } from '../../../src/engine/policy';
import { policyWarnings } from '../../../src/engine/policy-warnings';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { KNOWN_TOOL_NAMES } from '../../../src/tools/registry';

function warningsOf(overrides: unknown, mode: 'react' | 'plan_exec' | 'orchestrator' = 'plan_exec', finalCheck = true): string[] {
  const resolved = resolvePolicy(overrides, KNOWN_TOOL_NAMES);
  if (!resolved.ok) throw new Error(resolved.error);
  return policyWarnings(overrides, resolved.policy, mode, finalCheck);
}

describe('policy settings that would never take effect are named', () => {
  it('a rollback with a validation to fail, on a phase advanced by the model, is fine', () => {
    expect(warningsOf({ phases: { building: { validate: 'npm test', rollback: 'git checkout .' } } })).toEqual([]);
    expect(warningsOf({})).toEqual([]);
    expect(warningsOf({ rollbackOnFailure: true, phases: { building: { validate: 'npm test' } } })).toEqual([]);
  });

  it('a rollback without a validate command never runs', () => {
    expect(warningsOf({ phases: { building: { rollback: 'git checkout .' } } })).toEqual([
      expect.stringMatching(/^phases\.building\.rollback never runs: .*phases\.building\.validate is not set/),
    ]);
  });

  it('a rollback in the final phase never runs', () => {
    expect(warningsOf({ phases: { delivery: { validate: 'npm test', rollback: 'git checkout .' } } })).toEqual([
      expect.stringMatching(/^phases\.delivery\.rollback never runs: delivery is the final phase/),
    ]);
  });

  it('a rollback on a phase that auto-advances says it does not run then', () => {
    expect(warningsOf({ phases: { planning: { validate: 'true', rollback: 'true', autoAdvanceAfter: 4 } } })).toEqual([
      expect.stringMatching(/^phases\.planning\.rollback does not run when planning advances on its own/),
    ]);
  });

  it('rollbackOnFailure with no validation anywhere never takes effect', () => {
    expect(warningsOf({ rollbackOnFailure: true })).toEqual([expect.stringMatching(/^rollbackOnFailure never takes effect/)]);
  });

  it('in react mode the phase settings are named as unused; the command rules are not', () => {
    expect(warningsOf({ commands: { deny: ['git push'] } }, 'react')).toEqual([]);
    expect(warningsOf({ rollbackOnFailure: true, phases: { building: { validate: 'npm test' } } }, 'react')).toEqual([
      'phases.building.validate, rollbackOnFailure are used in plan_exec mode only; this run is in react mode.',
    ]);
  });

  it('in orchestrator mode the roles’ phase rules are used; the other phase settings are named as unused', () => {
    const used = { phases: { planning: { tools: ['read_file'] }, building: { shell: 'any' }, verification: { writes: false, allowWrites: ['x/**'] } } };
    expect(warningsOf(used, 'orchestrator')).toEqual([]);
    expect(warningsOf({ startPhase: 'building', phases: { building: { validate: 'npm test' }, delivery: { validate: 'npm test' } } }, 'orchestrator')).toEqual([
      'startPhase, phases.building.validate are not used in orchestrator mode: the orchestrator roles take only the tools, shell, writes and allowWrites of planning, building and verification.',
    ]);
  });

  it("delivery's validate is the final check in react mode too: named only when that check is off", () => {
    expect(warningsOf({ phases: { delivery: { validate: 'test -f DONE', validateTimeoutMs: 5000 } } }, 'react')).toEqual([]);
    expect(warningsOf({ phases: { delivery: { validate: 'test -f DONE', rollback: 'true' } } }, 'react')).toEqual([
      'phases.delivery.rollback is used in plan_exec mode only; this run is in react mode.',
    ]);
    for (const mode of ['react', 'plan_exec'] as const) {
      expect(warningsOf({ phases: { delivery: { validate: 'test -f DONE' } } }, mode, false)).toEqual([
        expect.stringMatching(/^phases\.delivery\.validate is the command of the engine's final check, which is off in this run/),
      ]);
    }
  });

  it('a run says each one as a warning notice before it starts', async () => {
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
    await engine.run({
      task: 'do it',
      mode: 'plan_exec',
      model: new ScriptedModel(getScenario('plan_exec-demo')),
      maxIterations: 30,
      policy: { phases: { building: { rollback: 'git checkout .' } } },
    });
    const notices = engine.session.events.filter((e) => e.type === 'notice' && e.level === 'warning').map((e) => (e.type === 'notice' ? e.message : ''));
    expect(notices).toContainEqual(expect.stringMatching(/^Policy: phases\.building\.rollback never runs/));
  });
});
