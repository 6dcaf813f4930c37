// Events of a tool call and its result, and the closed set of reasons a call fails.
import { z } from 'zod';
import { base } from './base';

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
  /** run_tests: the runner ran, but found or selected no test (neither a pass nor a failure). */
  'no_tests',
  'no_test_runner',
  'timeout',
  'cancelled',
  'sandbox_error',
  // Phases.
  'final_phase',
  /** advance_phase: the phase's validation command failed, so the phase did not move. */
  'validation_failed',
  /** advance_phase out of verification: the engine's check still failed after the fix attempts allowed; the run ends. */
  'verification_failed',
  // Asking the human: nobody can answer here (no terminal, no answers left).
  'needs_human',
  // "Ask before": the user denied the call; its reason is in the output.
  'denied_by_user',
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
