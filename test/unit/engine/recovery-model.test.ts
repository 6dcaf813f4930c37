import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { type Model, ModelError, type ModelRequest } from '../../../src/model/port';
import type { Scenario, ScriptedTurn } from '../../../src/model/scenario';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import { DEFAULT_SUGGESTIONS } from '../../../src/protocol/suggestions';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';

const scenario = (name: string, turns: ScriptedTurn[]): Scenario => ({ name, title: name, description: name, defaultTask: 'do it', turns });
const of = <T extends EngineEvent['type']>(events: EngineEvent[], type: T) => events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);
const newEngine = () => new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });

/** Remembers each request it answers, so a test can tell which model was asked. */
function recording(model: Model): Model & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    info: model.info,
    requests,
    complete: (request) => {
      requests.push(request);
      return model.complete(request);
    },
  };
}

/** Fails with a retryable server error on its first `failures` calls, then plays the scenario. */
function flaky(turns: ScriptedTurn[], failures: number): Model {
  const inner = new ScriptedModel(scenario('flaky', turns));
  let calls = 0;
  return {
    info: inner.info,
    complete: async (request) => {
      if (calls++ < failures) throw new ModelError('the endpoint failed', 'server', true);
      return inner.complete(request);
    },
  };
}

const missing = (n: number): ScriptedTurn => ({ toolCalls: [{ name: 'read_file', args: { path: `missing-${n}.txt` } }] });

describe('the recovery model', () => {
  it('writes the critique when set, and recovery_finished names it', async () => {
    // The main model counts the critique as one of its turns (the 4th), so its script skips it.
    const main = recording(new ScriptedModel(scenario('main', [missing(1), missing(2), missing(3), { text: 'never sent' }, { text: 'Done.' }])));
    // Asked after the main model's three turns, the critic answers with its 4th.
    const critic = recording(new ScriptedModel(scenario('critic', [{}, {}, {}, { text: 'The files do not exist; list the folder first.' }])));
    const engine = newEngine();
    await engine.run({ task: 'do it', mode: 'react', model: main, recoveryModel: critic, maxIterations: 10 });
    const events = engine.session.events as EngineEvent[];

    expect(of(events, 'recovery_finished')).toMatchObject([
      { ok: true, critique: 'The files do not exist; list the folder first.', model: 'Demo (scripted): critic' },
    ]);
    expect(critic.requests).toHaveLength(1);
    expect(critic.requests[0]?.tools).toEqual([]);
    expect(main.requests).toHaveLength(4);
    expect(main.requests.every((request) => request.tools.length > 0)).toBe(true);
    expect(of(events, 'user_message').find((e) => e.reason === 'recovery')?.text).toContain('list the folder first');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', summary: 'Done.' });
    // run_started still names the main model.
    expect(of(events, 'run_started')[0]?.model.name).toBe('main');
  });

  it('without one, the main model writes the critique and is named', async () => {
    const engine = newEngine();
    await engine.run({ task: 'do it', mode: 'react', model: new ScriptedModel(getScenario('stuck')), maxIterations: 30 });
    const events = engine.session.events as EngineEvent[];
    expect(of(events, 'recovery_finished')).toMatchObject([{ model: 'Demo (scripted): stuck' }]);
  });

  it('answers for a model failure once, then the main loop goes on; a second failure is the emergency', async () => {
    const critic = recording(new ScriptedModel(scenario('critic', [{ text: 'The endpoint was busy; carry on with the plan.' }])));
    const engine = newEngine();
    await engine.run({ task: 'do it', mode: 'react', model: flaky([{ text: 'unused' }, { text: 'Done.' }], 1), recoveryModel: critic, maxIterations: 5 });
    let events = engine.session.events as EngineEvent[];
    expect(of(events, 'recovery_started')).toMatchObject([{ trigger: 'llm_failure' }]);
    expect(of(events, 'recovery_finished')).toMatchObject([
      { ok: true, model: 'Demo (scripted): critic', critique: 'The endpoint was busy; carry on with the plan.' },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', summary: 'Done.' });

    const second = newEngine();
    await second.run({ task: 'do it', mode: 'react', model: flaky([{ text: 'Done.' }], 2), recoveryModel: critic, maxIterations: 5 });
    events = second.session.events as EngineEvent[];
    expect(of(events, 'recovery_finished')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'llm_failure', cause: 'model_server', retryable: true });
  });

  it('a failing recovery model is a warning and an empty critique, named all the same', async () => {
    const broken: Model = {
      info: { kind: 'openai', name: 'critic', label: 'critic @ llm.example.test' },
      complete: () => Promise.reject(new ModelError('no such model', 'bad_response', false)),
    };
    const engine = newEngine();
    await engine.run({ task: 'do it', mode: 'react', model: new ScriptedModel(getScenario('stuck')), recoveryModel: broken, maxIterations: 30 });
    const events = engine.session.events as EngineEvent[];
    expect(of(events, 'recovery_finished')).toEqual([expect.objectContaining({ ok: false, critique: '', model: 'critic @ llm.example.test' })]);
    expect(of(events, 'notice').some((e) => e.message.startsWith('The recovery request failed: no such model'))).toBe(true);
  });
});

describe('suggestion overrides', () => {
  it('reach run_finished for the codes they name; other codes keep the built-ins', async () => {
    const engine = newEngine();
    const suggestions = { budget_exceeded: ['Ask the team lead for more steps.', 'Split the task.'], timeout: ['Wait.'] };
    await engine.run({ task: 'do it', mode: 'react', model: new ScriptedModel(getScenario('endless')), maxIterations: 2, suggestions });
    expect((engine.session.events as EngineEvent[]).at(-1)).toMatchObject({
      errorCode: 'budget_exceeded',
      suggestions: ['Ask the team lead for more steps.', 'Split the task.'],
    });

    await engine.run({ task: '  ', mode: 'react', model: new ScriptedModel(getScenario('endless')), maxIterations: 2, suggestions });
    expect((engine.session.events as EngineEvent[]).at(-1)).toMatchObject({ errorCode: 'empty_task', suggestions: [...DEFAULT_SUGGESTIONS.empty_task] });
  });

  it('are the built-ins when none are given, and last only for the run they were given to', async () => {
    const engine = newEngine();
    const endless = () => new ScriptedModel(getScenario('endless'));
    await engine.run({ task: 'do it', mode: 'react', model: endless(), maxIterations: 2, suggestions: { budget_exceeded: ['Mine.'] } });
    await engine.run({ task: 'do it', mode: 'react', model: endless(), maxIterations: 2 });
    const ends = of(engine.session.events as EngineEvent[], 'run_finished');
    expect(ends.map((e) => e.suggestions)).toEqual([['Mine.'], [...DEFAULT_SUGGESTIONS.budget_exceeded]]);
  });
});
