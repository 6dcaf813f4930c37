// Events that start, configure and end a run, and what it says on its own (notices).
import { z } from 'zod';
import { AskBeforeSchema } from '../ask-before';
import { base } from './base';
import { RecordedRolesSchema } from './roles';

/** `waiting`: the run is paused on a question to the human (ask_human). */
export const RunStatusSchema = z.enum(['idle', 'running', 'waiting', 'completed', 'failed', 'cancelled']);
export type RunStatus = z.infer<typeof RunStatusSchema>;

export const SandboxInfoSchema = z.object({
  kind: z.enum(['virtual', 'webcontainer']),
  /** Short human label, e.g. "Virtual sandbox". */
  label: z.string(),
  /** Why this sandbox runs, e.g. "WebContainer needs network access". */
  reason: z.string(),
  /**
   * The commands of the language runtimes the sandbox has beyond its shell (the virtual sandbox's
   * `node`, `python3`); the system prompt describes each. Absent in logs written before they existed.
   */
  runtimes: z.array(z.string()).optional(),
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

export const RunStartedSchema = z.object({
  ...base,
  type: z.literal('run_started'),
  task: z.string(),
  mode: z.enum(['react', 'plan_exec', 'orchestrator']),
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

/** Something the engine did on its own that the viewer should see (a nudge, a retry). */
export const NoticeSchema = z.object({
  ...base,
  type: z.literal('notice'),
  level: z.enum(['info', 'warning']),
  message: z.string(),
});

/**
 * Settings a resumed run keeps: recorded by run_configured, and by run_resumed as the resumed run
 * took them (the caller may override them); the last recorded value holds. Absent in older logs:
 * 1 recovery, the emergency tier on, no budgets, and the window, tokenizer and sampling the
 * resuming caller gives.
 */
export const resumedSettings = {
  maxRecoveries: z.number().int().min(0).optional(),
  emergency: z.boolean().optional(),
  /** null: no budget. */
  maxTokensPerRun: z.number().positive().nullable().optional(),
  maxCostPerRun: z.number().positive().nullable().optional(),
  /** The context window the run counted with, in tokens (the model's known one already resolved). */
  contextWindow: z.number().int().positive().optional(),
  tokenEncoding: z.enum(['o200k', 'cl100k']).optional(),
  /** The model's sampling, as the run's model was built with it. */
  temperature: z.number().min(0).optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  /** orchestrator: how many reviews the run may have (0–5); absent in the other modes. */
  maxReviewRounds: z.number().int().min(0).max(5).optional(),
  /** orchestrator: each role's step cap and extra instructions (its model is the caller's, given again on a resume). */
  roles: RecordedRolesSchema.optional(),
  /** Settings → "Ask before": which calls wait for the user's approval; absent in older logs: nothing. */
  askBefore: AskBeforeSchema.optional(),
};

/**
 * What the conversation with the model starts from, and the run's settings, recorded once
 * after run_started: a resumed run rebuilds its gate, its prompts and its messages from these.
 */
export const RunConfiguredSchema = z.object({
  ...base,
  type: z.literal('run_configured'),
  /** The mode from here on (a run continued in another mode records a new configuration). */
  mode: z.enum(['react', 'plan_exec', 'orchestrator']),
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
  /** The engine checks the work on a final answer ("Check the work when the agent finishes"); absent in older logs. */
  finalCheck: z.boolean().optional(),
  /** Fix attempts after a failed check (0–5). */
  fixAttempts: z.number().int().min(0).max(5).optional(),
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
  /** The engine's own check still failed after the fix attempts the settings allow. */
  'verification_failed',
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
  /**
   * Completed runs: true only when the engine saw the check pass on the final files (its own final
   * check, or with that check off a run_tests with no change since); false: not verified; "unknown": no tests found (or none ran).
   */
  verified: z.union([z.boolean(), z.literal('unknown')]).optional(),
  summary: z.string().optional(),
  iterations: z.number().int().nonnegative(),
});
