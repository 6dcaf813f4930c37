import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/protocol/settings';
import { ResumeRequestSchema, RunRequestSchema } from '../../../src/worker/run-request';

describe('run and resume requests: the failure chain settings', () => {
  it('travels in the run and resume requests, checked by the same schema', () => {
    const request = { task: 't', mode: 'react', model: DEFAULT_SETTINGS.model, maxIterations: 3 };
    expect(RunRequestSchema.safeParse({ ...request, suggestions: { timeout: ['Wait.'] } }).success).toBe(true);
    expect(RunRequestSchema.safeParse({ ...request, suggestions: { bogus: ['Wait.'] } }).success).toBe(false);
    expect(RunRequestSchema.parse({ ...request, model: { ...DEFAULT_SETTINGS.model, recoveryModel: 'critic' } }).model.recoveryModel).toBe('critic');
    const { recoveryModel: _dropped, ...olderModel } = DEFAULT_SETTINGS.model;
    expect(RunRequestSchema.parse({ ...request, model: olderModel }).model.recoveryModel).toBe('');
    expect(ResumeRequestSchema.safeParse({ sessionId: 's', model: DEFAULT_SETTINGS.model, suggestions: { timeout: [''] } }).success).toBe(false);
  });

  it('a resume request may give the recoveries and the emergency tier again; absent, the log decides', () => {
    const resume = { sessionId: 's', model: DEFAULT_SETTINGS.model };
    expect(ResumeRequestSchema.parse({ ...resume, maxRecoveries: 0, emergency: false })).toMatchObject({ maxRecoveries: 0, emergency: false });
    const absent = ResumeRequestSchema.parse(resume);
    expect(absent).not.toHaveProperty('maxRecoveries');
    expect(absent).not.toHaveProperty('emergency');
    expect(ResumeRequestSchema.safeParse({ ...resume, maxRecoveries: 9 }).success).toBe(false);
  });
});

describe('run and resume requests: counting, sampling and budgets', () => {
  const request = { task: 't', mode: 'react', model: DEFAULT_SETTINGS.model, maxIterations: 3 };

  it('carry the model settings for counting and sampling, with defaults for an older page', () => {
    const model = { ...DEFAULT_SETTINGS.model, contextWindow: 64_000, tokenizer: 'cl100k', temperature: 0.4, maxOutputTokens: 1_000, summaryModel: 'small' };
    expect(RunRequestSchema.parse({ ...request, model }).model).toMatchObject({
      contextWindow: 64_000,
      tokenizer: 'cl100k',
      temperature: 0.4,
      summaryModel: 'small',
    });
    const { contextWindow: _w, tokenizer: _t, temperature: _s, maxOutputTokens: _m, summaryModel: _a, ...olderModel } = DEFAULT_SETTINGS.model;
    expect(ResumeRequestSchema.parse({ sessionId: 's', model: olderModel }).model).toMatchObject({
      contextWindow: 0,
      tokenizer: 'o200k',
      maxOutputTokens: 16_384,
    });
    expect(RunRequestSchema.safeParse({ ...request, model: { ...DEFAULT_SETTINGS.model, temperature: 5 } }).success).toBe(false);
  });

  it('carry the budgets, null or absent for none, and refuse bad ones', () => {
    expect(RunRequestSchema.parse({ ...request, maxTokensPerRun: 1_000, maxCostPerRun: 0.5 })).toMatchObject({ maxTokensPerRun: 1_000, maxCostPerRun: 0.5 });
    expect(RunRequestSchema.parse({ ...request, maxTokensPerRun: null, maxCostPerRun: null })).toMatchObject({ maxTokensPerRun: null, maxCostPerRun: null });
    expect(RunRequestSchema.parse(request)).not.toHaveProperty('maxTokensPerRun');
    expect(RunRequestSchema.safeParse({ ...request, maxTokensPerRun: 0 }).success).toBe(false);
    expect(ResumeRequestSchema.parse({ sessionId: 's', model: DEFAULT_SETTINGS.model, maxTokensPerRun: 50 }).maxTokensPerRun).toBe(50);
    expect(ResumeRequestSchema.safeParse({ sessionId: 's', model: DEFAULT_SETTINGS.model, maxCostPerRun: -1 }).success).toBe(false);
  });
});

describe('run and resume requests: orchestrator mode', () => {
  const request = { task: 't', mode: 'orchestrator', model: DEFAULT_SETTINGS.model, maxIterations: 3 };

  it('carry the review rounds and each role’s settings, a role left out or half given read with the defaults', () => {
    const parsed = RunRequestSchema.parse({
      ...request,
      maxReviewRounds: 1,
      roles: { coder: { maxSteps: 8 }, reviewer: { model: ' other ', instructions: 'Be strict.' } },
    });
    expect(parsed.maxReviewRounds).toBe(1);
    expect(parsed.roles).toEqual({
      planner: { model: '', maxSteps: null, instructions: '' },
      coder: { model: '', maxSteps: 8, instructions: '' },
      reviewer: { model: 'other', maxSteps: null, instructions: 'Be strict.' },
    });
    const absent = RunRequestSchema.parse(request);
    expect(absent).not.toHaveProperty('maxReviewRounds');
    expect(absent).not.toHaveProperty('roles');
  });

  it.each([
    ['review rounds past 5', { maxReviewRounds: 6 }],
    ['a step cap of 0', { roles: { coder: { maxSteps: 0 } } }],
    ['a step cap past the step limit', { roles: { coder: { maxSteps: 201 } } }],
    ['a model name over 200 characters', { roles: { reviewer: { model: 'm'.repeat(201) } } }],
    ['instructions over 4,000 characters', { roles: { planner: { instructions: 'x'.repeat(4_001) } } }],
  ])('refuse %s', (_what, extra) => {
    expect(RunRequestSchema.safeParse({ ...request, ...extra }).success).toBe(false);
  });

  it('a resume request gives the role models again, and nothing else of the roles', () => {
    const resume = { sessionId: 's', model: DEFAULT_SETTINGS.model };
    expect(ResumeRequestSchema.parse({ ...resume, roleModels: { reviewer: 'other', coder: '' } }).roleModels).toEqual({ reviewer: 'other', coder: '' });
    expect(ResumeRequestSchema.safeParse({ ...resume, roleModels: { reviewer: 'm'.repeat(201) } }).success).toBe(false);
    expect(ResumeRequestSchema.parse({ ...resume, roles: { coder: { maxSteps: 3 } } })).not.toHaveProperty('roles');
  });
});
