import type { EngineEvent } from '../../protocol/events';

/**
 * What the run waits on at the end of the log, read from its last events (so replay shows the
 * same): the model's first token, a tool call being prepared, or a retry's delay.
 */
export type CurrentWait =
  /** A request is out and nothing of its reply has come yet; `since` is the ts of the event that sent it. */
  | { kind: 'model'; since: number }
  /** The reply is streaming a tool call: its name, and its path once known. */
  | { kind: 'preparing'; name: string; path: string | null }
  /** A failed request waits to be sent again: the retry entry `entryId` counts down to `until`, then the model is waited on. */
  | { kind: 'retry'; entryId: string; until: number };

/** Events that may come between a request and its reply without ending the wait (context shaped to fit, a note). */
const WITHIN_WAIT: ReadonlySet<EngineEvent['type']> = new Set(['context_compacted', 'notice', 'usage', 'run_configured']);

/** The wait at the end of the first `end` events of the log, or null when the run waits on nothing of these. */
export function currentWait(log: readonly EngineEvent[], end: number = log.length): CurrentWait | null {
  for (let i = Math.min(end, log.length) - 1; i >= 0; i--) {
    const event = log[i];
    if (event === undefined) return null;
    switch (event.type) {
      case 'tool_call_preparing':
        // The latest one of a call carries the most: its path, once known.
        return { kind: 'preparing', name: event.name, path: event.path ?? null };
      case 'model_retry':
        return { kind: 'retry', entryId: `${event.runId}:${event.seq}`, until: event.ts + event.delayMs };
      // Each model turn starts with iteration_started; a recovery asks the model for a critique.
      case 'iteration_started':
      case 'recovery_started':
        return { kind: 'model', since: event.ts };
      default:
        if (!WITHIN_WAIT.has(event.type)) return null;
    }
  }
  return null;
}
