import type { EngineEvent, EventOf, ModelInfo, OutlineSymbol, Phase, RunStatus, SandboxInfo } from '../../protocol/events';
import { exitLine, promptLine, runDividerLine, toTerminalNewlines } from '../terminal/format';
import { addUsage, type ContextUsage } from './context-usage';
import { enterPhase, initialPhaseState, type PhaseState, recordViolation } from './phase';
import { phaseCheckNotice } from './phase-checks';
import { answerQuestion, askQuestion, isCallAgain, type QuestionEntry } from './questions';

/**
 * The page's state is a pure reduction of the engine's event log:
 * `events.reduce(reduce, initialState)` rebuilds any moment of a session.
 */

export interface ToolResultView {
  ok: boolean;
  output: string;
  durationMs: number;
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
    }
  | { kind: 'file'; id: string; path: string; change: 'created' | 'edited' | 'deleted' }
  | { kind: 'notice'; id: string; level: 'info' | 'warning'; message: string }
  /** A failed model request the adapter retries (wait.ts shows its countdown while it is the current wait). */
  | { kind: 'retry'; id: string; attempt: number; maxAttempts: number; delayMs: number; reason: string }
  | { kind: 'phase'; id: string; from: Phase | null; to: Phase; reason: string; auto: boolean }
  | QuestionEntry
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
  | {
      kind: 'refusal';
      id: string;
      callId: string;
      tool: string;
      /** Null in react mode. */
      phase: Phase | null;
      refused: 'tool' | 'command' | 'write';
      target: string | null;
      reason: string;
      hint: string;
    }
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
      /** Completed runs: whether the last tests passed with nothing changed since. */
      verified: boolean | 'unknown' | null;
      /** Failed runs: where "Roll back" goes (the run's, or its phase's, starting files). */
      lastCheckpoint: string | null;
    };

export interface FileView {
  path: string;
  /** What the editor shows: the latest content the agent read or wrote. */
  content: string;
  /** For edited files, the content before the first edit of this session (the diff's left side). */
  before: string | null;
  origin: 'read' | 'created' | 'edited' | 'deleted';
  truncated: boolean;
  /** Lines to reveal and highlight: the last read of a range or a symbol, or an outline item picked by the viewer. */
  reveal: RevealRange | null;
  /** Bumps on every change so views know to refresh. */
  version: number;
}

export interface RevealRange {
  startLine: number;
  endLine: number;
  /** Qualified name when the range is a symbol's. */
  symbol: string | null;
}

/** A file's symbols as the outline tool last listed them, in source order with their nesting depth. */
export interface OutlineView {
  path: string;
  symbols: readonly OutlineSymbol[];
}

export interface TerminalState {
  /** xterm-ready text (ANSI kept, "\r\n" line ends), possibly trimmed at the front. */
  text: string;
  /** Characters trimmed from the front so far; `dropped + text.length` only grows. */
  dropped: number;
  atLineStart: boolean;
}

export interface RunView {
  id: string;
  task: string;
  mode: 'react' | 'plan_exec';
  model: ModelInfo;
  sandbox: SandboxInfo;
  maxIterations: number;
  iteration: number;
}

export interface UiState {
  status: RunStatus;
  /** The session on the page (one workspace and its runs): its first run's id, or the id its runs name. */
  sessionId: string | null;
  /** How many runs of the session the log has started. */
  runs: number;
  run: RunView | null;
  timeline: readonly TimelineEntry[];
  files: Readonly<Record<string, FileView>>;
  /** Tab order: first time each file was seen. */
  fileOrder: readonly string[];
  activeFile: string | null;
  /** Outlines by path (the latest of each file); they outlive a run, like files. */
  outlines: Readonly<Record<string, OutlineView>>;
  /** Order in which files were first outlined. */
  outlineOrder: readonly string[];
  /**
   * The outline the Editor shows: the file last outlined, or the outlined file the agent or the
   * viewer turned to since (read, changed, tab picked, or picked in the outline's own file list).
   */
  outlineFocus: string | null;
  terminal: TerminalState;
  /** plan_exec phases of the current run (empty in react mode). */
  phase: PhaseState;
  /** The context meter: the last request against the window and the run's token totals (null before the first reply). */
  usage: ContextUsage | null;
}

