import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { workspaceAt } from '../../../src/engine/restore-workspace';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { workspaceFiles } from '../store/recorded-run';

async function demo(maxIterations: number, mode: 'react' | 'plan_exec' = 'react') {
  const store = new MemoryStore();
  const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
  const engine = new Engine({ sandbox, blobs: store });
  const scenario = getScenario(mode === 'react' ? 'demo' : 'plan_exec-demo');
  const { runId } = await engine.run({ task: scenario.defaultTask, mode, model: new ScriptedModel(scenario), maxIterations });
  return { engine, sandbox, store, runId, events: [...engine.session.events] as EngineEvent[] };
}

describe('checkpoints', () => {
  it('"Restore files to here" puts back the files a step left, and records each change', async () => {
    const { engine, sandbox, store, runId, events } = await demo(30);
    const step = events.find((e) => e.type === 'workspace_snapshot' && e.reason === 'step');
    if (step?.type !== 'workspace_snapshot') throw new Error('no step snapshot');
    const expected = await workspaceAt(events, store, step.seq);
    const changed = await engine.restoreCheckpoint(runId, step.manifest);
    expect(await workspaceFiles(sandbox)).toEqual(expected);
    const after = (engine.session.events as EngineEvent[]).slice(events.length);
    expect(after.at(-1)).toMatchObject({ type: 'checkpoint_restored', manifest: step.manifest, changed, runId });
    expect(after.filter((e) => e.type === 'file_changed')).toHaveLength(changed);
    expect(changed).toBeGreaterThan(0);
  });

  it('a failed run rolls back to where it began (react) or to the start of its phase (plan_exec)', async () => {
    const react = await demo(4);
    const end = react.events.at(-1);
    const start = react.events.find((e) => e.type === 'workspace_snapshot' && e.reason === 'run_start');
    expect(end).toMatchObject({ status: 'failed', errorCode: 'budget_exceeded' });
    expect(end?.type === 'run_finished' && end.lastCheckpoint).toBe(start?.type === 'workspace_snapshot' ? start.manifest : 'none');
    await react.engine.restoreCheckpoint(react.runId, String(end?.type === 'run_finished' && end.lastCheckpoint));
    expect(await workspaceFiles(react.sandbox)).toEqual(STARTER_PROJECT);

    const phased = await demo(6, 'plan_exec');
    const phasedEnd = phased.events.at(-1);
    const lastPhase = phased.events.findLastIndex((e) => e.type === 'phase_changed');
    const before = phased.events.slice(0, lastPhase).findLast((e) => e.type === 'workspace_snapshot');
    expect(phasedEnd).toMatchObject({ status: 'failed' });
    expect(phasedEnd?.type === 'run_finished' && phasedEnd.lastCheckpoint).toBe(before?.type === 'workspace_snapshot' ? before.manifest : 'none');
  });

  it('refuses a checkpoint that is not stored', async () => {
    const { engine, runId } = await demo(30);
    await expect(engine.restoreCheckpoint(runId, 'f'.repeat(64))).rejects.toThrow(/not stored/);
  });
});
