import { z } from 'zod';

/**
 * The event log is the session. Every state change is one of these events;
 * the UI, the CLI, persistence and the tests all read the same log.
 * Events are plain JSON, carry a schema version, and never hold a secret.
 */
export const EVENT_SCHEMA_VERSION = 1;

/** `waiting`: the run is paused on a question to the human (ask_human). */
export const RunStatusSchema = z.enum(['idle', 'running', 'waiting', 'completed', 'failed', 'cancelled']);
export type RunStatus = z.infer<typeof RunStatusSchema>;

export const SandboxInfoSchema = z.object({
  kind: z.enum(['virtual', 'webcontainer']),
  /** Short human label, e.g. "Virtual sandbox". */
  label: z.string(),
  /** Why this sandbox runs, e.g. "WebContainer needs network access". */
  reason: z.string(),
});
export type SandboxInfo = z.infer<typeof SandboxInfoSchema>;

export const ModelInfoSchema = z.object({
  kind: z.enum(['scripted', 'openai']),
  /** What the UI shows, e.g. "Demo (scripted)" or "gpt-4o-mini @ api.openai.com". */
  label: z.string(),
  /** Scenario name for scripted models, model id for endpoints. */
  name: z.string(),
});
export type ModelInfo = z.infer<typeof ModelInfoSchema>;

export const ToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Raw JSON text as the model sent it; may be invalid JSON. */
  arguments: z.string(),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/** A tool call's arguments as the tool_call event shows them: parsed JSON, or null when they are not JSON. */
export function parseArgumentsOrNull(raw: string): unknown {
  try {
    return JSON.parse(raw === '' ? '{}' : raw);
  } catch {
    return null;
  }
}

/** A SHA-256 in lower-case hex: the key of a blob (a file's content, a snapshot manifest, a long text). */
export const BlobHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'a blob hash is 64 hex digits');

const base = {
  v: z.literal(EVENT_SCHEMA_VERSION),
  seq: z.number().int().nonnegative(),
  ts: z.number(),
  runId: z.string(),
};

export const RunStartedSchema = z.object({
  ...base,
  type: z.literal('run_started'),
  task: z.string(),
  mode: z.enum(['react', 'plan_exec']),
  model: ModelInfoSchema,
  sandbox: SandboxInfoSchema,
  maxIterations: z.number().int().positive(),
  /**
   * The session this run continues (same workspace, same timeline). Absent: the run starts a
   * session of its own, whose id is the run's id.
   */
  sessionId: z.string().min(1).max(200).optional(),
  /** A scripted model plays a recorded run of this task; set when it differs from `task`, which it does not read. */
  playedTask: z.string().optional(),
});

export const IterationStartedSchema = z.object({
  ...base,
  type: z.literal('iteration_started'),
  iteration: z.number().int().positive(),
});

export const ModelDeltaSchema = z.object({
  ...base,
  type: z.literal('model_delta'),
  text: z.string(),
});

/**
 * A streamed tool call's function name is known (and, once readable from the partial arguments,
 * its "path"): the page shows "Preparing edit_file src/app.ts…" until the reply ends.
 */
export const ToolCallPreparingSchema = z.object({
  ...base,
  type: z.literal('tool_call_preparing'),
  /** The call's position in the reply. */
  index: z.number().int().nonnegative(),
  name: z.string(),
  path: z.string().optional(),
});

/** A model request failed and the adapter waits `delayMs` before attempt `attempt + 1`. */
export const ModelRetrySchema = z.object({
  ...base,
  type: z.literal('model_retry'),
  /** 1 for the first retry. */
  attempt: z.number().int().positive(),
  /** Retries allowed in all. */
  maxAttempts: z.number().int().positive(),
  delayMs: z.number().nonnegative(),
  /** Short, without parentheses, e.g. "network error" or "rate limited, HTTP 429". */
  reason: z.string(),
});

