import { describe, expect, it, vi } from 'vitest';
import type { RunStatus } from '../../../src/protocol/events';
import { buildRunRequest } from '../../../src/ui/engine/run-request';
import { startRun, type StartRunDeps, stopRun } from '../../../src/ui/engine/start-run';
import { DEFAULT_PAGE_SETTINGS, type PageSettings } from '../../../src/ui/settings/page-settings';
import { WorkerDiedError } from '../../../src/ui/worker-watch';
import type { RunRequest } from '../../../src/worker/api';
import { RunRequestSchema } from '../../../src/worker/run-request';

const settings: PageSettings = {
  ...DEFAULT_PAGE_SETTINGS,
  mode: 'plan_exec',
  maxIterations: 7,
  sandbox: 'virtual',
  refuseSyntaxErrors: false,
  allowDestructive: true,
};

describe('buildRunRequest', () => {
  it('carries the task and the engine settings, not the page-only ones', () => {
    expect(buildRunRequest('fix it', settings)).toEqual({
      ok: true,
      request: {
        task: 'fix it',
        mode: 'plan_exec',
        model: settings.model,
        maxIterations: 7,
        refuseSyntaxErrors: false,
        allowDestructive: true,
        maxRecoveries: 1,
        emergency: true,
        suggestions: {},
        maxTokensPerRun: null,
        maxCostPerRun: null,
        finalCheck: true,
        fixAttempts: 3,
        askBefore: 'nothing',
      },
    });
  });

  it('carries the review rounds and the roles’ settings in orchestrator mode only', () => {
    const roles = { ...DEFAULT_PAGE_SETTINGS.roles, reviewer: { model: 'other', maxSteps: 9, instructions: 'Be strict.' } };
    const orchestrator = buildRunRequest('t', { ...settings, mode: 'orchestrator', maxReviewRounds: 1, roles });
    expect(orchestrator).toMatchObject({ ok: true, request: { mode: 'orchestrator', maxReviewRounds: 1, roles } });
    expect(RunRequestSchema.parse(orchestrator.ok ? orchestrator.request : null).roles).toEqual(roles);
    const react = buildRunRequest('t', { ...settings, mode: 'react', maxReviewRounds: 1, roles });
    expect(react).toEqual({ ok: true, request: expect.not.objectContaining({ roles: expect.anything() }) });
    expect(react).toEqual({ ok: true, request: expect.not.objectContaining({ maxReviewRounds: expect.anything() }) });
  });

  it('leaves the policy out when the text is empty and parses it otherwise', () => {
    const empty = buildRunRequest('t', { ...settings, policyText: '  ' });
    expect(empty).toEqual({ ok: true, request: expect.objectContaining({ task: 't' }) });
    expect(empty).toEqual({ ok: true, request: expect.not.objectContaining({ policy: expect.anything() }) });
    expect(buildRunRequest('t', { ...settings, policyText: '{"commands":{"deny":["git push"]}}' })).toMatchObject({
      ok: true,
      request: { policy: { commands: { deny: ['git push'] } } },
    });
  });

  it('refuses policy text that is not JSON', () => {
    const result = buildRunRequest('t', { ...settings, policyText: '{"phases": ' });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^The policy in Settings is not valid JSON/) });
  });
});

function fakes(overrides: Partial<StartRunDeps> = {}) {
  const waiting: boolean[] = [];
  const problems: string[] = [];
  const run = vi.fn(async (_request: RunRequest): Promise<RunStatus> => 'completed');
  const deps: StartRunDeps = {
    client: { run },
    sandboxSettled: () => Promise.resolve(),
    settings: () => settings,
    stopRequested: () => false,
    setWaitingForSandbox: (value) => waiting.push(value),
    addProblem: (message) => problems.push(message),
    ...overrides,
  };
  return { deps, run, waiting, problems };
}

describe('startRun', () => {
  it('waits for the sandbox, then runs with the settings of that moment', async () => {
    let connect = (): void => {};
    const connected = new Promise<void>((resolve) => (connect = resolve));
    let current = settings;
    const { deps, run, waiting } = fakes({ sandboxSettled: () => connected, settings: () => current });
    const started = startRun('t', deps);
    expect(waiting).toEqual([true]);
    current = { ...settings, maxIterations: 3 };
    connect();
    await started;
    expect(run).toHaveBeenCalledWith(expect.objectContaining({ task: 't', maxIterations: 3 }));
    expect(waiting).toEqual([true, false, false]);
  });

  it('does not run when Stop came while it waited', async () => {
    const { deps, run, waiting, problems } = fakes({ stopRequested: () => true });
    await startRun('t', deps);
    expect(run).not.toHaveBeenCalled();
    expect(problems).toEqual([]);
    expect(waiting.at(-1)).toBe(false);
  });

  it('ends the wait for the sandbox at once when Stop is pressed, and never runs', async () => {
    let stop = (): void => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    let stopRequested = false;
    const { deps, run, waiting } = fakes({ sandboxSettled: () => new Promise<void>(() => {}), stopped, stopRequested: () => stopRequested });
    const started = startRun('t', deps);
    expect(waiting).toEqual([true]);
    stopRequested = true;
    stop();
    await started;
    expect(run).not.toHaveBeenCalled();
    expect(waiting.at(-1)).toBe(false);
  });

  it('reports a policy that is not JSON instead of running', async () => {
    const { deps, run, problems } = fakes({ settings: () => ({ ...settings, policyText: '{' }) });
    await startRun('t', deps);
    expect(run).not.toHaveBeenCalled();
    expect(problems).toEqual([expect.stringMatching(/^The policy in Settings is not valid JSON/)]);
  });

  it('turns a failed request into a problem and still stops waiting', async () => {
    const { deps, problems, waiting } = fakes({ sandboxSettled: () => Promise.reject(new Error('gone')) });
    await expect(startRun('t', deps)).resolves.toBeUndefined();
    expect(problems).toEqual(['The run could not start: gone']);
    expect(waiting).toEqual([true, false]);
  });

  it('says nothing of its own when the worker died during the run (the restart offers Resume)', async () => {
    const { deps, problems } = fakes({ client: { run: () => Promise.reject(new WorkerDiedError()) } });
    await startRun('t', deps);
    expect(problems).toEqual([]);
  });
});

describe('stopRun', () => {
  it('reports a failed stop as a problem', async () => {
    const problems: string[] = [];
    stopRun({ stop: () => Promise.reject(new Error('no worker')) }, (message) => problems.push(message));
    await vi.waitFor(() => expect(problems).toEqual(['Stop failed: no worker']));
  });
});
