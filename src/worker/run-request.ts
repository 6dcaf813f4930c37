import { z } from 'zod';
import { AskBeforeSchema } from '../protocol/ask-before';
import { APPROVAL_LIMITS, ApprovalDecisionSchema, HUMAN_QUESTION_LIMITS } from '../protocol/events';
import {
  FixAttemptsSchema,
  MaxCostPerRunSchema,
  MaxIterationsSchema,
  MaxRecoveriesSchema,
  MaxReviewRoundsSchema,
  MaxTokensPerRunSchema,
  ModelSettingsSchema,
  ModeSchema,
  RoleSettingsSchema,
  RolesSettingsSchema,
} from '../protocol/settings';
import { SuggestionOverridesSchema } from '../protocol/suggestions';

/** A role's model name as Settings checks it (without its default: an absent one stays absent). */
const roleModelName = RoleSettingsSchema.shape.model.unwrap();

/** What the page asks the worker to run: one schema, checked by the worker, typed for the page. */
export const RunRequestSchema = z.object({
  task: z.string(),
  mode: ModeSchema,
  /**
   * Includes the API key; the worker keeps it in memory for this run only. `recoveryModel` and `summaryModel` name the
   * recovery tier's and the summaries' models; `contextWindow`, `tokenizer`, `temperature` and `maxOutputTokens` travel with it.
   */
  model: ModelSettingsSchema,
  maxIterations: MaxIterationsSchema,
  /** Policy overrides (the parsed JSON from Settings), merged onto the defaults: `phases` in plan_exec, `commands` in both modes. */
  policy: z.unknown().optional(),
  /** create_file / edit_file refuse writes that add syntax errors (Settings → "Refuse edits that break the syntax"). */
  refuseSyntaxErrors: z.boolean().optional(),
  /** The failure chain (Settings → Agent): recoveries per run, and the emergency tier on or off. */
  maxRecoveries: MaxRecoveriesSchema.optional(),
  emergency: z.boolean().optional(),
  /** A failed run's suggestions per error code (Settings → "Suggestions on failed runs"); absent or {}: the built-ins. */
  suggestions: SuggestionOverridesSchema.optional(),
  /** react mode: let destructive commands through (Settings → "Allow destructive commands"). */
  allowDestructive: z.boolean().optional(),
  /** Budgets (Settings → "Max tokens per run", "Max cost per run (USD)"); absent or null: none. */
  maxTokensPerRun: MaxTokensPerRunSchema.optional(),
  maxCostPerRun: MaxCostPerRunSchema.optional(),
  /** Settings → "Check the work when the agent finishes" and "Fix attempts after a failed check"; absent: on, 3. */
  finalCheck: z.boolean().optional(),
  fixAttempts: FixAttemptsSchema.optional(),
  /** orchestrator (ignored in the other modes): Settings → "Max review rounds", and each role's model, step cap and instructions. */
  maxReviewRounds: MaxReviewRoundsSchema.optional(),
  roles: RolesSettingsSchema.optional(),
  /** Settings → "Ask before": which calls wait for the page's approval; absent: nothing. */
  askBefore: AskBeforeSchema.optional(),
});

export type RunRequest = z.input<typeof RunRequestSchema>;

/** The page's answer to a question the agent asked (ask_human), by the question's call id. */
export const HumanAnswerRequestSchema = z.object({
  callId: z.string().min(1).max(200),
  text: z.string().max(HUMAN_QUESTION_LIMITS.answer),
});

/** The page's decision on a call waiting for approval ("Ask before"), by the call's id; a denial may carry a reason. */
export const ApprovalDecisionRequestSchema = z.object({
  callId: z.string().min(1).max(200),
  decision: ApprovalDecisionSchema,
  reason: z.string().max(APPROVAL_LIMITS.reason).optional(),
});

/** Settings asks, as the policy is typed, what it sets that would never take effect. */
export const PolicyWarningsRequestSchema = z.object({
  text: z.string().max(1024 * 1024),
  mode: ModeSchema,
  finalCheck: z.boolean(),
});

/** What the page asks to go on with an interrupted session: which one, and the model to use. */
export const ResumeRequestSchema = z.object({
  sessionId: z.string().min(1),
  model: ModelSettingsSchema,
  /** Go on in this mode instead of the run's own (a session continued from a chosen point). */
  mode: ModeSchema.optional(),
  /** The answer to the question the run was waiting on when the page went away: it resumes the run. */
  answer: HumanAnswerRequestSchema.optional(),
  /** As in RunRequest. */
  suggestions: SuggestionOverridesSchema.optional(),
  /** As in RunRequest; absent: the ones the run's log recorded. */
  maxRecoveries: MaxRecoveriesSchema.optional(),
  emergency: z.boolean().optional(),
  maxTokensPerRun: MaxTokensPerRunSchema.optional(),
  maxCostPerRun: MaxCostPerRunSchema.optional(),
  /**
   * orchestrator: each role's model name on the request's endpoint ('' or absent: the main model),
   * given again like the recovery model; the step caps and instructions are the ones the run recorded.
   */
  roleModels: z.object({ planner: roleModelName.optional(), coder: roleModelName.optional(), reviewer: roleModelName.optional() }).optional(),
});

export type ResumeRequest = z.input<typeof ResumeRequestSchema>;

/** The page's current endpoint secrets, so exports redact them before this worker has run anything. */
export const ExportSecretsSchema = z.object({
  apiKey: z.string().max(10_000),
  baseUrl: z.string().max(10_000),
  summaryBaseUrl: z.string().max(10_000).optional(),
  /** The WebContainer API key the page boots with: redacted like the model's key. */
  webcontainerApiKey: z.string().max(10_000).optional(),
});

export type ExportSecrets = z.input<typeof ExportSecretsSchema>;
