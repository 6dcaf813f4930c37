import type { EventOf } from './events';

/** A model retry (the `model_retry` event's fields), as the model port reports it and as the page and the CLI print it. */
export type RetryFacts = Pick<EventOf<'model_retry'>, 'attempt' | 'maxAttempts' | 'delayMs' | 'reason'>;

/** Whole seconds, rounded up, so a countdown reaches 0 only when the wait is over. */
export function wholeSeconds(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

function cause(retry: RetryFacts): string {
  return `Model request failed: ${retry.reason}.`;
}

function attempt(retry: RetryFacts): string {
  return `(attempt ${retry.attempt} of ${retry.maxAttempts})`;
}

/** "Model request failed: network error. Retrying in 2 s (attempt 1 of 3)"; `remainingMs` counts down from the delay. */
export function retryingText(retry: RetryFacts, remainingMs: number = retry.delayMs): string {
  const seconds = wholeSeconds(remainingMs);
  return `${cause(retry)} ${seconds === 0 ? 'Retrying now' : `Retrying in ${seconds} s`} ${attempt(retry)}`;
}

/** The same retry once something came after it: "Model request failed: network error. Retried after 2 s (attempt 1 of 3)". */
export function retriedText(retry: RetryFacts): string {
  const seconds = wholeSeconds(retry.delayMs);
  return `${cause(retry)} ${seconds === 0 ? 'Retried at once' : `Retried after ${seconds} s`} ${attempt(retry)}`;
}
