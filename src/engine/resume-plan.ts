import type { TokenEncoding } from '../model/token-counter';
import type { AskBefore } from '../protocol/ask-before';
import type { EngineEvent, EventOf, Phase, RecordedRoles, ToolCall } from '../protocol/events';
import type { Mode, ModelSettingsInput } from '../protocol/settings';

/** What a resumed run needs to know of its log, worked out before anything is touched. */
export interface ResumePlan {
  runId: string;
  /** The log as it was stored. */
  events: readonly EngineEvent[];
  start: EventOf<'run_started'>;
  configured: EventOf<'run_configured'>;
  /** The settings the run last recorded (run_configured, then each resume's run_resumed); absent ones take the defaults. */
  settings: RecordedSettings;
  /** The mode the run was last configured in. */
  mode: Mode;
  /**
   * plan_exec: the phase the run was in before the interrupted call, and how many calls it had
   * made there. An interrupted call's effects are undone (its phase change too), so it can be made again.
   */
  phase: Phase | null;
  /** The phase the log last names (differs from `phase` when the interrupted call moved it). */
  loggedPhase: Phase | null;
  /** Files the interrupted call changed, as the log says: the restore puts them back. */
  undoneChanges: EventOf<'file_changed'>[];
  stepsInPhase: number;
  /** The iteration the loop goes on with (the interrupted one again when its reply never arrived). */
  nextIteration: number;
  /** Calls of the last reply that never started: they run first, as they would have. */
  pendingCalls: ToolCall[];
  /** Calls that started and have no result: they are not run again (a question to the human is asked again, in pendingCalls). */
  interruptedCalls: ToolCall[];
  /** The engine's own question (the agent kept looping) that was waiting for an answer: asked again first. */
  waitingLoopQuestion: EventOf<'human_asked'> | null;
  /** The last reply was a final answer the run had not judged yet (its final check was cut off): judged first. */
  finalAnswer: string | null;
  /** The last workspace snapshot, which the workspace is restored to. */
  manifest: string | null;
  /**
   * The snapshot the run's current phase began at (the run's start in react mode or in the first
   * phase): where "Roll back" and a phase's rollback go. Null when the log has none.
   */
  phaseStart: string | null;
  /** Files the agent had read or written, workspace paths as the events name them. */
  seenPaths: string[];
  lastSeq: number;
}

/** The settings a resumed run keeps from its log (events.ts's `resumedSettings`). */
export interface RecordedSettings {
  maxRecoveries?: number;
  emergency?: boolean;
  maxTokensPerRun?: number | null;
  maxCostPerRun?: number | null;
  contextWindow?: number;
  tokenEncoding?: TokenEncoding;
  temperature?: number;
  maxOutputTokens?: number;
  maxReviewRounds?: number;
  roles?: RecordedRoles;
  askBefore?: AskBefore;
}

/** Each setting's last recorded value (run_configured, then each run_resumed); one never recorded is absent. */
export function recordedSettingsOf(events: readonly EngineEvent[]): RecordedSettings {
  const last = <T>(value: T | undefined, before: T | undefined) => (value === undefined ? before : value);
  let s: RecordedSettings = {};
  for (const event of events) {
    if (event.type !== 'run_configured' && event.type !== 'run_resumed') continue;
    s = {
      maxRecoveries: last(event.maxRecoveries, s.maxRecoveries),
      emergency: last(event.emergency, s.emergency),
      maxTokensPerRun: last(event.maxTokensPerRun, s.maxTokensPerRun),
      maxCostPerRun: last(event.maxCostPerRun, s.maxCostPerRun),
      contextWindow: last(event.contextWindow, s.contextWindow),
      tokenEncoding: last(event.tokenEncoding, s.tokenEncoding),
      temperature: last(event.temperature, s.temperature),
      maxOutputTokens: last(event.maxOutputTokens, s.maxOutputTokens),
      maxReviewRounds: last(event.maxReviewRounds, s.maxReviewRounds),
      roles: last(event.roles, s.roles),
      askBefore: last(event.askBefore, s.askBefore),
    };
  }
  return s;
}

/**
 * The model settings to resume with: the caller's, with the sampling the log recorded in place of
 * theirs (an older log without it keeps the caller's).
 */
export function withRecordedSampling<T extends ModelSettingsInput>(model: T, recorded: RecordedSettings): T {
  return {
    ...model,
    ...(recorded.temperature === undefined ? {} : { temperature: recorded.temperature }),
    ...(recorded.maxOutputTokens === undefined ? {} : { maxOutputTokens: recorded.maxOutputTokens }),
  };
}

const ASK_HUMAN = 'ask_human';

/** The engine's own questions (loop-escalation.ts) have ids of their own, not a tool call's. */
export const isLoopQuestion = (callId: string) => callId.startsWith('loop-');

export type ResumeCheck = { ok: true; plan: ResumePlan } | { ok: false; error: string };

