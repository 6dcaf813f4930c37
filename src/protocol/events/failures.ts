// Events of the failure chain: a loop detected, a recovery asked for and its critique.
import { z } from 'zod';
import { base } from './base';

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
  trigger: z.enum(['loop_detected', 'repeated_errors', 'same_failure', 'budget', 'llm_failure']),
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
