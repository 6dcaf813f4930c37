import type { EngineEvent } from '../../protocol/events';

/**
 * What a replay steps by: one agent step, a model turn (its reply, after the streamed pieces that
 * built it) or a tool's result. Step forward, Step back, ←/→ and the counter ("Replay 20/38") all
 * use these boundaries; the "Replay position" slider stays event by event.
 */
export function endsAgentStep(event: EngineEvent): boolean {
  return event.type === 'assistant_message' || event.type === 'tool_result';
}

/** The positions (events shown) right after each agent step of the log, ascending. */
export function agentStepEnds(log: readonly EngineEvent[]): number[] {
  const ends: number[] = [];
  log.forEach((event, index) => {
    if (endsAgentStep(event)) ends.push(index + 1);
  });
  return ends;
}

/** How many of `ends` are at or before `position`: the steps a replay at `position` has shown. */
export function stepsShown(ends: readonly number[], position: number): number {
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ends[middle] ?? 0) <= position) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where one step forward lands: the end of the next step, or the log's end after the last one. */
export function nextStepPosition(ends: readonly number[], position: number, length: number): number {
  return Math.min(length, ends[stepsShown(ends, position)] ?? length);
}

/** Where one step back lands: the end of the step before the one shown, or the start. */
export function previousStepPosition(ends: readonly number[], position: number): number {
  const before = stepsShown(ends, position - 1);
  return before === 0 ? 0 : (ends[before - 1] ?? 0);
}
