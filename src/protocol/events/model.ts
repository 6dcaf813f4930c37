// Events of the conversation with the model: streamed replies, retries, messages, compaction, usage.
import { z } from 'zod';
import { base } from './base';
import { ToolCallSchema } from './tools';

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

/**
 * The pieces a reply streams (its text, a tool call being prepared): shown only live. A replay
 * passes over them and a share link leaves them out; the assembled message and calls carry them.
 */
export const STREAMED_EVENT_TYPES: ReadonlySet<string> = new Set(['model_delta', 'tool_call_preparing']);

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

/** A user-role message the engine sent on its own (today: the nudge after an empty reply). */
export const UserMessageSchema = z.object({
  ...base,
  type: z.literal('user_message'),
  text: z.string(),
  reason: z.enum([
    'empty_reply_nudge',
    'verification_challenge',
    'loop_nudge',
    'recovery',
    'human_guidance',
    'call_limit',
    'phase_not_final',
    'final_check_failed',
    /** orchestrator: a role answered without its submit tool. */
    'handoff_nudge',
  ]),
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
 * Which call a `usage` event counts: the agent's turn, a context summary, a recovery critique, the
 * final check's, a review; in orchestrator mode each role's turns as that role.
 */
export const USAGE_ROLES = ['agent', 'summary', 'recovery', 'final_check', 'review', 'planner', 'coder', 'reviewer'] as const;
export type UsageRole = (typeof USAGE_ROLES)[number];

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
  /** The call it counts; absent: the agent's turn (and every event of a log written before roles). */
  role: z.enum(USAGE_ROLES).optional(),
});

/** A `usage` event's role; older logs have none, and all their calls were the agent's. */
export function usageRole(event: { role?: UsageRole }): UsageRole {
  return event.role ?? 'agent';
}
