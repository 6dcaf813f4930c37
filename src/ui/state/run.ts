import type { EventOf } from '../../protocol/events';
import { runDividerLine } from '../terminal/format';
import { initialPhaseState } from './phase';
import { initialRolesState, resumeRoles, stopRoles } from './roles';
import { writeTerminal } from './terminal';
import { endStreaming, lastAssistantText, pushEntry, type TimelineEntry } from './timeline';
import type { UiState } from './ui-state';

/** A run's start, resumption and end on the page. */

export function startRun(state: UiState, event: EventOf<'run_started'>): UiState {
  const sessionId = event.sessionId ?? event.runId;
  // A later run of the same session goes on in the same timeline and terminal, under a divider naming it.
  const continues = state.run !== null && state.sessionId === sessionId;
  const run = continues ? state.runs + 1 : 1;
  const task: TimelineEntry = { kind: 'task', id: `${event.runId}:${event.seq}`, task: event.task, run, playedTask: event.playedTask ?? null };
  const divided = continues ? writeTerminal(state, (atLineStart) => runDividerLine(run, event.task, atLineStart)) : state;
  // Files and terminal carry over: the workspace outlives a run.
  return {
    ...divided,
    sessionId,
    runs: run,
    status: 'running',
    run: {
      id: event.runId,
      task: event.task,
      mode: event.mode,
      model: event.model,
      sandbox: event.sandbox,
      maxIterations: event.maxIterations,
      iteration: 0,
      finalCheck: null,
      lastSnapshot: null,
    },
    timeline: continues ? [...state.timeline, task] : [task],
    phase: initialPhaseState,
    roles: initialRolesState,
    usage: null,
    // Another session's files began elsewhere.
    snapshots: continues ? state.snapshots : { first: null, last: null },
  };
}

export function resumeRun(state: UiState, id: string, event: EventOf<'run_resumed'>): UiState {
  return {
    ...pushEntry(endStreaming(state), { kind: 'notice', id, level: 'info', message: `Resumed: ${event.reason}` }),
    status: 'running',
    roles: resumeRoles(state.roles),
  };
}

export function finishRun(state: UiState, id: string, event: EventOf<'run_finished'>): UiState {
  return {
    ...pushEntry(endStreaming(state), {
      kind: 'end',
      id,
      status: event.status,
      reason: event.reason ?? null,
      errorCode: event.errorCode ?? null,
      summary: event.summary !== undefined && event.summary !== lastAssistantText(state.timeline) ? event.summary : null,
      iterations: event.iterations,
      answered: state.timeline.some((entry) => entry.kind === 'assistant' || entry.kind === 'tool'),
      suggestions: event.suggestions ?? [],
      retryable: event.retryable === true,
      verified: event.verified ?? null,
      noTestsFound: state.run?.finalCheck === 'no_tests',
      lastCheckpoint: event.lastCheckpoint ?? null,
      finalFiles: state.run?.lastSnapshot ?? null,
      restoredAway: false,
    }),
    status: event.status,
    roles: stopRoles(state.roles, event.ts),
  };
}
