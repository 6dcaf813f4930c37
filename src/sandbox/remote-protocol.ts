import { z } from 'zod';
import { messageOf } from '../protocol/error-message';
import { PreviewPortSchema, PreviewUrlSchema, SandboxInfoSchema } from '../protocol/events';
import { SANDBOX_ERROR_CODES, SandboxError, type SandboxErrorCode, SandboxUnavailableError } from './port';

/**
 * The data that crosses between the page (where the sandbox lives) and the
 * engine worker. Comlink keeps only `message` of a thrown error, so the host
 * never throws for file errors: it answers with a reply that carries the code,
 * or `unavailable` when the sandbox itself stopped working (SandboxUnavailableError).
 */
export type HostReply<T> = { ok: true; value: T } | { ok: false; error: { message: string; code: SandboxErrorCode | null; unavailable?: true } };

export interface HostExecOptions {
  cwd?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** `readsOutside`: the sandbox offers `outside` (its own walk outside the workspace); `servesPreviews`: it offers `previews`. */
export const DescriptionSchema = z.object({
  info: SandboxInfoSchema,
  workdir: z.string(),
  readsOutside: z.boolean().optional(),
  servesPreviews: z.boolean().optional(),
});

/** A server's start or end as the page sends it (a `PreviewSignal`); anything else is dropped. */
export const PreviewSignalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready'), port: PreviewPortSchema, url: PreviewUrlSchema }),
  z.object({ kind: z.literal('closed'), port: PreviewPortSchema }),
]);

export const StatSchema = z.object({ type: z.enum(['file', 'dir']), size: z.number() }).nullable();

export const DirEntriesSchema = z.array(
  z.object({ name: z.string(), type: z.enum(['file', 'dir']), size: z.number().optional(), symlink: z.boolean().optional() }),
);

export const ExecResultSchema = z.object({
  exitCode: z.number(),
  stdout: z.string(),
  stderr: z.string(),
  timedOut: z.boolean(),
  aborted: z.boolean(),
  durationMs: z.number(),
  cwd: z.string(),
});

export const OutputChunkSchema = z.object({ stream: z.enum(['stdout', 'stderr']), data: z.string() });

const ErrorReplySchema = z.object({
  ok: z.literal(false),
  error: z.object({ message: z.string(), code: z.enum(SANDBOX_ERROR_CODES).nullable(), unavailable: z.literal(true).optional() }),
});

/** Host side: runs an operation and packs its outcome into a reply. */
export async function toReply<T>(operation: () => Promise<T>): Promise<HostReply<T>> {
  try {
    return { ok: true, value: await operation() };
  } catch (error) {
    if (error instanceof SandboxError) return { ok: false, error: { message: error.message, code: error.code } };
    if (error instanceof SandboxUnavailableError) return { ok: false, error: { message: error.message, code: null, unavailable: true } };
    return { ok: false, error: { message: messageOf(error), code: null } };
  }
}

/** Worker side: checks a reply and returns its value, or throws the error it carries (a SandboxError when coded, a SandboxUnavailableError when the sandbox is gone). */
export function fromReply<T>(reply: unknown, value: z.ZodType<T>, operation: string): T {
  const success = z.object({ ok: z.literal(true), value }).safeParse(reply);
  if (success.success) return success.data.value;
  const failure = ErrorReplySchema.safeParse(reply);
  if (!failure.success) throw new Error(`sandbox host sent a malformed reply to ${operation}`);
  const { message, code, unavailable } = failure.data.error;
  if (unavailable) throw new SandboxUnavailableError(message);
  throw code ? new SandboxError(message, code) : new Error(message);
}
