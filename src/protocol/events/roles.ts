// orchestrator mode: each role's loop starts and ends with one of these.
import { z } from 'zod';
import { HandoffSchema, RoleSchema } from '../handoffs';
import { base } from './base';

/**
 * A role's loop starts afresh: the conversation is this system prompt and this opening message
 * (the task, the plan, the findings or the diff it works from), nothing of the roles before it.
 * `round` counts the coder's rounds (the planner's is 1; the reviewer's is the round it reviews).
 */
export const RoleStartedSchema = z.object({
  ...base,
  type: z.literal('role_started'),
  role: RoleSchema,
  round: z.number().int().positive(),
  systemPrompt: z.string(),
  brief: z.string(),
  /** A coder round after the first: sent back by the review, or by the engine's own check of the work. */
  fix: z.enum(['review', 'check']).optional(),
  /** The role's own model (its label), when it is not the run's main model. */
  model: z.string().optional(),
});

/** A role handed off: its submit tool's arguments, as its schema checked them. */
export const RoleFinishedSchema = z.object({
  ...base,
  type: z.literal('role_finished'),
  role: RoleSchema,
  round: z.number().int().positive(),
  handoff: HandoffSchema,
});

/** One role's settings as the run records them (run_configured, run_resumed): absent: the run's step limit, no extra instructions. */
export const RecordedRoleSchema = z.object({
  /** The role's step cap for each of its loops. */
  maxSteps: z.number().int().positive().optional(),
  /** Added to the role's prompt layer. */
  instructions: z.string().optional(),
});

/** Each role's recorded settings; a role left out has none of its own. */
export const RecordedRolesSchema = z.object({
  planner: RecordedRoleSchema.optional(),
  coder: RecordedRoleSchema.optional(),
  reviewer: RecordedRoleSchema.optional(),
});
export type RecordedRoles = z.infer<typeof RecordedRolesSchema>;
