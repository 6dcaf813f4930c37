import { z } from 'zod';
import { type RunErrorCode, RunErrorCodeSchema } from './events';

/**
 * What a failed run suggests trying next, per error code, in order: the emergency tier's
 * built-ins (`src/engine/emergency.ts`), which Settings shows as the placeholders of its overrides.
 */
export const DEFAULT_SUGGESTIONS: Record<RunErrorCode, readonly string[]> = {
  timeout: ['Retry: the endpoint may only have been slow.', 'Raise the idle timeout or the reply limit in Settings.', 'Try a smaller or faster model.'],
  loop_detected: ['Edit the task to say what to do differently.', 'Roll back to the last checkpoint and retry.', 'Try another model.'],
  llm_failure: ['Check the model settings (base URL, model name, API key).', 'Retry: the provider may have been busy.', 'Try another model or provider.'],
  context_overflow: ['Retry with a model that has a larger context window.', 'Split the task into smaller ones.'],
  sandbox_failure: ['Retry: the sandbox restarts.', 'Use the virtual sandbox if WebContainer keeps failing.'],
  budget_exceeded: [
    'Raise "Max iterations" in Settings and retry.',
    'If the token or cost budget stopped it, raise "Max tokens per run" or "Max cost per run" in Settings.',
    'Edit the task into smaller steps.',
    'Continue from here to go on from the last step.',
  ],
  needs_human: ['Answer the question and resume.', 'Edit the task to include the missing information.'],
  phase_incomplete: [
    "Check the phase's validate command in the policy: the run leaves a phase only when it passes.",
    'Edit the task to say what must pass before the work is done.',
    'Try another model.',
  ],
  verification_failed: [
    'Retry: a new run starts from these files and the failures named above.',
    'Raise "Fix attempts after a failed check" in Settings to give the agent more tries.',
    'Edit the task to say how the failing tests should pass, or roll back and try another model.',
  ],
  internal_error: ['Retry.', 'Download the session file and report the problem.'],
  empty_task: ['Describe what the agent should do in the Task box.'],
  invalid_policy: ['Fix the policy in Settings (or remove it to use the defaults).'],
};

/** Bounds of the suggestion overrides: suggestions per error code, characters per suggestion. */
export const SUGGESTION_LIMITS = { count: 8, length: 300 } as const;

/**
 * The user's suggestions per error code, in place of the built-in ones (a code left out keeps
 * its built-ins). Known codes only; each list holds 1–8 different suggestions of 1–300 characters, trimmed.
 */
export const SuggestionOverridesSchema = z.partialRecord(
  RunErrorCodeSchema,
  z
    .array(
      z.string().trim().min(1, 'a suggestion may not be empty').max(SUGGESTION_LIMITS.length, `a suggestion is at most ${SUGGESTION_LIMITS.length} characters`),
    )
    .min(1, 'give at least one suggestion, or leave the error code out for the built-in ones')
    .max(SUGGESTION_LIMITS.count, `at most ${SUGGESTION_LIMITS.count} suggestions per error code`)
    .refine((list) => new Set(list).size === list.length, 'the same suggestion is given twice'),
);
export type SuggestionOverrides = z.infer<typeof SuggestionOverridesSchema>;
