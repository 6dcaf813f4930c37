/**
 * Labelled shell commands for the classifier. Each case says whether the
 * command is read-only, a recognised test command, destructive, and (when it
 * is refused) a piece of text the reason must contain, naming the offending part.
 * Cases are judged in the fixture workspace (fixture-workspace.ts) unless they bring their own files.
 */
export interface ShellCase {
  cmd: string;
  readonly: boolean;
  isTest: boolean;
  destructive: boolean;
  parsed: boolean;
  /** Must appear in the first reason (for destructive and unparsed cases, in one of the reasons). */
  reason?: string;
  /** Workspace files to judge with, instead of the fixture workspace. */
  files?: ReadonlyMap<string, string | null>;
  /** The shell's directory, instead of the workspace root. */
  cwd?: string;
}

type Where = Pick<ShellCase, 'files' | 'cwd'>;

export const ro = (cmd: string, where: Where = {}): ShellCase => ({ cmd, readonly: true, isTest: false, destructive: false, parsed: true, ...where });
export const no = (cmd: string, reason: string, where: Where = {}): ShellCase => ({
  cmd,
  readonly: false,
  isTest: false,
  destructive: false,
  parsed: true,
  reason,
  ...where,
});
export const test = (cmd: string, reason = 'runs tests', where: Where = {}): ShellCase => ({
  cmd,
  readonly: false,
  isTest: true,
  destructive: false,
  parsed: true,
  reason,
  ...where,
});
export const boom = (cmd: string, reason: string, where: Where = {}): ShellCase => ({
  cmd,
  readonly: false,
  isTest: false,
  destructive: true,
  parsed: true,
  reason,
  ...where,
});
export const unparsed = (cmd: string, reason = 'could not parse', where: Where = {}): ShellCase => ({
  cmd,
  readonly: false,
  isTest: false,
  destructive: false,
  parsed: false,
  reason,
  ...where,
});
