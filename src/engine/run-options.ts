import type { Model } from '../model/port';
import type { TokenEncoding } from '../model/token-counter';
import { type AskBefore, DEFAULT_ASK_BEFORE } from '../protocol/ask-before';
import type { EngineEvent, RecordedRoles, RunStatus } from '../protocol/events';
import { type Role, ROLES } from '../protocol/handoffs';
import { UNKNOWN_MODEL_CONTEXT_WINDOW } from '../protocol/model-windows';
import { DEFAULT_MAX_REVIEW_ROUNDS, type Mode } from '../protocol/settings';
import type { SuggestionOverrides } from '../protocol/suggestions';
import type { HumanChannel } from '../tools/tool';
import type { ApprovalChannel } from './approvals';
import type { EarlierRun } from './earlier-runs';
import type { RecordedSettings } from './resume-plan';

export interface RunOptions {
  task: string;
  mode: Mode;
  model: Model;
  maxIterations: number;
  /** The session this run continues (its workspace is the sandbox's); absent: the run starts its own. */
  sessionId?: string;
  /** The runs before this one in its session: the task message says what they did. */
  earlierRuns?: readonly EarlierRun[];
  /** Overrides merged onto the default policy: `phases` in plan_exec, `commands` (the user's rules) in both modes. */
  policy?: unknown;
  /** Values that must never appear in the log (API keys). */
  secrets?: string[];
  /** create_file and edit_file refuse writes that add syntax errors (supported languages only). */
  refuseSyntaxErrors?: boolean;
  /** react mode: let destructive commands through (by default they are refused as in building). */
  allowDestructive?: boolean;
  /** How many times the recovery tier may run; default 1, 0 turns it off. */
  maxRecoveries?: number;
  /** false: a failed run ends with the raw error only (no suggestions, retryable or checkpoint). */
  emergency?: boolean;
  /** Asked for the recovery tier's critique instead of `model` (the same endpoint, another model name). */
  recoveryModel?: Model;
  /** A failed run's suggestions per error code, in place of the built-in ones. */
  suggestions?: SuggestionOverrides;
  /** Who answers ask_human (the page, a terminal, a file of answers); without one a question ends the run with needs_human. */
  human?: HumanChannel;
  /** The model's context window in tokens; default 32,000. */
  contextWindow?: number;
  /** The tokenizer to count with; default o200k. */
  tokenEncoding?: TokenEncoding;
  /** The sampling `model` was built with, recorded for a resume (the model applies it; absent: the provider's default). */
  temperature?: number;
  maxOutputTokens?: number;
  /** Writes the summaries of old turns when the context fills up; default the main model. */
  summaryModel?: Model;
  /** The run ends with budget_exceeded before a request would take its tokens past this (prompt and completion of every reply). */
  maxTokensPerRun?: number | null;
  /** The same in US dollars; enforced only when the model's price is known (a notice says so otherwise). */
  maxCostPerRun?: number | null;
  /** "Check the work when the agent finishes": the engine runs the check on a final answer; default on. */
  finalCheck?: boolean;
  /** "Fix attempts after a failed check" (0–5); default 3. */
  fixAttempts?: number;
  /** orchestrator: how many reviews the run may have (0–5); default 2. */
  maxReviewRounds?: number;
  /** orchestrator: each role's own model, step cap and extra instructions; a role left out works with the run's. */
  roles?: RoleOptionsByRole;
  /** "Ask before": which calls wait for the user's approval; default nothing. */
  askBefore?: AskBefore;
  /** Who approves them (the page, a terminal); without one nothing is asked, whatever `askBefore` says. */
  approvals?: ApprovalChannel;
}

/** orchestrator: one role's own settings (Settings → Roles, `--role-model`, `--role-steps`, `--role-instructions`). */
export interface RoleOptions {
  /** The role's model (the same endpoint, another model name); absent: the main model. Given again on a resume, like `recoveryModel`. */
  model?: Model;
  /** The step cap of each of the role's loops; absent: the run's `maxIterations`. */
  maxSteps?: number;
  /** Added to the role's prompt layer (its system prompt); absent or empty: none. */
  instructions?: string;
}
export type RoleOptionsByRole = Partial<Record<Role, RoleOptions>>;

/** What a resumed run takes from the caller as a new run does (the rest comes from its log). */
export type CarriedOptions = Pick<RunOptions, 'secrets' | 'recoveryModel' | 'suggestions' | 'human' | 'summaryModel' | 'approvals'>;