export function planResume(events: readonly EngineEvent[]): ResumeCheck {
  const start = events.find((e): e is EventOf<'run_started'> => e.type === 'run_started');
  // The last configuration holds: a run continued in another mode records a new one.
  const configured = events.findLast((e): e is EventOf<'run_configured'> => e.type === 'run_configured');
  if (!start) return { ok: false, error: 'The session has no run_started event, so there is no run to resume.' };
  if (!configured) return { ok: false, error: 'The session was recorded before runs could be resumed (it has no run_configured event).' };
  if (events.some((e) => e.type === 'run_finished')) return { ok: false, error: 'The run already finished; only an interrupted run can be resumed.' };
  if (events.some((e) => e.runId !== start.runId)) return { ok: false, error: 'The session mixes events of several runs.' };

  // Calls run one at a time, so at most one is in flight: the last tool_call without a result.
  const resultIds = new Set(events.flatMap((e) => (e.type === 'tool_result' ? [e.callId] : [])));
  const inFlight = events.findLastIndex((e) => e.type === 'tool_call' && !resultIds.has(e.callId));
  const settled = inFlight === -1 ? events : events.slice(0, inFlight);
  let phase: Phase | null = null;
  let loggedPhase: Phase | null = null;
  let stepsInPhase = 0;
  let lastIteration = 0;
  let replyOfLastIteration: EventOf<'assistant_message'> | null = null;
  /** Whether the engine answered the last reply (a challenge, a nudge, the failures of its check). */
  let answeredReply = false;
  let manifest: string | null = null;
  const started = new Set<string>();
  const finished = new Set<string>();
  const seen = new Set<string>();
  /** Calls that waited for the user's approval and got no decision: asked again, as nothing of them ran. */
  const awaitingApproval = new Set<string>();
  let waitingLoopQuestion: EventOf<'human_asked'> | null = null;
  let lastSnapshot: string | null = null;
  let phaseStart: string | null = null;
  for (const event of settled) {
    if (event.type === 'phase_changed') {
      phase = event.to;
      stepsInPhase = 0;
      // As the engine keeps it: the last snapshot before the phase changed (its phase checkpoint).
      if (lastSnapshot !== null) phaseStart = lastSnapshot;
    } else if (event.type === 'tool_call') stepsInPhase++;
    else if (event.type === 'workspace_snapshot') {
      lastSnapshot = event.manifest;
      if (event.reason === 'run_start') phaseStart = event.manifest;
    }
  }
  for (const event of events) {
    switch (event.type) {
      case 'phase_changed':
        loggedPhase = event.to;
        break;
      case 'iteration_started':
        lastIteration = event.iteration;
        replyOfLastIteration = null;
        break;
      case 'role_started':
        // orchestrator: each role's loop counts its own iterations from 1.
        lastIteration = 0;
        replyOfLastIteration = null;
        answeredReply = false;
        break;
      case 'assistant_message':
        replyOfLastIteration = event;
        answeredReply = false;
        break;
      case 'tool_call':
        started.add(event.callId);
        break;
      case 'tool_result':
        finished.add(event.callId);
        break;
      case 'workspace_snapshot':
        // A snapshot is taken before its step's result, so the in-flight call never has one.
        manifest = event.manifest;
        break;
      case 'file_read':
      case 'file_changed':
        seen.add(event.path);
        break;
      case 'human_asked':
        waitingLoopQuestion = isLoopQuestion(event.callId) ? event : null;
        break;
      case 'human_answered':
        waitingLoopQuestion = null;
        break;
      case 'approval_requested':
        awaitingApproval.add(event.callId);
        break;
      case 'approval_decided':
        awaitingApproval.delete(event.callId);
        break;
      case 'user_message':
        waitingLoopQuestion = null;
        answeredReply = true;
        break;
    }
  }
  const calls = replyOfLastIteration?.toolCalls ?? [];
  // A question to the human has no effects, nor has a call still waiting for approval: either is simply asked again.
  const askedAgain = (call: ToolCall) => started.has(call.id) && !finished.has(call.id) && (call.name === ASK_HUMAN || awaitingApproval.has(call.id));
  return {
    ok: true,
    plan: {
      runId: start.runId,
      events,
      start,
      configured,
      settings: recordedSettingsOf(events),
      mode: configured.mode,
      phase,
      loggedPhase,
      undoneChanges: inFlight === -1 ? [] : events.slice(inFlight).filter((e): e is EventOf<'file_changed'> => e.type === 'file_changed'),
      stepsInPhase,
      nextIteration: replyOfLastIteration === null ? Math.max(1, lastIteration) : lastIteration + 1,
      pendingCalls: calls.filter((call) => !started.has(call.id) || askedAgain(call)),
      interruptedCalls: calls.filter((call) => started.has(call.id) && !finished.has(call.id) && !askedAgain(call)),
      waitingLoopQuestion,
      finalAnswer:
        replyOfLastIteration !== null && !answeredReply && calls.length === 0 && replyOfLastIteration.text.trim() !== '' ? replyOfLastIteration.text : null,
      manifest,
      phaseStart,
      seenPaths: [...seen],
      lastSeq: events.reduce((max, e) => Math.max(max, e.seq), -1),
    },
  };
}
