import type { EngineEvent, EventOf } from '../protocol/events';

/** A tool call of the log with its result, and the workspace snapshot the log held when the result was recorded. */
export interface FinishedCall {
  call: EventOf<'tool_call'>;
  result: EventOf<'tool_result'>;
  /** The last snapshot manifest before the result (a step's snapshot is taken before its result is recorded); null without one. */
  workspace: string | null;
  /** Where the result is in the log. */
  index: number;
}

/**
 * The calls a log records as finished, in the order their results came: what a resumed run's
 * failure chain and fix-attempt tracker go over again, so their counts go on from the log.
 */
export function finishedCalls(events: readonly EngineEvent[]): FinishedCall[] {
  const calls = new Map<string, EventOf<'tool_call'>>();
  const finished: FinishedCall[] = [];
  let workspace: string | null = null;
  for (const [index, event] of events.entries()) {
    if (event.type === 'tool_call') calls.set(event.callId, event);
    else if (event.type === 'workspace_snapshot') workspace = event.manifest;
    else if (event.type === 'tool_result') {
      const call = calls.get(event.callId);
      if (call) finished.push({ call, result: event, workspace, index });
    }
  }
  return finished;
}
