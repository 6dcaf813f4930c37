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
});
