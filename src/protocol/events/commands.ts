// Events of a command run in the sandbox: its start, its output as it comes, its end.
import { z } from 'zod';
import { base, BlobHashSchema } from './base';

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
  /** Set in a stored session when the chunk was cut: its UTF-8 bytes before the cut. */
  fullOutputBytes: z.number().int().nonnegative().optional(),
  /** Set instead of `fullOutput` when the whole chunk was not kept: the session's whole outputs had reached their cap (cut-output.ts). */
  fullOutputOmitted: z.literal('session_cap').optional(),
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
