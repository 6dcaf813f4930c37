import { changedBy, type EngineEvent } from '../../protocol/events';
import { previewLineText } from '../../protocol/preview-text';
import { decideApproval, requestApproval } from './approvals';
import { addUsage } from './context-usage';
import { lineOf } from './engine-lines';
import { changeFile, putOutline, readFile } from './files';
import { enterPhase, recordViolation } from './phase';
import { changePreviews } from './previews';
import { answerQuestion, askQuestion, isCallAgain } from './questions';
import { configureRoles, finishRole, startRole } from './roles';
import { finishRun, resumeRun, startRun } from './run';
import { writeCommand } from './terminal';
import { addToolCall, appendDelta, attachResult, endStreaming, finishAssistant, markCheckpoint, pushEntry, refuseCall, restoreAfterEnd } from './timeline';
import type { UiState } from './ui-state';

/**
 * The page's state is a pure reduction of the engine's event log:
 * `events.reduce(reduce, initialState)` rebuilds any moment of a session.
 * Each family of events has its module (run, timeline, engine-lines, files, terminal, phase, roles,
 * questions, context-usage); this one sends each event to its family. The state's types and the
 * viewer's actions are re-exported here, where the page imports them.
 */

export { type FileView, openFiles, type OutlineView, revealLines, type RevealRange, selectFile, shownOutline, showOutline } from './files';
export { TERMINAL_MAX_CHARS, type TerminalState } from './terminal';
export type { HandoffEntry, RefusalView, RoleEntry, TimelineEntry, ToolResultView } from './timeline';
export { initialState, type RunView, sessionChangedFiles, type UiState } from './ui-state';

export function reduce(state: UiState, event: EngineEvent): UiState {
  if (event.type === 'run_started') return startRun(state, event);
  // A server belongs to the sandbox, not to a run: it counts whichever run it was recorded under.
  if (event.type === 'preview_ready' || event.type === 'preview_closed') {
    const previews = { ...state, previews: changePreviews(state.previews, event) };
    if (state.run === null || event.runId !== state.run.id) return previews;
    return pushEntry(previews, { kind: 'notice', id: `${event.runId}:${event.seq}`, level: 'info', message: previewLineText(event) });
  }
  // Events of a run other than the current one (late or replayed) are ignored.
  if (state.run === null || event.runId !== state.run.id) return state;
  const id = `${event.runId}:${event.seq}`;

  switch (event.type) {
    case 'iteration_started':
      return { ...state, run: { ...state.run, iteration: event.iteration } };
    case 'model_delta':
      return appendDelta(state, id, event.text);
    case 'assistant_message':
      return finishAssistant(state, id, event.text);
    case 'tool_call':
      if (isCallAgain(state, event.callId)) return state;
      return addToolCall(state, id, event);
    case 'tool_result':
      return attachResult(state, id, event);
    case 'file_read':
      return readFile(state, event);
    case 'file_outline':
      return putOutline(state, event);
    case 'file_changed':
      return pushEntry(
        changeFile(state, event),
        changedBy(event) === 'user'
          ? { kind: 'user_edit', id, path: event.path, change: event.change, diff: event.diff }
          : { kind: 'file', id, path: event.path, change: event.change },
      );
    case 'command_started':
    case 'command_output':
    case 'command_finished':
      return writeCommand(state, event);
    case 'checkpoint_restored':
      return pushEntry(restoreAfterEnd(state, event), lineOf(event, id));
    case 'notice':
    case 'model_retry':
    case 'loop_detected':
    case 'recovery_started':
    case 'recovery_finished':
    case 'phase_validation':
    case 'phase_rollback_started':
    case 'phase_rollback_completed':
    case 'phase_rollback_failed':
    case 'context_compacted':
    case 'final_check_started':
      return pushEntry(state, lineOf(event, id));
    case 'final_check_finished':
      return pushEntry({ ...state, run: { ...state.run, finalCheck: event.outcome } }, lineOf(event, id));
    case 'tool_call_preparing':
      // Transient: the page reads it from the log (state/current-wait.ts), not from the timeline.
      return state;
    case 'run_resumed':
      return resumeRun(state, id, event);
    case 'workspace_snapshot':
      return markCheckpoint(
        { ...state, run: { ...state.run, lastSnapshot: event.manifest }, snapshots: { first: state.snapshots.first ?? event.manifest, last: event.manifest } },
        event,
      );
    case 'human_asked':
      return askQuestion(endStreaming(state), id, event);
    case 'human_answered':
      return answerQuestion(state, event);
    case 'approval_requested':
      return requestApproval(endStreaming(state), id, event);
    case 'approval_decided':
      return decideApproval(state, event);
    case 'run_configured':
      return { ...state, roles: configureRoles(state.roles, event) };
    case 'user_message':
      return state;
    case 'role_started':
      return pushEntry(
        { ...endStreaming(state), roles: startRole(state.roles, id, event) },
        { kind: 'role', id, role: event.role, round: event.round, fix: event.fix ?? null },
      );
    case 'role_finished':
      return pushEntry(
        { ...endStreaming(state), roles: finishRole(state.roles, event) },
        { kind: 'handoff', id, role: event.role, round: event.round, handoff: event.handoff },
      );
    case 'usage':
      return { ...state, usage: addUsage(state.usage, event) };
    case 'phase_changed':
      return pushEntry({ ...state, phase: enterPhase(state.phase, event) }, lineOf(event, id));
    case 'phase_violation':
      return refuseCall({ ...state, phase: recordViolation(state.phase, id, event) }, id, event);
    case 'run_finished':
      return finishRun(state, id, event);
  }
}

export function reduceAll(state: UiState, events: readonly EngineEvent[]): UiState {
  return events.reduce(reduce, state);
}
