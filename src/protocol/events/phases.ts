// plan_exec events: phase moves, the gate's refusals, validations and rollbacks at a boundary.
import { z } from 'zod';
import { base, BlobHashSchema } from './base';

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
  /** True when `reason` is the model's own words (advance_phase's reason): a claim, shown as such, not a fact. */
  claimed: z.boolean().optional(),
});

/**
 * The gate refused a tool call, a command or a write, and nothing of it reached
 * the sandbox (or, for a command refused by its effect, a read-only phase's change or
 * building's damage, its changes were undone). `phase` is null in react mode.
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
  /** A command refused by its effect under `not_destructive`: how many of the workspace's files it removed, emptied or replaced (undone), and some of their paths. */
  damage: z
    .object({ files: z.number().int(), removed: z.number().int(), emptied: z.number().int(), replaced: z.number().int(), paths: z.array(z.string()) })
    .optional(),
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
