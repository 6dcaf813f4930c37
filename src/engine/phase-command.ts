import { messageOf } from '../protocol/error-message';
import type { PhaseCommandResult } from '../protocol/events';
import type { Sandbox } from '../sandbox/port';
import { formatStreams } from '../tools/command-runner';
import { truncateMiddle } from '../tools/output';

/** What a phase-boundary result keeps of each stream in its event: the head and the tail. */
const EVENT_HEAD_CHARS = 8_000;
const EVENT_TAIL_CHARS = 8_000;

/**
 * Runs a command the policy names at a phase boundary (a validation or a rollback): straight on
 * the sandbox, not through the model's gate, at the workspace root, stopped after `timeoutMs` or
 * when the run stops. A sandbox that cannot run it at all gives a failed result (exit code -1).
 */
export async function runPhaseCommand(sandbox: Sandbox, command: string, timeoutMs: number, signal: AbortSignal): Promise<PhaseCommandResult> {
  const started = performance.now();
  try {
    const result = await sandbox.exec(command, { cwd: sandbox.workdir, timeoutMs, signal });
    return {
      command,
      passed: result.exitCode === 0 && !result.timedOut && !result.aborted,
      exitCode: result.exitCode,
      timedOut: result.timedOut,
      durationMs: Math.max(0, result.durationMs),
      stdout: truncateMiddle(result.stdout, EVENT_HEAD_CHARS, EVENT_TAIL_CHARS),
      stderr: truncateMiddle(result.stderr, EVENT_HEAD_CHARS, EVENT_TAIL_CHARS),
    };
  } catch (error) {
    return {
      command,
      passed: false,
      exitCode: -1,
      timedOut: false,
      durationMs: Math.max(0, performance.now() - started),
      stdout: '',
      stderr: `The sandbox could not run the command: ${messageOf(error)}`,
    };
  }
}

/** "exit code 1", "timed out after 30 s", "could not run": for the model and the page. */
export function describeOutcome(result: PhaseCommandResult, timeoutMs: number): string {
  if (result.timedOut) return `timed out after ${formatMs(timeoutMs)}`;
  if (result.exitCode === -1) return 'it could not run';
  return `exit code ${result.exitCode}`;
}

/** The command's output as the model reads it: stdout and stderr, cleaned, each cut to head and tail. */
export function outputForModel(result: PhaseCommandResult): string {
  return formatStreams(result);
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
