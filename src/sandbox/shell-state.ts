/**
 * Shared rules for carrying a shell's environment from one exec call to the
 * next, for adapters whose underlying shell forgets it after every command.
 */

/** Variables the shell maintains itself; carrying them over would fight it. */
const SHELL_MANAGED = new Set(['PWD', 'OLDPWD', '?', '_', 'IFS', 'OPTIND', 'SHELLOPTS', 'BASHOPTS', 'SHLVL']);

/**
 * The environment to start the next command with, given the one this command
 * started with (`before`), the variables passed for this command only
 * (`oneOff`) and the variables the shell reported afterwards (`after`).
 * A one-off variable the command left untouched goes back to its old value.
 */
export function carryEnv(before: Record<string, string>, oneOff: Record<string, string> | undefined, after: Record<string, string>): Record<string, string> {
  const next: Record<string, string> = {};
  for (const [key, value] of Object.entries(after)) {
    if (!SHELL_MANAGED.has(key) && !key.startsWith('BASH')) next[key] = value;
  }
  for (const [key, value] of Object.entries(oneOff ?? {})) {
    if (next[key] !== value) continue;
    if (Object.hasOwn(before, key)) next[key] = before[key] as string;
    else delete next[key];
  }
  return next;
}

export type Interruption = 'timeout' | 'abort';

export const TIMEOUT_EXIT_CODE = 124;
export const ABORT_EXIT_CODE = 130;

export function interruptionExitCode(kind: Interruption): number {
  return kind === 'timeout' ? TIMEOUT_EXIT_CODE : ABORT_EXIT_CODE;
}

/** The line appended to stderr of a command that was stopped. */
export function interruptionNotice(kind: Interruption, timeoutMs: number | undefined): string {
  return kind === 'timeout' ? `Command timed out after ${timeoutMs ?? 0} ms and was stopped.\n` : 'Command was aborted.\n';
}
