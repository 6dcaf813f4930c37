import { describe, expect, it } from 'vitest';
import { buildResumeRequest } from '../../../src/ui/engine/run-request';
import { DEFAULT_PAGE_SETTINGS } from '../../../src/ui/settings/page-settings';
import { ResumeRequestSchema } from '../../../src/worker/run-request';

describe("the page's resume request", () => {
  it("leaves the failure chain and the budgets to the run's log: Settings changed since do not change a resumed run", () => {
    const settings = { ...DEFAULT_PAGE_SETTINGS, maxRecoveries: 0, emergency: false, maxTokensPerRun: 5_000, maxCostPerRun: null };
    const request = ResumeRequestSchema.parse(buildResumeRequest('s1', settings, { answer: { callId: 'c1', text: 'yes' } }));
    expect(request).toMatchObject({ sessionId: 's1', answer: { callId: 'c1' } });
    for (const setting of ['maxRecoveries', 'emergency', 'maxTokensPerRun', 'maxCostPerRun']) expect(request).not.toHaveProperty(setting);
    expect(request).not.toHaveProperty('mode');
    expect(ResumeRequestSchema.parse(buildResumeRequest('s1', settings, { mode: 'plan_exec' })).mode).toBe('plan_exec');
  });

  it('gives the roles’ models again, not their step caps or instructions (the run recorded those)', () => {
    const roles = { ...DEFAULT_PAGE_SETTINGS.roles, reviewer: { model: 'other', maxSteps: 9, instructions: 'Be strict.' } };
    const request = ResumeRequestSchema.parse(buildResumeRequest('s1', { ...DEFAULT_PAGE_SETTINGS, roles }));
    expect(request.roleModels).toEqual({ planner: '', coder: '', reviewer: 'other' });
    expect(request).not.toHaveProperty('roles');
  });
});
