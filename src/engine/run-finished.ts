import type { EventPayload } from '../protocol/events';
import type { SuggestionOverrides } from '../protocol/suggestions';
import { emergency } from './emergency';
import type { LoopOutcome } from './loop-outcome';

type FinishedFields = Omit<EventPayload<'run_finished'>, 'type'>;

/**
 * run_finished's fields for how the loop ended. A failed run gets the emergency tier's structured
 * end (code, suggestions, retryable, the checkpoint "Roll back" goes to), or with the tier off the raw error only.
 */
export function runFinishedFields(
  outcome: LoopOutcome,
  options: { lastCheckpoint: string | null; suggestions: SuggestionOverrides; emergencyTier: boolean },
): FinishedFields {
  const fields = finishedFields(outcome, options.lastCheckpoint, options.suggestions);
  return options.emergencyTier ? fields : rawError(fields);
}

/** With the emergency tier off, a failed run ends with the raw error: its code, cause and reason only. */
function rawError(fields: FinishedFields): FinishedFields {
  const { suggestions: _suggestions, retryable: _retryable, lastCheckpoint: _lastCheckpoint, ...raw } = fields;
  return raw;
}

function finishedFields(outcome: LoopOutcome, lastCheckpoint: string | null, overrides: SuggestionOverrides): FinishedFields {
  switch (outcome.status) {
    case 'completed':
      return { status: 'completed', summary: outcome.summary, iterations: outcome.iterations, verified: outcome.verified };
    case 'failed': {
      // The emergency tier: a structured end the page and scripts can act on.
      const { errorCode, suggestions, retryable } = emergency(outcome.errorCode, {
        suggestions: overrides,
        ...(outcome.retryable === undefined ? {} : { retryable: outcome.retryable }),
      });
      return {
        status: 'failed',
        errorCode,
        cause: outcome.cause,
        reason: outcome.reason,
        suggestions,
        retryable,
        lastCheckpoint,
        iterations: outcome.iterations,
      };
    }
    case 'cancelled':
      return { status: 'cancelled', reason: outcome.reason, iterations: outcome.iterations };
  }
}