export const AssistantMessageSchema = z.object({
  ...base,
  type: z.literal('assistant_message'),
  text: z.string(),
  toolCalls: z.array(ToolCallSchema),
});

export const ToolCallEventSchema = z.object({
  ...base,
  type: z.literal('tool_call'),
  callId: z.string(),
  name: z.string(),
  /** Parsed arguments when they were valid JSON, else null (see rawArguments). */
  args: z.unknown(),
  rawArguments: z.string(),
});

/**
 * Why a tool call failed, for the page and the tests to match on instead of the wording
 * (the model reads only the text). A closed set: every failure path of every tool and of
 * the executor maps to one of these.
 */
export const ToolErrorKindSchema = z.enum([
  // The call itself.
  'unknown_tool',
  'invalid_arguments',
  'refused_by_gate',
  'internal_error',
  // Paths and files.
  'not_found',
  'already_exists',
  'is_directory',
  'not_a_directory',
  'outside_workspace',
  'binary_file',
  'too_large',
  /** Not possible here: a file type without symbols, the phase tool in a run without phases. */
  'unsupported',
  // Edits.
  'unread',
  'stale_read',
  'ambiguous',
  'no_match',
  'no_change',
  'syntax_error',
  // Commands and tests.
  'command_failed',
  'tests_failed',
  'no_test_runner',
  'timeout',
  'cancelled',
  'sandbox_error',
  // Phases.
  'final_phase',
  /** advance_phase: the phase's validation command failed, so the phase did not move. */
  'validation_failed',
  // Asking the human: nobody can answer here (no terminal, no answers left).
  'needs_human',
  // The sandbox itself stopped working (its process died); the run cannot go on in it.
  'sandbox_unavailable',
  // Sessions: the call was in flight when the tab or the worker went away; a resumed run says so.
  'interrupted',
]);
export type ToolErrorKind = z.infer<typeof ToolErrorKindSchema>;

export const ToolResultSchema = z.object({
  ...base,
  type: z.literal('tool_result'),
  callId: z.string(),
  name: z.string(),
  ok: z.boolean(),
  /** Exactly what the model sees. */
  output: z.string(),
  /** Set on failed results only. */
  errorKind: ToolErrorKindSchema.optional(),
  durationMs: z.number().nonnegative(),
});

/** A file the agent looked at, so the Editor can show it. */
export const FileReadSchema = z.object({
  ...base,
  type: z.literal('file_read'),
  path: z.string(),
  content: z.string(),
  /** True when content was cut to keep the log small. */
  truncated: z.boolean(),
  startLine: z.number().int().positive().optional(),
  endLine: z.number().int().positive().optional(),
  /** Qualified name of the symbol read (read_file with `symbol`); startLine/endLine give its slice. */
  symbol: z.string().optional(),
});

export const OutlineSymbolSchema = z.object({
  name: z.string(),
  qualifiedName: z.string(),
  /** A code-intelligence symbol kind: function, method, class, interface, … */
  kind: z.string(),
  startLine: z.number().int().positive(),
  endLine: z.number().int().positive(),
  /** 0 for top-level symbols, 1 for their members, and so on; the list is in source (pre-)order. */
  depth: z.number().int().nonnegative(),
});
export type OutlineSymbol = z.infer<typeof OutlineSymbolSchema>;

/** The outline tool listed a file's symbols, so the Editor can show them. */
export const FileOutlineSchema = z.object({
  ...base,
  type: z.literal('file_outline'),
  path: z.string(),
  symbols: z.array(OutlineSymbolSchema),
});

export const FileChangedSchema = z.object({
  ...base,
  type: z.literal('file_changed'),
  path: z.string(),
  change: z.enum(['created', 'edited', 'deleted']),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** Unified diff of before → after. */
  diff: z.string(),
});

export const CommandStartedSchema = z.object({
  ...base,
  type: z.literal('command_started'),
  callId: z.string(),
  command: z.string(),
  cwd: z.string(),
});

