import type { Finding, FindingKind } from './judge-context';
import { ScriptWalker } from './walk-script';

export type { Finding, FindingKind } from './judge-context';

export interface CommandVerdict {
  /** Writes nothing, changes no state, runs no unknown code. */
  readonly: boolean;
  /** Runs a recognised test command, and every other part is read-only. */
  isTest: boolean;
  /** Does damage that is hard to undo (rm -rf /, git reset --hard, …). */
  destructive: boolean;
  /** False when the command (or code nested in it) could not be parsed: nothing is known about it. */
  parsed: boolean;
  /** Every offending part found, most telling first: unparsed, destructive, other effects, test runs. */
  reasons: string[];
  /** The first reason, or "read-only". */
  reason: string;
  /** The reasons with their kind: effect (not read-only), test, destructive, unparsed. */
  findings: Finding[];
}

export interface ClassifyOptions {
  /** Absolute workspace root; paths outside it count as outside the workspace. Default "/workspace". */
  workdir?: string;
  /** The shell's current directory, which relative paths start from. Default: the workspace root. */
  cwd?: string;
}

export const DEFAULT_WORKDIR = '/workspace';

const KIND_ORDER: Readonly<Record<FindingKind, number>> = { unparsed: 0, destructive: 1, effect: 2, test: 3 };

/**
 * Classifies a shell command line from its parse tree, failing closed: a
 * parse failure, an unknown command or a word that is only known at run time
 * where it matters makes the command not read-only.
 * An empty or blank command does nothing and is read-only.
 */
export function classifyCommand(command: string, options: ClassifyOptions = {}): CommandVerdict {
  const workdir = options.workdir ?? DEFAULT_WORKDIR;
  const walker = new ScriptWalker(workdir, options.cwd ?? workdir);
  if (command.trim() !== '') walker.inspectSource(command);
  // Most telling first: unparsed, destructive, other effects, then test runs.
  const findings = [...walker.findings].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  const reasons = findings.map((f) => f.reason);
  const parsed = !findings.some((f) => f.kind === 'unparsed');
  const isTest = findings.some((f) => f.kind === 'test') && findings.every((f) => f.kind === 'test');
  return {
    readonly: findings.length === 0,
    isTest,
    destructive: findings.some((f) => f.kind === 'destructive'),
    parsed,
    reasons,
    reason: reasons[0] ?? 'read-only',
    findings: findings.map((f) => ({ ...f })),
  };
}