export const initialState: UiState = {
  status: 'idle',
  sessionId: null,
  runs: 0,
  run: null,
  timeline: [],
  files: {},
  fileOrder: [],
  activeFile: null,
  outlines: {},
  outlineOrder: [],
  outlineFocus: null,
  terminal: { text: '', dropped: 0, atLineStart: true },
  phase: initialPhaseState,
  usage: null,
};

/** Keep at most this much terminal text; xterm keeps its own scrollback. */
export const TERMINAL_MAX_CHARS = 1_000_000;
const TERMINAL_KEEP_CHARS = 750_000;

const loopActionText = {
  nudge: 'the model was told.',
  recover: 'recovery starts.',
  escalate: 'the run cannot go on like this (you are asked once how to go on).',
} as const;

export function reduce(state: UiState, event: EngineEvent): UiState {
  if (event.type === 'run_started') return startRun(state, event);
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
      return pushEntry(state, {
        kind: 'tool',
        id,
        callId: event.callId,
        name: event.name,
        args: event.args ?? null,
        rawArguments: event.rawArguments,
        result: null,
      });
    case 'tool_result':
      return attachResult(state, id, event);
    case 'file_read':
      return readFile(state, event);
    case 'file_outline':
      return putOutline(state, event);
    case 'file_changed':
      return pushEntry(changeFile(state, event), { kind: 'file', id, path: event.path, change: event.change });
    case 'command_started':
      return writeTerminal(state, (atLineStart) => (atLineStart ? '' : '\r\n') + promptLine(event.command));
    case 'command_output':
      return writeTerminal(state, () => toTerminalNewlines(event.chunk));
    case 'command_finished':
      return writeTerminal(state, (atLineStart) => (atLineStart ? '' : '\r\n') + exitLine(event));
    case 'notice':
      return pushEntry(state, { kind: 'notice', id, level: event.level, message: event.message });
    case 'model_retry':
      return pushEntry(state, { kind: 'retry', id, attempt: event.attempt, maxAttempts: event.maxAttempts, delayMs: event.delayMs, reason: event.reason });
    case 'tool_call_preparing':
      // Transient: the page reads it from the log (state/current-wait.ts), not from the timeline.
      return state;
    case 'run_resumed':
      return {
        ...pushEntry(endStreaming(state), { kind: 'notice', id, level: 'info', message: `Resumed: ${event.reason}` }),
        status: 'running',
      };
    case 'loop_detected':
      return pushEntry(state, {
        kind: 'notice',
        id,
        level: 'warning',
        message: `Loop detected (${event.count}× the same ${event.pattern === 'repeat' ? 'call' : 'pair of calls'}): ${loopActionText[event.action]}`,
      });
    case 'recovery_started':
      return pushEntry(state, {
        kind: 'notice',
        id,
        level: 'warning',
        message: `Recovery: ${event.detail} Asking the model for a critique and a revised plan.`,
      });
    case 'recovery_finished':
      return pushEntry(state, {
        kind: 'notice',
        id,
        level: 'info',
        message: event.ok ? `Critique${event.model ? ` from ${event.model}` : ''}: ${event.critique}` : 'The recovery request failed; going on.',
      });
    case 'workspace_snapshot': {
      if (event.callId === undefined) return state;
      const callId = event.callId;
      return {
        ...state,
        timeline: state.timeline.map((entry) => (entry.kind === 'tool' && entry.callId === callId ? { ...entry, checkpoint: event.manifest } : entry)),
      };
    }
    case 'checkpoint_restored':
      return pushEntry(state, {
        kind: 'notice',
        id,
        level: 'info',
        message: `Files restored to a checkpoint (${event.changed} ${event.changed === 1 ? 'file' : 'files'} changed).`,
      });
    case 'phase_validation':
    case 'phase_rollback_started':
    case 'phase_rollback_completed':
    case 'phase_rollback_failed':
      return pushEntry(state, { kind: 'notice', id, ...phaseCheckNotice(event) });
    case 'context_compacted':
      return pushEntry(state, {
        kind: 'compaction',
        id,
        tier: event.tier,
        tokensBefore: event.tokensBefore,
        tokensAfter: event.tokensAfter,
        masked: event.masked ?? 0,
        summaryBy: event.summaryBy ?? null,
        summary: event.summary ?? null,
      });
    case 'human_asked':
      return askQuestion(endStreaming(state), id, event);
    case 'human_answered':
      return answerQuestion(state, event);
    case 'run_configured':
    case 'user_message':
      return state;
    case 'usage':
      return { ...state, usage: addUsage(state.usage, event) };
    case 'phase_changed':
      return pushEntry(
        { ...state, phase: enterPhase(state.phase, event) },
        { kind: 'phase', id, from: event.from, to: event.to, reason: event.reason, auto: event.auto },
      );
    case 'phase_violation':
      return pushEntry(
        { ...state, phase: recordViolation(state.phase, id, event) },
        {
          kind: 'refusal',
          id,
          callId: event.callId,
          tool: event.tool,
          phase: event.phase,
          refused: event.kind,
          target: event.target ?? null,
          reason: event.reason,
          hint: event.hint,
        },
      );
    case 'run_finished':
      return {
        ...pushEntry(endStreaming(state), {
          kind: 'end',
          id,
          status: event.status,
          reason: event.reason ?? null,
          errorCode: event.errorCode ?? null,
          summary: event.summary !== undefined && event.summary !== lastAssistantText(state) ? event.summary : null,
          iterations: event.iterations,
          answered: state.timeline.some((entry) => entry.kind === 'assistant' || entry.kind === 'tool'),
          suggestions: event.suggestions ?? [],
          retryable: event.retryable === true,
          verified: event.verified ?? null,
          lastCheckpoint: event.lastCheckpoint ?? null,
        }),
        status: event.status,
      };
  }
}

