import type { EventOf, Phase } from '../../protocol/events';
import type { Handoff, Role } from '../../protocol/handoffs';
import type { ApprovalEntry } from './approvals';

/** The Timeline's slice of the page state: its entries, and how a streamed reply and a tool call grow them. */

export interface ToolResultView {
  ok: boolean;
  output: string;
  durationMs: number;
}

/** A question to the human in the Timeline: asked, then answered (or left waiting when the run stopped). */
export interface QuestionEntry {
  kind: 'question';
  id: string;
  callId: string;
  question: string;
  /** A blocker is something the agent cannot fix itself. */
  questionKind: 'question' | 'blocker';
  options: readonly string[];
  answer: string | null;
}

/** What the gate refused, as the Timeline shows it: on the refused call's own entry, or alone when no entry has its call id. */
export interface RefusalView {
  tool: string;
  /** Null in react mode. */
  phase: Phase | null;
  refused: 'tool' | 'command' | 'write';
  target: string | null;
  reason: string;
  hint: string;
}

export interface RoleEntry {
  kind: 'role';
  id: string;
  role: Role;
  round: number;
  fix: 'review' | 'check' | null;
}

export interface HandoffEntry {
  kind: 'handoff';
  id: string;
  role: Role;
  round: number;
  handoff: Handoff;
}

export type TimelineEntry =
  | {
      kind: 'task';
      id: string;
      task: string;
      /** Which run of the session (1 for the first); a later run's task sits under a divider naming it. */
      run: number;
      /** The recorded task a scripted demo played instead of the typed one (which it did not read). */
      playedTask: string | null;
    }
  | { kind: 'assistant'; id: string; text: string; streaming: boolean }
  | {
      kind: 'tool';
      id: string;
      callId: string;
      name: string;
      /** Parsed arguments, or null when the model sent invalid JSON (see rawArguments). */
      args: unknown;
      rawArguments: string;
      result: ToolResultView | null;
      /** The workspace after this step, when it wrote files: "Restore files to here" goes back to it. */
      checkpoint?: string;
      /** The gate refused this call: shown here once, in place of the structured refusal the model read. */
      refusal?: RefusalView;
    }
  | { kind: 'file'; id: string; path: string; change: 'created' | 'edited' | 'deleted' }
  /** The user saved a file in the Editor between runs: "You edited src/a.ts", its diff behind it. */
  | { kind: 'user_edit'; id: string; path: string; change: 'created' | 'edited' | 'deleted'; diff: string }
  | { kind: 'notice'; id: string; level: 'info' | 'warning'; message: string }
  /** A failed model request the adapter retries (wait.ts shows its countdown while it is the current wait). */
  | { kind: 'retry'; id: string; attempt: number; maxAttempts: number; delayMs: number; reason: string }
  | { kind: 'phase'; id: string; from: Phase | null; to: Phase; reason: string; auto: boolean; claimed: boolean }
  | QuestionEntry
  /** "Ask before": a call waiting for the user's approval, then the decision. */
  | ApprovalEntry
  /** orchestrator: a role's turn starts; the Timeline groups the entries after it under this header. */
  | RoleEntry
  /** orchestrator: the role's checked handoff, shown as a card that closes its group. */
  | HandoffEntry
  | {
      /** The context was made smaller: one quiet line, the summary behind it. */
      kind: 'compaction';
      id: string;
      tier: 'mask' | 'summary' | 'overflow';
      tokensBefore: number;
      tokensAfter: number;
      masked: number;
      summaryBy: 'aux' | 'main' | 'deterministic' | null;
      summary: string | null;
    }
  | ({ kind: 'refusal'; id: string; callId: string } & RefusalView)
  | {
      kind: 'end';
      id: string;
      status: 'completed' | 'failed' | 'cancelled';
      reason: string | null;
      errorCode: string | null;
      summary: string | null;
      iterations: number;
      /** Whether the model answered at least once (a reply or a tool call) in this run. */
      answered: boolean;
      /** Failed runs: what to try, in order. */
      suggestions: string[];
      retryable: boolean;
      /** Completed runs: whether the engine saw the check pass on the final files. */
      verified: boolean | 'unknown' | null;
      /** The engine's check found no tests (so "unknown" reads "no tests found", never a green badge). */
      noTestsFound: boolean;
      /** Failed runs: where "Roll back" goes (the run's, or its phase's, starting files). */
      lastCheckpoint: string | null;
      /** The run's files as it ended (its last snapshot's manifest): where "Back to latest" goes. */
      finalFiles: string | null;
      /** The files were restored to another point since: the verdict was about files no longer there. */
      restoredAway: boolean;
    };

interface WithTimeline {
  timeline: readonly TimelineEntry[];
}

/**
 * Timelines a bulk reduction may still change in place: made during it, and held by no state it
 * keeps (see `inBulk`). Null outside one, where every change copies.
 */
let changeable: WeakSet<readonly TimelineEntry[]> | null = null;

/**
 * Runs a reduction of many events whose in-between states are thrown away. Copying the timeline
 * for each entry made opening a long log quadratic (20,000 entries took half a minute); here a
 * timeline made during the run grows in place until `keep()` says the current state is kept
 * (a replay keyframe), after which the next change copies again. Seen from outside, every state
 * stays a pure value.
 */
export function inBulk<T>(reduceAll: (keep: () => void) => T): T {
  const outer = changeable;
  changeable = new WeakSet();
  try {
    return reduceAll(() => {
      changeable = new WeakSet();
    });
  } finally {
    changeable = outer;
  }
}

