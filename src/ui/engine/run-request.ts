import type { RunRequest } from '../../worker/api';
import { type PageSettings, runPolicy } from '../settings/page-settings';

export type RunRequestResult = { ok: true; request: RunRequest } | { ok: false; error: string };

/** What the worker is asked to run: the task with the engine's part of the settings and the parsed policy. */
export function buildRunRequest(task: string, settings: PageSettings): RunRequestResult {
  const policy = runPolicy(settings);
  if (!policy.ok) return { ok: false, error: policy.error };
  const { model, mode, maxIterations, refuseSyntaxErrors, allowDestructive, maxRecoveries, emergency, suggestions, maxTokensPerRun, maxCostPerRun } = settings;
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
      ...(policy.policy === undefined ? {} : { policy: policy.policy }),
    },
  };
}
