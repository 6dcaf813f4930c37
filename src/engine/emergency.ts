import type { RunErrorCode } from '../protocol/events';
import { DEFAULT_SUGGESTIONS, type SuggestionOverrides } from '../protocol/suggestions';

/**
 * The emergency tier: how a failed run ends, as data the page and scripts act on. Each code
 * has what to try next, in order (the built-ins in `src/protocol/suggestions.ts`, or the
 * user's overrides), and whether the same run again may succeed.
 */

/** Whether the same run again may succeed, per code. */
const RETRYABLE: Record<RunErrorCode, boolean> = {
  timeout: true,
  loop_detected: false,
  llm_failure: true,
  context_overflow: false,
  sandbox_failure: true,
  budget_exceeded: true,
  needs_human: false,
  phase_incomplete: false,
  verification_failed: true,
  internal_error: true,
  empty_task: false,
  invalid_policy: false,
};

export interface Emergency {
  errorCode: RunErrorCode;
  suggestions: string[];
  retryable: boolean;
}

/**
 * A failure as the emergency tier reports it; `retryable` may be narrowed by the cause (a wrong key is not).
 * `suggestions` are the user's overrides (Settings → "Suggestions on failed runs"): a code they name gets theirs.
 */
export function emergency(errorCode: RunErrorCode, options: { retryable?: boolean; suggestions?: SuggestionOverrides } = {}): Emergency {
  const override = options.suggestions?.[errorCode];
  const suggestions = override && override.length > 0 ? override : DEFAULT_SUGGESTIONS[errorCode];
  return { errorCode, suggestions: [...suggestions], retryable: options.retryable ?? RETRYABLE[errorCode] };
}
