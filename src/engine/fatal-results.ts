import type { EventPayload, RunErrorCode } from '../protocol/events';

export interface FatalOutcome {
  errorCode: RunErrorCode;
  cause: string;
  reason: string;
  retryable?: boolean;
}

/**
 * Tool results the run cannot go on after: a question nobody can answer here, a sandbox that
 * stopped working, the engine's check still failing on leaving verification after the fix attempts. Every other failed result is for the model to read.
 */
export function fatalOutcome(result: EventPayload<'tool_result'>): FatalOutcome | null {
  if (result.ok) return null;
  if (result.errorKind === 'needs_human') return { errorCode: 'needs_human', cause: 'no_one_to_answer', reason: `The agent needs an answer. ${result.output}` };
  if (result.errorKind === 'verification_failed')
    return { errorCode: 'verification_failed', cause: 'fix_attempts_spent', reason: result.output, retryable: true };
  if (result.errorKind === 'sandbox_unavailable') return { errorCode: 'sandbox_failure', cause: 'sandbox_crashed', reason: result.output, retryable: true };
  return null;
}