export const CommandOutputSchema = z.object({
  ...base,
  type: z.literal('command_output'),
  callId: z.string(),
  stream: z.enum(['stdout', 'stderr']),
  /** Raw chunk, ANSI escapes kept for the terminal. */
  chunk: z.string(),
  /** Set in a stored session when the chunk was cut to its first megabyte: the whole chunk's blob. */
  fullOutput: BlobHashSchema.optional(),
});

export const CommandFinishedSchema = z.object({
  ...base,
  type: z.literal('command_finished'),
  callId: z.string(),
  exitCode: z.number().int(),
  durationMs: z.number().nonnegative(),
  timedOut: z.boolean(),
  aborted: z.boolean(),
});

export const PhaseSchema = z.enum(['planning', 'building', 'verification', 'delivery']);
export type Phase = z.infer<typeof PhaseSchema>;

/** plan_exec mode: the run entered a phase (from null at the start of a run). */
export const PhaseChangedSchema = z.object({
  ...base,
  type: z.literal('phase_changed'),
  from: PhaseSchema.nullable(),
  to: PhaseSchema,
  reason: z.string(),
  /** True when the policy advanced the phase on its own (auto-advance). */
  auto: z.boolean(),
});

/**
 * The gate refused a tool call, a command or a write, and nothing of it reached
 * the sandbox (or, for a command that changed the workspace in a read-only phase,
 * its changes were undone). `phase` is null in react mode.
 */
export const PhaseViolationSchema = z.object({
  ...base,
  type: z.literal('phase_violation'),
  callId: z.string(),
  tool: z.string(),
  phase: PhaseSchema.nullable(),
  kind: z.enum(['tool', 'command', 'write']),
  /** The refused command or path, when the refusal is about one. */
  target: z.string().optional(),
  reason: z.string(),
  hint: z.string(),
});

/** Something the engine did on its own that the viewer should see (a nudge, a retry). */
export const NoticeSchema = z.object({
  ...base,
  type: z.literal('notice'),
  level: z.enum(['info', 'warning']),
  message: z.string(),
});

/**
 * What the conversation with the model starts from, and the run's settings, recorded once
 * after run_started: a resumed run rebuilds its gate, its prompts and its messages from these.
 */
/**
 * Settings a resumed run keeps: recorded by run_configured, and by run_resumed as the resumed run
 * took them (the caller may override them); the last recorded value holds. Absent in older logs:
 * 1 recovery, the emergency tier on, no budgets.
 */
const resumedSettings = {
  maxRecoveries: z.number().int().min(0).optional(),
  emergency: z.boolean().optional(),
  /** null: no budget. */
  maxTokensPerRun: z.number().positive().nullable().optional(),
  maxCostPerRun: z.number().positive().nullable().optional(),
};

export const RunConfiguredSchema = z.object({
  ...base,
  type: z.literal('run_configured'),
  /** The mode from here on (a run continued in another mode records a new configuration). */
  mode: z.enum(['react', 'plan_exec']),
  systemPrompt: z.string(),
  taskMessage: z.string(),
  /** A later run of a session: what it was told of the runs before it (also in `taskMessage`; the pinned state keeps it in every request). */
  earlierRuns: z.string().optional(),
  /** The tool names the model was offered, in order. */
  tools: z.array(z.string()),
  /** The policy the run used (defaults with overrides merged), as data. */
  policy: z.unknown(),
  refuseSyntaxErrors: z.boolean(),
  allowDestructive: z.boolean(),
  ...resumedSettings,
});

/** A user-role message the engine sent on its own (today: the nudge after an empty reply). */
export const UserMessageSchema = z.object({
  ...base,
  type: z.literal('user_message'),
  text: z.string(),
  reason: z.enum(['empty_reply_nudge', 'verification_challenge', 'loop_nudge', 'recovery', 'human_guidance', 'call_limit', 'phase_not_final']),
});

