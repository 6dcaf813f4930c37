import { messageOf } from '../protocol/error-message';
import { type ExecResult, SandboxUnavailableError } from '../sandbox/port';
import { cleanOutput, plural, truncateMiddle } from './output';
import { fail, ok, type ToolContext, type ToolErrorKind, type ToolFailure, type ToolResult } from './tool';

export const DEFAULT_TIMEOUT_SECONDS = 60;
export const MAX_TIMEOUT_SECONDS = 300;

/** What happened to a command: either it ran (whatever its exit code), or it could not be run at all. */
export type CommandOutcome = { kind: 'ran'; result: ExecResult; timeoutSeconds: number } | { kind: 'not_started'; failure: ToolFailure };

const CANCELLED_BEFORE_START: CommandOutcome = { kind: 'not_started', failure: fail('cancelled', 'The run was cancelled before the command started.') };

/**
 * Runs one command in the sandbox and narrates it to the viewer:
 * command_started, one command_output per chunk as it arrives, command_finished.
 */
export async function runCommandWithEvents(ctx: ToolContext, command: string, options: { timeoutSeconds: number; cwd?: string }): Promise<CommandOutcome> {
  // Do not start work for a run that is already being stopped.
  if (ctx.signal.aborted) return CANCELLED_BEFORE_START;

  const started = performance.now();
  let cwd = options.cwd;
  try {
    cwd ??= await ctx.sandbox.cwd();
  } catch {
    cwd = ctx.sandbox.workdir;
  }
  // Checked again after the await above: a signal aborted before exec starts is never seen by some sandboxes.
  if (ctx.signal.aborted) return CANCELLED_BEFORE_START;
  ctx.emit({ type: 'command_started', callId: ctx.callId, command, cwd });
  try {
    const result = await ctx.sandbox.exec(command, {
      cwd: options.cwd,
      timeoutMs: Math.round(options.timeoutSeconds * 1000),
      signal: ctx.signal,
      onOutput: (chunk) => ctx.emit({ type: 'command_output', callId: ctx.callId, stream: chunk.stream, chunk: chunk.data }),
    });
    ctx.emit({
      type: 'command_finished',
      callId: ctx.callId,
      exitCode: result.exitCode,
      durationMs: Math.max(0, result.durationMs),
      timedOut: result.timedOut,
      aborted: result.aborted,
    });
    return { kind: 'ran', result, timeoutSeconds: options.timeoutSeconds };
  } catch (error) {
    const reason = messageOf(error);
    // The viewer saw the command start, so it must also see it end; -1 means "did not run to an exit code".
    ctx.emit({ type: 'command_output', callId: ctx.callId, stream: 'stderr', chunk: `${reason}\n` });
    ctx.emit({
      type: 'command_finished',
      callId: ctx.callId,
      exitCode: -1,
      durationMs: Math.max(0, performance.now() - started),
      timedOut: false,
      aborted: ctx.signal.aborted,
    });
    // Not a failed command but a sandbox that is gone: the engine ends the run (sandbox_failure).
    if (error instanceof SandboxUnavailableError && !ctx.signal.aborted) throw error;
    const kind = ctx.signal.aborted ? 'cancelled' : 'sandbox_error';
    return { kind: 'not_started', failure: fail(kind, `The sandbox could not run the command: ${reason}`) };
  }
}

/** "exit code 0", "exit code 124 — timed out after 60 s …", "exit code 130 — aborted …". */
export function describeExit(result: ExecResult, timeoutSeconds: number): string {
  if (result.timedOut) {
    return (
      `exit code ${result.exitCode} — timed out after ${formatSeconds(timeoutSeconds)} and was stopped. ` +
      `If it legitimately needs longer, pass a larger timeout_seconds (max ${MAX_TIMEOUT_SECONDS}); ` +
      'a command that waits for input or serves forever will never finish here.'
    );
  }
  if (result.aborted) return `exit code ${result.exitCode} — aborted because the run was stopped.`;
  return `exit code ${result.exitCode}`;
}

/**
 * A command that ran, as a result: ok on exit code 0, else failed as timed out, stopped,
 * or `nonZero` (what a non-zero exit means for the tool).
 */
export function exitResult(result: ExecResult, output: string, nonZero: ToolErrorKind): ToolResult {
  if (result.timedOut) return fail('timeout', output);
  if (result.aborted) return fail('cancelled', output);
  return result.exitCode === 0 ? ok(output) : fail(nonZero, output);
}

function formatSeconds(seconds: number): string {
  return Number.isInteger(seconds) ? plural(seconds, 'second') : `${seconds} seconds`;
}

/**
 * The stdout and stderr sections of a command result as the model reads them: cleaned
 * (see cleanOutput; events keep the raw text for the terminal), each cut to head + tail.
 */
export function formatStreams(result: Pick<ExecResult, 'stdout' | 'stderr'>): string {
  const section = (name: string, raw: string) => {
    const text = cleanOutput(raw).replace(/\n$/, '');
    return `--- ${name} ---\n${text === '' ? '(empty)' : truncateMiddle(text)}`;
  };
  return `${section('stdout', result.stdout)}\n${section('stderr', result.stderr)}`;
}
