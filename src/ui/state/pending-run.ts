import type { TimelineEntry, UiState } from './reducer';

/**
 * The Timeline of a run asked for that has not started yet: its task, at once, as run_started
 * will show it. A run of a real model goes on in the session on the page (under a divider); a
 * scripted demo starts a session of its own.
 */
export function pendingTimeline(state: UiState, task: string, scripted: boolean): readonly TimelineEntry[] {
  const continues = state.run !== null && !scripted;
  const entry: TimelineEntry = { kind: 'task', id: 'pending-task', task, run: continues ? state.runs + 1 : 1, playedTask: null };
  return continues ? [...state.timeline, entry] : [entry];
}