/**
 * Settings the run's log records: a resumed run keeps the failure chain's and the budgets unless the
 * caller gives them again; the window, tokenizer and sampling the log recorded win over the caller's
 * (which stand in for a log from before they were recorded).
 */
export type RecordedOptions = Pick<
  RunOptions,
  | 'maxRecoveries'
  | 'emergency'
  | 'maxTokensPerRun'
  | 'maxCostPerRun'
  | 'contextWindow'
  | 'tokenEncoding'
  | 'temperature'
  | 'maxOutputTokens'
  | 'maxReviewRounds'
  | 'roles'
  | 'askBefore'
>;

/**
 * As in RunOptions for the carried fields; the human channel asks a question left waiting again.
 * The recorded settings, when absent, are the log's (the budgets go on from the usage it recorded).
 */
export interface ResumeOptions extends CarriedOptions, RecordedOptions {
  /** The interrupted run's whole log, as stored (one run, no run_finished). */
  events: readonly EngineEvent[];
  /** The model to go on with (the same one, or another). */
  model: Model;
  /** Why the run was interrupted, for the log. */
  reason: string;
  /** Go on in this mode instead of the run's own ("Continue from here" with another mode). */
  mode?: Mode;
  /** The stored session the run belongs to, when it is not the run's own. */
  sessionId?: string;
}

/** The recovery tier runs once a run unless the settings say otherwise. */
export const DEFAULT_MAX_RECOVERIES = 1;
/** What a run counts with when the caller says nothing. */
export const DEFAULT_TOKEN_ENCODING: TokenEncoding = 'o200k';
export const DEFAULT_CONTEXT_WINDOW = UNKNOWN_MODEL_CONTEXT_WINDOW;

export interface RunSummary {
  runId: string;
  status: Exclude<RunStatus, 'idle' | 'running' | 'waiting'>;
}

/** The settings as the log records them, defaults filled in, so a resume reads what the run used. */
export function recordedSettings(options: RunOptions): RecordedSettings {
  return {
    maxRecoveries: options.maxRecoveries ?? DEFAULT_MAX_RECOVERIES,
    emergency: options.emergency !== false,
    maxTokensPerRun: options.maxTokensPerRun ?? null,
    maxCostPerRun: options.maxCostPerRun ?? null,
    contextWindow: options.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
    tokenEncoding: options.tokenEncoding ?? DEFAULT_TOKEN_ENCODING,
    askBefore: options.askBefore ?? DEFAULT_ASK_BEFORE,
    // The provider's default sampling is not known here: only what the model was given is recorded.
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
    ...(options.mode === 'orchestrator'
      ? { maxReviewRounds: options.maxReviewRounds ?? DEFAULT_MAX_REVIEW_ROUNDS, roles: recordedRoles(options.roles ?? {}) }
      : {}),
  };
}

/** The roles' step caps and instructions as the log records them: only what a role sets ({} when none does). */
export function recordedRoles(roles: RoleOptionsByRole): RecordedRoles {
  const recorded: RecordedRoles = {};
  for (const role of ROLES) {
    const { maxSteps, instructions } = roles[role] ?? {};
    const text = instructions?.trim() ?? '';
    const own = { ...(maxSteps === undefined ? {} : { maxSteps }), ...(text === '' ? {} : { instructions: text }) };
    if (Object.keys(own).length > 0) recorded[role] = own;
  }
  return recorded;
}

/**
 * The roles a resumed run goes on with: the caller's models; each step cap and instructions the
 * caller's when given, else the log's.
 */
export function resumedRoles(given: RoleOptionsByRole, stored: RecordedRoles): RoleOptionsByRole {
  const roles: RoleOptionsByRole = {};
  for (const role of ROLES) {
    const mine = given[role] ?? {};
    const kept = stored[role] ?? {};
    const maxSteps = mine.maxSteps ?? kept.maxSteps;
    const instructions = mine.instructions ?? kept.instructions;
    const merged: RoleOptions = {
      ...(mine.model ? { model: mine.model } : {}),
      ...(maxSteps === undefined ? {} : { maxSteps }),
      ...(instructions ? { instructions } : {}),
    };
    if (Object.keys(merged).length > 0) roles[role] = merged;
  }
  return roles;
}