/** Limits on a question to the human, shared by the tool's schema and the events. */
export const HUMAN_QUESTION_LIMITS = { question: 4000, options: 10, option: 200, answer: 20000 } as const;

export const HumanQuestionKindSchema = z.enum(['question', 'blocker']);

/**
 * The run waits for the human: a question from ask_human (`callId` is the call), or from the
 * engine when the agent keeps looping (`callId` is the engine's own, starting with "loop-").
 */
export const HumanAskedSchema = z.object({
  ...base,
  type: z.literal('human_asked'),
  callId: z.string(),
  question: z.string(),
  kind: HumanQuestionKindSchema,
  options: z.array(z.string()).optional(),
});

export const HumanAnsweredSchema = z.object({
  ...base,
  type: z.literal('human_answered'),
  callId: z.string(),
  /** The question again, so the answer can be pinned with it ("Previous clarifications"). */
  question: z.string(),
  answer: z.string(),
  /** Who answered: the page, a terminal, or a file of answers (the CLI's --answers). */
  via: z.enum(['page', 'terminal', 'answers_file']),
});

/**
 * The workspace at a point of the run, content-addressed: `manifest` is the hash of a blob that
 * maps each workspace-relative path to the hash of its content. Taken at the start, after each
 * step that may have written a file (before that step's tool_result), at each phase boundary
 * the model crossed (reason "phase", always recorded: a named checkpoint), and at the end.
 */
export const WorkspaceSnapshotSchema = z.object({
  ...base,
  type: z.literal('workspace_snapshot'),
  manifest: BlobHashSchema,
  reason: z.enum(['run_start', 'step', 'phase', 'run_end']),
  /** The step's tool call, for reason "step". */
  callId: z.string().optional(),
  /** For reason "phase": the phase this checkpoint starts (the one advance_phase moves to). */
  phase: PhaseSchema.optional(),
  files: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** Files created, changed or deleted since the previous snapshot. */
  changed: z.number().int().nonnegative(),
});

/** The same step (or two taking turns) came back again: what the engine did about it. */
export const LoopDetectedSchema = z.object({
  ...base,
  type: z.literal('loop_detected'),
  key: z.string(),
  count: z.number().int().positive(),
  pattern: z.enum(['repeat', 'alternation']),
  /** nudge: a note to the model; recover: the recovery tier; escalate: the run ends (or asks the human). */
  action: z.enum(['nudge', 'recover', 'escalate']),
  message: z.string(),
});

/** The recovery tier: the model is asked for a critique of the last steps and a revised plan. */
export const RecoveryStartedSchema = z.object({
  ...base,
  type: z.literal('recovery_started'),
  trigger: z.enum(['loop_detected', 'repeated_errors', 'budget', 'llm_failure']),
  /** What set it off, in words. */
  detail: z.string(),
});

export const RecoveryFinishedSchema = z.object({
  ...base,
  type: z.literal('recovery_finished'),
  /** The critique and revised plan, as the model wrote it (empty when the recovery request failed). */
  critique: z.string(),
  ok: z.boolean(),
  /** The label of the model asked for the critique (the recovery model when one is set); absent in logs from before. */
  model: z.string().optional(),
});

/**
 * The conversation was made smaller before a model call. `mask`: old tool results left out of the
 * request (a view, rebuilt each turn). `summary` (the context reached 85% of the window) and
 * `overflow` (the provider said it was too long): the oldest turns replaced by `summary`, which
 * the conversation fold applies, so a resumed run sends the same messages.
 */
export const ContextCompactedSchema = z.object({
  ...base,
  type: z.literal('context_compacted'),
  tier: z.enum(['mask', 'summary', 'overflow']),
  tokensBefore: z.number().int().nonnegative(),
  tokensAfter: z.number().int().nonnegative(),
  /** The recent turns left as they were. */
  keptTurns: z.number().int().nonnegative(),
  /** mask: how many tool results the request leaves out. */
  masked: z.number().int().nonnegative().optional(),
  /** summary, overflow: who wrote the summary (the auxiliary model, the main model, or the engine from the log). */
  summaryBy: z.enum(['aux', 'main', 'deterministic']).optional(),
  summary: z.string().optional(),
  /** summary, overflow: how many replies, from the start of the conversation (an earlier summary's included), the summary replaces. */
  replacedReplies: z.number().int().nonnegative().optional(),
});

