import type { EventOf } from '../../protocol/events';
import type { QuestionEntry, TimelineEntry } from './timeline';
import type { UiState } from './ui-state';

/** The run waits: the question shows with its answer box. Asked again after a resume, it stays one entry. */
export function askQuestion(state: UiState, id: string, event: EventOf<'human_asked'>): UiState {
  const entry: QuestionEntry = {
    kind: 'question',
    id,
    callId: event.callId,
    question: event.question,
    questionKind: event.kind,
    options: event.options ?? [],
    answer: null,
  };
  const index = state.timeline.findIndex((e) => e.kind === 'question' && e.callId === event.callId);
  const timeline: TimelineEntry[] = [...state.timeline];
  if (index === -1) timeline.push(entry);
  else timeline[index] = { ...entry, id: timeline[index]?.id ?? id };
  return { ...state, timeline, status: 'waiting' };
}

export function answerQuestion(state: UiState, event: EventOf<'human_answered'>): UiState {
  return {
    ...state,
    status: state.status === 'waiting' ? 'running' : state.status,
    timeline: state.timeline.map((entry) => (entry.kind === 'question' && entry.callId === event.callId ? { ...entry, answer: event.answer } : entry)),
  };
}

/** The question the run waits on, if any: the last one without an answer. */
export function waitingQuestion(timeline: readonly TimelineEntry[]): QuestionEntry | null {
  for (let i = timeline.length - 1; i >= 0; i--) {
    const entry = timeline[i];
    if (entry?.kind === 'question') return entry.answer === null ? entry : null;
  }
  return null;
}

/** A question left waiting is asked again after a resume: its call is already on the Timeline. */
export function isCallAgain(state: UiState, callId: string): boolean {
  return state.timeline.some((entry) => entry.kind === 'tool' && entry.callId === callId && entry.result === null);
}
