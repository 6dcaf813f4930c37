import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { createModel } from '../../../src/model/create-model';
import { DEFAULT_SETTINGS, type ModelSettingsInput } from '../../../src/protocol/settings';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { orchestratorOptions, roleModelsOnly } from '../../../src/worker/orchestrator-options';
import { RunRequestSchema } from '../../../src/worker/run-request';

const endpoint: ModelSettingsInput = { provider: 'custom', baseUrl: 'https://llm.example.test/v1', model: 'main', apiKey: 'k', scenario: 'demo' };
const scripted = { ...DEFAULT_SETTINGS.model, scenario: 'orchestrator-demo' };

describe('orchestratorOptions: a request’s orchestrator settings as run options', () => {
  it('builds each role’s model on the request’s endpoint and passes the caps, instructions and review rounds', () => {
    const request = RunRequestSchema.parse({
      task: 't',
      mode: 'orchestrator',
      model: endpoint,
      maxIterations: 30,
      maxReviewRounds: 1,
      roles: { coder: { maxSteps: 8 }, reviewer: { model: 'other', instructions: 'Be strict.' } },
    });
    const options = orchestratorOptions(request.model, request.mode, { maxReviewRounds: request.maxReviewRounds, roles: request.roles });
    expect(options.maxReviewRounds).toBe(1);
    expect(Object.keys(options.roles ?? {})).toEqual(['coder', 'reviewer']);
    expect(options.roles?.coder).toEqual({ maxSteps: 8 });
    expect(options.roles?.reviewer?.model?.info).toEqual({ kind: 'openai', name: 'other', label: 'other @ llm.example.test' });
    expect(options.roles?.reviewer?.instructions).toBe('Be strict.');
  });

  it('gives nothing in the other modes', () => {
    expect(orchestratorOptions(endpoint, 'react', { maxReviewRounds: 1, roles: { reviewer: { model: 'other' } } })).toEqual({});
  });

  it('reach the engine: the run records the review rounds and the roles’ settings', async () => {
    const request = RunRequestSchema.parse({
      task: 't',
      mode: 'orchestrator',
      model: scripted,
      maxIterations: 30,
      maxReviewRounds: 3,
      roles: { planner: { instructions: 'Plan small.' } },
    });
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
    await engine.run({
      task: request.task,
      mode: request.mode,
      model: createModel(request.model, { mode: request.mode }),
      maxIterations: request.maxIterations,
      ...orchestratorOptions(request.model, request.mode, { maxReviewRounds: request.maxReviewRounds, roles: request.roles }),
    });
    const events = engine.session.events;
    expect(events.find((event) => event.type === 'run_configured')).toMatchObject({ maxReviewRounds: 3, roles: { planner: { instructions: 'Plan small.' } } });
    const planner = events.find((event) => event.type === 'role_started');
    expect(planner?.type === 'role_started' && planner.systemPrompt.endsWith('Further instructions for the planner:\nPlan small.')).toBe(true);
  });

  it('turns a resume’s role model names into roles that set the model alone', () => {
    expect(roleModelsOnly({ reviewer: 'other', coder: '' })).toEqual({ coder: { model: '' }, reviewer: { model: 'other' } });
    const options = orchestratorOptions(endpoint, 'orchestrator', { roles: roleModelsOnly({ reviewer: 'other', coder: '' }) });
    expect(Object.keys(options.roles ?? {})).toEqual(['reviewer']);
    expect(options.roles?.reviewer?.model?.info.name).toBe('other');
  });
});