/**
 * What one model reply cost, recorded right after it: the provider's token counts (or, when it sent
 * none, the run's own count: `estimated`), the counted size of the request that was sent against the
 * context window, and its cost in US dollars when the model's price is known.
 */
export const UsageSchema = z.object({
  ...base,
  type: z.literal('usage'),
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  /** Prompt tokens the provider served from its cache (prompt_tokens_details.cached_tokens). */
  cachedTokens: z.number().int().nonnegative().optional(),
  /** True when the provider reported no usage and the counts are the run's own tokenizer's. */
  estimated: z.boolean(),
  /** The window the run counts against. */
  contextWindow: z.number().int().positive(),
  /** The request that was sent (messages and tools), as the run's tokenizer counts it. */
  requestTokens: z.number().int().nonnegative(),
  /** This reply's cost in US dollars; absent when the model's price is unknown. */
  costUsd: z.number().nonnegative().optional(),
});

/** The files were put back as a checkpoint (a workspace snapshot) held them, at the user's word. */
export const CheckpointRestoredSchema = z.object({
  ...base,
  type: z.literal('checkpoint_restored'),
  manifest: BlobHashSchema,
  /** Files created, changed or deleted by the restore. */
  changed: z.number().int().nonnegative(),
});

/**
 * A command the policy runs at a phase boundary (a phase's `validate` or `rollback`), straight on
 * the sandbox and outside the model's gate. stdout and stderr keep their head and tail when long.
 */
export const PhaseCommandResultSchema = z.object({
  command: z.string(),
  /** Exit code 0, in time. */
  passed: z.boolean(),
  exitCode: z.number().int(),
  timedOut: z.boolean(),
  durationMs: z.number().nonnegative(),
  stdout: z.string(),
  stderr: z.string(),
});
export type PhaseCommandResult = z.infer<typeof PhaseCommandResultSchema>;

/** plan_exec: advance_phase ran the phase's validation first; the phase moves on only when it passed. */
export const PhaseValidationSchema = z.object({
  ...base,
  type: z.literal('phase_validation'),
  /** The phase being left (whose work was checked). */
  phase: PhaseSchema,
  result: PhaseCommandResultSchema,
});

/**
 * A failed validation in a phase with a `rollback` command, or with `rollbackOnFailure`: the command runs (`command`), or,
 * without one, the files go back to the phase's starting checkpoint (`checkpoint`, null when none is stored).
 */
export const PhaseRollbackStartedSchema = z.object({
  ...base,
  type: z.literal('phase_rollback_started'),
  phase: PhaseSchema,
  command: z.string().nullable(),
  checkpoint: BlobHashSchema.nullable(),
});

export const PhaseRollbackCompletedSchema = z.object({
  ...base,
  type: z.literal('phase_rollback_completed'),
  phase: PhaseSchema,
  /** The rollback command's result (a command rollback). */
  result: PhaseCommandResultSchema.optional(),
  /** Files created, changed or deleted by the restore (a checkpoint rollback; each has its file_changed event). */
  changed: z.number().int().nonnegative().optional(),
});

export const PhaseRollbackFailedSchema = z.object({
  ...base,
  type: z.literal('phase_rollback_failed'),
  phase: PhaseSchema,
  reason: z.string(),
  /** The rollback command's result, when it ran. */
  result: PhaseCommandResultSchema.optional(),
});

