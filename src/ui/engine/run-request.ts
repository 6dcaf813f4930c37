import type { ResumeRequest, RunRequest } from '../../worker/api';
import { type PageSettings, runPolicy } from '../settings/page-settings';

export type RunRequestResult = { ok: true; request: RunRequest } | { ok: false; error: string };

/** What the worker is asked to run: the task with the engine's part of the settings and the parsed policy. */
export function buildRunRequest(task: string, settings: PageSettings): RunRequestResult {
  const policy = runPolicy(settings);
  if (!policy.ok) return { ok: false, error: policy.error };
  const {
    model,
    mode,
    maxIterations,
    refuseSyntaxErrors,
    allowDestructive,
    maxRecoveries,
    emergency,
    suggestions,
    maxTokensPerRun,
    maxCostPerRun,
    finalCheck,
    fixAttempts,
    maxReviewRounds,
    roles,
    askBefore,
  } = settings;
  return {
    ok: true,
    request: {
      task,
      mode,
      model,
      maxIterations,
      refuseSyntaxErrors,
      maxRecoveries,
      emergency,
      suggestions,
      allowDestructive,
      maxTokensPerRun,
      maxCostPerRun,
      finalCheck,
      fixAttempts,
      askBefore,
      // The review rounds and the roles' settings matter only to orchestrator runs.
      ...(mode === 'orchestrator' ? { maxReviewRounds, roles } : {}),
      ...(policy.policy === undefined ? {} : { policy: policy.policy }),
    },
  };
}

/**
 * What the worker is asked to go on with: the interrupted session, with the model (its endpoint and
 * key), the roles' models (an orchestrator run's; ignored in the other modes) and the suggestions in
 * Settings. Every setting the run recorded (task, mode, limits, policy, failure chain, budgets, window,
 * tokenizer, sampling, review rounds, the roles' step caps and instructions) is the session's own: a
 * resumed run keeps them.
 */
export function buildResumeRequest(sessionId: string, settings: PageSettings, extra: Pick<ResumeRequest, 'mode' | 'answer'> = {}): ResumeRequest {
  const { model, suggestions, roles } = settings;
  const roleModels = { planner: roles.planner.model, coder: roles.coder.model, reviewer: roles.reviewer.model };
  return { sessionId, model, suggestions, roleModels, ...extra };
}
