import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { createModel } from '../../../src/model/create-model';
import { type EngineEvent, EngineEventSchema } from '../../../src/protocol/events';
import { DEFAULT_SETTINGS } from '../../../src/protocol/settings';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { phaseStrip } from '../../../src/ui/state/phase-strip';
import { initialState, reduce, reduceAll, type UiState } from '../../../src/ui/state/reducer';

/** The log the worker would send for the scripted demo in plan_exec mode, straight from the engine. */
async function planExecDemoLog(policy?: unknown): Promise<EngineEvent[]> {
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT, reason: 'unit test' }) });
  const events: EngineEvent[] = [];
  engine.session.subscribe((event) => events.push(EngineEventSchema.parse(event)));
  await engine.run({
    task: 'Add a slugify function to sample-utils, with tests.',
    mode: 'plan_exec',
    model: createModel(DEFAULT_SETTINGS.model, { mode: 'plan_exec' }),
    maxIterations: 30,
    policy,
  });
  return events;
}

describe('the page reducing a real plan_exec log', () => {
  it('shows each phase in order, one refusal, and a completed run', async () => {
    const events = await planExecDemoLog();
    const texts: string[] = [];
    let state: UiState = initialState;
    for (const event of events) {
      state = reduce(state, event);
      const text = phaseStrip(state, 'react').text;
      if (texts.at(-1) !== text) texts.push(text);
    }
    expect(texts).toEqual(['Phase: none — starting', 'Phase: planning', 'Phase: building', 'Phase: verification', 'Phase: delivery']);
    expect(state.status).toBe('completed');
    expect(state.phase.violations.map((v) => `${v.tool}@${v.phase}`)).toEqual(['create_file@planning']);
    // Shown once, on the refused call's own entry.
    expect(state.timeline.filter((entry) => entry.kind === 'refusal')).toEqual([]);
    expect(state.timeline.filter((entry) => entry.kind === 'tool' && entry.refusal !== undefined)).toMatchObject([
      { name: 'create_file', result: { ok: false } },
    ]);
    expect(state.timeline.filter((entry) => entry.kind === 'phase')).toHaveLength(4);
    expect(reduceAll(initialState, events)).toEqual(state);
  });

  it('shows no refusal when the policy lets planning write', async () => {
    const events = await planExecDemoLog({ phases: { planning: { tools: ['*'], writes: true } } });
    const state = reduceAll(initialState, events);
    expect(state.status).toBe('completed');
    expect(state.phase.violations).toEqual([]);
    expect(state.phase.current).toBe('delivery');
  });
});
