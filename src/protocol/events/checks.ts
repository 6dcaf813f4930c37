// The engine's own check of the work when the agent says it is done (and when plan_exec leaves verification).
import { z } from 'zod';
import { base } from './base';
import { PhaseSchema } from './phases';

/** Where the check's command came from: the policy's delivery `validate`, or the project's detected test runner. */
export const FinalCheckSourceSchema = z.enum(['policy', 'runner']);

/**
 * The engine starts its check: `command` runs straight on the sandbox (its output is the
 * command_started/command_output/command_finished events of `callId`, which is no tool call's).
 */
export const FinalCheckStartedSchema = z.object({
  ...base,
  type: z.literal('final_check_started'),
  callId: z.string(),
  command: z.string(),
  source: FinalCheckSourceSchema,
  /** What gave the command away ("package.json \"test\" script: …", "the policy's delivery validate"). */
  reason: z.string(),
  /** plan_exec: the phase the run is in (the check runs on a final answer, and when verification is left); null in react mode. */
  phase: PhaseSchema.nullable(),
});

/**
 * How the check ended. `passed`/`failed`: it ran (`callId` is its command's). `skipped`: the same
 * check already passed on these files. `no_tests`: the workspace has no test runner and the policy no command.
 */
export const FinalCheckFinishedSchema = z.object({
  ...base,
  type: z.literal('final_check_finished'),
  callId: z.string(),
  outcome: z.enum(['passed', 'failed', 'skipped', 'no_tests']),
  /** The command (absent for no_tests). */
  command: z.string().optional(),
  /** One line: the verdict and counts ("Tests FAILED (exit code 1) — 1 failed, 2 passed …"), or why it was skipped. */
  summary: z.string(),
  /** The failing tests by name, as the runner printed them (at most 20). */
  failures: z.array(z.string()),
  /** Fix attempts the model was given after failed checks so far, and how many it may have. */
  fixAttempts: z.number().int().nonnegative(),
  maxFixAttempts: z.number().int().nonnegative(),
  durationMs: z.number().nonnegative(),
});