export function pushEntry<S extends WithTimeline>(state: S, entry: TimelineEntry): S {
  if (changeable?.has(state.timeline)) {
    (state.timeline as TimelineEntry[]).push(entry);
    return { ...state };
  }
  const timeline = [...state.timeline, entry];
  changeable?.add(timeline);
  return { ...state, timeline };
}

function lastStreamingIndex(timeline: readonly TimelineEntry[]): number {
  for (let i = timeline.length - 1; i >= 0; i--) {
    const entry = timeline[i];
    if (entry?.kind === 'assistant' && entry.streaming) return i;
  }
  return -1;
}

function replaceAt(timeline: readonly TimelineEntry[], index: number, entry: TimelineEntry | null): readonly TimelineEntry[] {
  const next = changeable?.has(timeline) ? (timeline as TimelineEntry[]) : [...timeline];
  changeable?.add(next);
  if (entry === null) next.splice(index, 1);
  else next[index] = entry;
  return next;
}

export function appendDelta<S extends WithTimeline>(state: S, id: string, text: string): S {
  const index = lastStreamingIndex(state.timeline);
  const current = state.timeline[index];
  if (current?.kind !== 'assistant') {
    return pushEntry(state, { kind: 'assistant', id, text, streaming: true });
  }
  return { ...state, timeline: replaceAt(state.timeline, index, { ...current, text: current.text + text }) };
}

export function finishAssistant<S extends WithTimeline>(state: S, id: string, text: string): S {
  const index = lastStreamingIndex(state.timeline);
  const current = state.timeline[index];
  if (current?.kind === 'assistant') {
    // The final message is authoritative; an empty one (tool calls only) leaves no bubble.
    const entry = text.trim() === '' ? null : { ...current, text, streaming: false };
    return { ...state, timeline: replaceAt(state.timeline, index, entry) };
  }
  if (text.trim() === '') return state;
  return pushEntry(state, { kind: 'assistant', id, text, streaming: false });
}

export function lastAssistantText(timeline: readonly TimelineEntry[]): string | null {
  for (let i = timeline.length - 1; i >= 0; i--) {
    const entry = timeline[i];
    if (entry?.kind === 'assistant') return entry.text;
  }
  return null;
}

export function endStreaming<S extends WithTimeline>(state: S): S {
  if (lastStreamingIndex(state.timeline) < 0) return state;
  return {
    ...state,
    timeline: state.timeline.map((entry) => (entry.kind === 'assistant' && entry.streaming ? { ...entry, streaming: false } : entry)),
  };
}

export function addToolCall<S extends WithTimeline>(state: S, id: string, event: EventOf<'tool_call'>): S {
  return pushEntry(state, {
    kind: 'tool',
    id,
    callId: event.callId,
    name: event.name,
    args: event.args ?? null,
    rawArguments: event.rawArguments,
    result: null,
  });
}

export function attachResult<S extends WithTimeline>(state: S, id: string, event: EventOf<'tool_result'>): S {
  const result: ToolResultView = { ok: event.ok, output: event.output, durationMs: event.durationMs };
  const index = state.timeline.findIndex((entry) => entry.kind === 'tool' && entry.callId === event.callId);
  const current = state.timeline[index];
  if (current?.kind !== 'tool') {
    return pushEntry(state, {
      kind: 'tool',
      id,
      callId: event.callId,
      name: event.name,
      args: null,
      rawArguments: '',
      result,
    });
  }
  return { ...state, timeline: replaceAt(state.timeline, index, { ...current, result }) };
}

/**
 * A refusal of the gate goes on its call's entry (the call, its refusal and the result the model
 * read are one step, shown once); a refusal whose call is not on the Timeline is a line of its own.
 */
export function refuseCall<S extends WithTimeline>(state: S, id: string, event: EventOf<'phase_violation'>): S {
  const refusal: RefusalView = {
    tool: event.tool,
    phase: event.phase,
    refused: event.kind,
    target: event.target ?? null,
    reason: event.reason,
    hint: event.hint,
  };
  const index = state.timeline.findLastIndex((entry) => entry.kind === 'tool' && entry.callId === event.callId);
  const current = state.timeline[index];
  if (current?.kind !== 'tool' || current.refusal !== undefined) return pushEntry(state, { kind: 'refusal', id, callId: event.callId, ...refusal });
  return { ...state, timeline: replaceAt(state.timeline, index, { ...current, refusal }) };
}

/** A step's snapshot: its tool entry offers "Restore files to here". */
export function markCheckpoint<S extends WithTimeline>(state: S, event: EventOf<'workspace_snapshot'>): S {
  if (event.callId === undefined) return state;
  const callId = event.callId;
  return {
    ...state,
    timeline: state.timeline.map((entry) => (entry.kind === 'tool' && entry.callId === callId ? { ...entry, checkpoint: event.manifest } : entry)),
  };
}

/**
 * Files restored to a checkpoint after the run ended: its end's verdict no longer speaks for the
 * files in the sandbox, unless the restore went back to the files the run ended with.
 */
export function restoreAfterEnd<S extends WithTimeline>(state: S, event: EventOf<'checkpoint_restored'>): S {
  const at = state.timeline.findLastIndex((entry) => entry.kind === 'end');
  const end = state.timeline[at];
  if (end?.kind !== 'end') return state;
  const restoredAway = event.manifest !== end.finalFiles && (event.changed > 0 || end.restoredAway);
  if (restoredAway === end.restoredAway) return state;
  return { ...state, timeline: state.timeline.map((entry, index) => (index === at ? { ...end, restoredAway } : entry)) };
}
