import type { ApprovalDecision, EventOf } from '../../protocol/events';
import type { TimelineEntry } from './timeline';
import type { UiState } from './ui-state';

/** A call waiting for the user's approval ("Ask before"), then what they decided (or nothing when the run stopped first). */
export interface ApprovalEntry {
  kind: 'approval';
  id: string;
  callId: string;
  tool: string;
  approvalKind: 'command' | 'edit';
  summary: string;
  detail: string | null;
  path: string | null;
  decision: ApprovalDecision | null;
  reason: string | null;
}

/** The run waits for the decision. Asked again after a resume, it stays one entry. */
export function requestApproval(state: UiState, id: string, event: EventOf<'approval_requested'>): UiState {
  const entry: ApprovalEntry = {
    kind: 'approval',
    id,
    callId: event.callId,
    tool: event.tool,
    approvalKind: event.kind,
    summary: event.summary,
    detail: event.detail ?? null,
    path: event.path ?? null,
    decision: null,
    reason: null,
  };
  const index = state.timeline.findIndex((e) => e.kind === 'approval' && e.callId === event.callId);
  const timeline: TimelineEntry[] = [...state.timeline];
  if (index === -1) timeline.push(entry);
  else timeline[index] = { ...entry, id: timeline[index]?.id ?? id };
  return { ...state, timeline, status: 'waiting' };
}

export function decideApproval(state: UiState, event: EventOf<'approval_decided'>): UiState {
  return {
    ...state,
    status: state.status === 'waiting' ? 'running' : state.status,
    timeline: state.timeline.map((entry) =>
      entry.kind === 'approval' && entry.callId === event.callId ? { ...entry, decision: event.decision, reason: event.reason ?? null } : entry,
    ),
  };
}

/** The approval the run waits on, if any: the last one, when it has no decision yet. */
export function waitingApproval(timeline: readonly TimelineEntry[]): ApprovalEntry | null {
  for (let i = timeline.length - 1; i >= 0; i--) {
    const entry = timeline[i];
    if (entry?.kind === 'approval') return entry.decision === null ? entry : null;
  }
  return null;
}
