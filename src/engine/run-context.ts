import type { ChatMessage, Model, ToolSpec } from '../model/port';
import type { TokenCounter } from '../model/token-counter';
import type { EngineEvent, EventOf, EventPayload, ToolCall } from '../protocol/events';
import type { Role } from '../protocol/handoffs';
import type { RunScope, Tool } from '../tools/tool';
import type { Approvals } from './approvals';
import type { FinalCheck } from './final-check';
import type { FixAttemptTracker } from './fix-attempts';
import type { Gate } from './gate';
import type { WorkspaceSnapshots } from './snapshots';
import type { UsageMeter } from './usage-meter';
import type { VerificationTracker } from './verification';

export interface RunContextWindow {
  /** The model's context window in tokens (the setting, the preset's default, or 32,000). */
  readonly window: number;
  readonly counter: TokenCounter;
  /** Writes the summaries of old turns; null: the main model does. */
  readonly summaryModel: Model | null;
}

/**
 * orchestrator mode: the role a loop plays. Its submit tool ends the loop (after the reply's other
 * calls); a reply without it is nudged once, then the run fails.
 */
export interface RoleLoop {
  readonly name: Role;
  readonly round: number;
  /** After each finished call: true once the role's submit tool took a handoff that passed its schema. */
  handedOff(call: ToolCall, result: EventPayload<'tool_result'>): boolean;
  /** The role replied without its submit tool: the nudge to send (once), then why the run fails. */
  withoutHandoff(): { kind: 'nudge'; text: string } | { kind: 'fail'; reason: string };
  /** Why the run fails when the role's loop used up its `maxSteps` steps without handing off. */
  stepLimitReason(maxSteps: number): string;
}

/** When nothing says how large the model's window is (the protocol's figure for unknown models). */
export { DEFAULT_CONTEXT_WINDOW } from './run-options';

/**
 * Everything one run needs, built once by the engine and handed down as it is: the loop
 * talks to the model with it, the executor runs each tool call with it, and each tool gets
 * `scope` plus its call id. A new per-run concern is one field here, or in RunScope when
 * the tools need it.
 */
export interface RunContext {
  readonly model: Model;
  /** Asked for the recovery tier's critique instead of `model` (Settings → "Recovery model"); absent: the main model. */
  readonly recoveryModel?: Model;
  /** The tools of this run, in the order the model sees them, and their specs. */
  readonly tools: readonly Tool[];
  readonly toolSpecs: ToolSpec[];
  readonly gate: Gate;
  /** The conversation so far: system prompt and task for a new run, the rebuilt log for a resumed one. */
  readonly messages: readonly ChatMessage[];
  /** 1 for a new run; a resumed run goes on from where its log ends. */
  readonly firstIteration: number;
  /** A resumed run's calls that the last reply asked for and that never started (or a question left waiting). */
  readonly pendingCalls: readonly ToolCall[];
  /** A resumed run's final answer whose judgement (the final check) was cut off: judged again first. */
  readonly pendingFinalAnswer: string | null;
  /** A resumed run's loop question to the human that was waiting for an answer: asked again first. */
  readonly waitingLoopQuestion: EventOf<'human_asked'> | null;
  /** The loop's step limit: the run's "Max steps", or in orchestrator mode the role's own cap. */
  readonly maxIterations: number;
  /** How many times the recovery tier may run (0: never). */
  readonly maxRecoveries: number;
  /** Takes workspace snapshots after each step that may have written (null when nothing is stored). */
  readonly snapshots: WorkspaceSnapshots | null;
  /** The last test run and the files each check last passed on: a final answer over failing tests is challenged once (final check off). */
  readonly verification: VerificationTracker;
  /** The engine's own check on a final answer (and when plan_exec leaves verification), and the fix attempts it gave. */
  readonly finalCheck: FinalCheck;
  /** Failing targets across attempts: the third failure lists the earlier ones. */
  readonly fixes: FixAttemptTracker;
  /** This run's log so far (a resumed run's stored events included): the pinned state and the log summary read it. */
  readonly log: () => readonly EngineEvent[];
  /** What the context manager works with: the window, the token counter, the summary model. */
  readonly context: RunContextWindow;
  /** Tokens and cost so far: a `usage` event after each reply, and the budget check before each call. */
  readonly usage: UsageMeter;
  /** orchestrator: the role this loop plays; absent in react and plan_exec runs. */
  readonly role?: RoleLoop;
  /** "Ask before": the calls that wait for the user's approval, and what was decided. */
  readonly approvals: Approvals;
  /** What the tools share; its emit and signal are the run's. */
  readonly scope: RunScope;
}