export function reduceAll(state: UiState, events: readonly EngineEvent[]): UiState {
  return events.reduce(reduce, state);
}

function startRun(state: UiState, event: EventOf<'run_started'>): UiState {
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
    },
    timeline: continues ? [...state.timeline, task] : [task],
    phase: initialPhaseState,
    usage: null,
  };
}

function pushEntry(state: UiState, entry: TimelineEntry): UiState {
  return { ...state, timeline: [...state.timeline, entry] };
}

function lastStreamingIndex(timeline: readonly TimelineEntry[]): number {
  for (let i = timeline.length - 1; i >= 0; i--) {
    const entry = timeline[i];
    if (entry?.kind === 'assistant' && entry.streaming) return i;
  }
  return -1;
}

function replaceAt(timeline: readonly TimelineEntry[], index: number, entry: TimelineEntry | null): TimelineEntry[] {
  const next = [...timeline];
  if (entry === null) next.splice(index, 1);
  else next[index] = entry;
  return next;
}

function appendDelta(state: UiState, id: string, text: string): UiState {
  const index = lastStreamingIndex(state.timeline);
  const current = state.timeline[index];
  if (current?.kind !== 'assistant') {
    return pushEntry(state, { kind: 'assistant', id, text, streaming: true });
  }
  return { ...state, timeline: replaceAt(state.timeline, index, { ...current, text: current.text + text }) };
}

