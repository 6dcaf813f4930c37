import type { RunErrorCode } from '../protocol/events';

/**
 * The emergency tier: how a failed run ends, as data the page and scripts act on. Each code
 * has what to try next, in order, and whether the same run again may succeed.
 */
export const DEFAULT_SUGGESTIONS: Record<RunErrorCode, readonly string[]> = {
  timeout: ['Retry: the endpoint may only have been slow.', 'Raise the idle timeout or the reply limit in Settings.', 'Try a smaller or faster model.'],
  loop_detected: ['Edit the task to say what to do differently.', 'Roll back to the last checkpoint and retry.', 'Try another model.'],
  llm_failure: ['Check the model settings (base URL, model name, API key).', 'Retry: the provider may have been busy.', 'Try another model or provider.'],
  context_overflow: ['Retry with a model that has a larger context window.', 'Split the task into smaller ones.'],
  sandbox_failure: ['Retry: the sandbox restarts.', 'Use the virtual sandbox if WebContainer keeps failing.'],
  budget_exceeded: ['Raise "Max iterations" in Settings and retry.', 'Edit the task into smaller steps.', 'Continue from here to go on from the last step.'],
  needs_human: ['Answer the question and resume.', 'Edit the task to include the missing information.'],
  internal_error: ['Retry.', 'Download the session file and report the problem.'],
  empty_task: ['Describe what the agent should do in the Task box.'],
  invalid_policy: ['Fix the policy in Settings (or remove it to use the defaults).'],
};

const RETRYABLE: Record<RunErrorCode, boolean> = {
  timeout: true,
  loop_detected: false,
  llm_failure: true,
  context_overflow: false,
  sandbox_failure: true,
  budget_exceeded: true,
  needs_human: false,
  internal_error: true,
  empty_task: false,
  invalid_policy: false,
};

export interface Emergency {
  errorCode: RunErrorCode;
  suggestions: string[];
  retryable: boolean;
}

/** A failure as the emergency tier reports it; `retryable` may be narrowed by the cause (a wrong key is not). */
export function emergency(errorCode: RunErrorCode, options: { retryable?: boolean } = {}): Emergency {
  return { errorCode, suggestions: [...DEFAULT_SUGGESTIONS[errorCode]], retryable: options.retryable ?? RETRYABLE[errorCode] };
}