/** The run goes on after an interruption (a reload, a worker that died), from the log and a snapshot. */
export const RunResumedSchema = z.object({
  ...base,
  type: z.literal('run_resumed'),
  /** The snapshot the workspace was restored to (null when the log had none). */
  manifest: BlobHashSchema.nullable(),
  /** Tool calls that were in flight and were not run again. */
  interruptedCalls: z.array(z.string()),
  reason: z.string(),
  /** The session the run belongs to, when it is not the run's own (its run_started's `sessionId`). */
  sessionId: z.string().min(1).max(200).optional(),
  ...resumedSettings,
});

/**
 * Why a run failed, for the page and scripts to act on: the emergency codes, then the codes
 * of input that never started a run.
 */
export const RunErrorCodeSchema = z.enum([
  'timeout',
  'loop_detected',
  'llm_failure',
  'context_overflow',
  'sandbox_failure',
  'budget_exceeded',
  'needs_human',
  /** plan_exec: the model kept giving its final answer before the final phase. */
  'phase_incomplete',
  'internal_error',
  'empty_task',
  'invalid_policy',
]);
export type RunErrorCode = z.infer<typeof RunErrorCodeSchema>;

export const RunFinishedSchema = z.object({
  ...base,
  type: z.literal('run_finished'),
  status: z.enum(['completed', 'failed', 'cancelled']),
  /** Why the run ended when it did not complete normally. */
  reason: z.string().optional(),
  /** Set on a failed run. */
  errorCode: RunErrorCodeSchema.optional(),
  /** The precise cause behind errorCode, e.g. "max_iterations" or "model_auth". */
  cause: z.string().optional(),
  /** Failed runs: what the user can do, in order. */
  suggestions: z.array(z.string()).optional(),
  /** Failed runs: whether running it again as it is may succeed. */
  retryable: z.boolean().optional(),
  /** Failed runs: the last workspace snapshot (its manifest), which "Roll back" restores; null without one. */
  lastCheckpoint: z.string().nullable().optional(),
  /** Completed runs: the last test run passed with no change since (true), failed or is out of date (false), or no tests ran. */
  verified: z.union([z.boolean(), z.literal('unknown')]).optional(),
  summary: z.string().optional(),
  iterations: z.number().int().nonnegative(),
});

export const EngineEventSchema = z.discriminatedUnion('type', [
  RunStartedSchema,
  RunConfiguredSchema,
  RunResumedSchema,
  IterationStartedSchema,
  UserMessageSchema,
  WorkspaceSnapshotSchema,
  LoopDetectedSchema,
  RecoveryStartedSchema,
  RecoveryFinishedSchema,
  CheckpointRestoredSchema,
  PhaseValidationSchema,
  PhaseRollbackStartedSchema,
  PhaseRollbackCompletedSchema,
  PhaseRollbackFailedSchema,
  HumanAskedSchema,
  HumanAnsweredSchema,
  ContextCompactedSchema,
  UsageSchema,
  ModelDeltaSchema,
  ToolCallPreparingSchema,
  ModelRetrySchema,
  AssistantMessageSchema,
  ToolCallEventSchema,
  ToolResultSchema,
  FileReadSchema,
  FileOutlineSchema,
  FileChangedSchema,
  CommandStartedSchema,
  CommandOutputSchema,
  CommandFinishedSchema,
  NoticeSchema,
  PhaseChangedSchema,
  PhaseViolationSchema,
  RunFinishedSchema,
]);

export type EngineEvent = z.infer<typeof EngineEventSchema>;
export type EngineEventType = EngineEvent['type'];
export type EventOf<T extends EngineEventType> = Extract<EngineEvent, { type: T }>;

/** An event as emitted by a component, before the session stamps v/seq/ts/runId. */
export type EventPayload<T extends EngineEventType = EngineEventType> = T extends EngineEventType ? Omit<EventOf<T>, 'v' | 'seq' | 'ts' | 'runId'> : never;

/** Emitter handed to tools and loops; the session stamps and records. */
export type Emit = (event: EventPayload) => void;