function finishAssistant(state: UiState, id: string, text: string): UiState {
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

function lastAssistantText(state: UiState): string | null {
  for (let i = state.timeline.length - 1; i >= 0; i--) {
    const entry = state.timeline[i];
    if (entry?.kind === 'assistant') return entry.text;
  }
  return null;
}

function endStreaming(state: UiState): UiState {
  if (lastStreamingIndex(state.timeline) < 0) return state;
  return {
    ...state,
    timeline: state.timeline.map((entry) => (entry.kind === 'assistant' && entry.streaming ? { ...entry, streaming: false } : entry)),
  };
}

function attachResult(state: UiState, id: string, event: EventOf<'tool_result'>): UiState {
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

function putFile(state: UiState, file: FileView): UiState {
  const known = state.files[file.path] !== undefined;
  return {
    ...focusOutline(state, file.path),
    files: { ...state.files, [file.path]: file },
    fileOrder: known ? state.fileOrder : [...state.fileOrder, file.path],
    activeFile: file.path,
  };
}

function readFile(state: UiState, event: EventOf<'file_read'>): UiState {
  const existing = state.files[event.path];
  const reveal = event.startLine !== undefined ? { startLine: event.startLine, endLine: event.endLine ?? event.startLine, symbol: event.symbol ?? null } : null;
  // Reading a file the agent changed keeps its diff; the read shows the current text.
  const keepsOrigin = existing !== undefined && (existing.origin === 'created' || existing.origin === 'edited');
  return putFile(state, {
    path: event.path,
    content: event.content,
    before: keepsOrigin ? existing.before : null,
    origin: keepsOrigin ? existing.origin : 'read',
    truncated: event.truncated,
    reveal,
    version: (existing?.version ?? 0) + 1,
  });
}

function changeFile(state: UiState, event: EventOf<'file_changed'>): UiState {
  const existing = state.files[event.path];
  const version = (existing?.version ?? 0) + 1;
  const base = { path: event.path, truncated: false, reveal: null, version };
  switch (event.change) {
    case 'created':
      return putFile(state, { ...base, origin: 'created', content: event.after ?? '', before: null });
    case 'edited': {
      // Keep the oldest "before" so repeated edits show the whole change (for a new file: as first written).
      const before = existing?.origin === 'edited' ? existing.before : event.before;
      return putFile(state, { ...base, origin: 'edited', content: event.after ?? '', before: before ?? '' });
    }
    case 'deleted':
      return putFile(state, {
        ...base,
        origin: 'deleted',
        content: event.before ?? existing?.content ?? '',
        before: null,
      });
  }
}

function writeTerminal(state: UiState, text: (atLineStart: boolean) => string): UiState {
  const added = text(state.terminal.atLineStart);
  if (added === '') return state;
  let combined = state.terminal.text + added;
  let dropped = state.terminal.dropped;
  if (combined.length > TERMINAL_MAX_CHARS) {
    const cut = combined.length - TERMINAL_KEEP_CHARS;
    combined = combined.slice(cut);
    dropped += cut;
  }
  return {
    ...state,
    terminal: { text: combined, dropped, atLineStart: added.endsWith('\n') },
  };
}

function putOutline(state: UiState, event: EventOf<'file_outline'>): UiState {
  const known = state.outlines[event.path] !== undefined;
  return {
    ...state,
    outlines: { ...state.outlines, [event.path]: { path: event.path, symbols: event.symbols } },
    outlineOrder: known ? state.outlineOrder : [...state.outlineOrder, event.path],
    outlineFocus: event.path,
  };
}

/** Turning to a file moves the outline to it when it has one; otherwise the outline stays. */
function focusOutline(state: UiState, path: string): UiState {
  if (state.outlines[path] === undefined || state.outlineFocus === path) return state;
  return { ...state, outlineFocus: path };
}

/** The outline the Editor shows, or null before any file was outlined. */
export function shownOutline(state: UiState): OutlineView | null {
  return state.outlineFocus === null ? null : (state.outlines[state.outlineFocus] ?? null);
}

/** The viewer picked an outlined file in the outline's file list. */
export function showOutline(state: UiState, path: string): UiState {
  return focusOutline(state, path);
}

/**
 * The viewer picked lines (an outline item): an open file shows and highlights them.
 * A file that is not open stays closed (the outline carries no content), so nothing changes.
 */
export function revealLines(state: UiState, path: string, range: RevealRange): UiState {
  const file = state.files[path];
  if (!file || file.origin === 'deleted') return state;
  return {
    ...focusOutline(state, path),
    files: { ...state.files, [path]: { ...file, reveal: range, version: file.version + 1 } },
    activeFile: path,
  };
}

/** The files the editor shows, in tab order. */
export function openFiles(state: UiState): FileView[] {
  return state.fileOrder.flatMap((path) => {
    const file = state.files[path];
    return file ? [file] : [];
  });
}

/** The viewer picked a tab; the next file event moves the focus again. */
export function selectFile(state: UiState, path: string): UiState {
  if (state.files[path] === undefined || state.activeFile === path) return state;
  return { ...focusOutline(state, path), activeFile: path };
}
