import type { PathContext } from './paths';
import type { Arg } from './words';

/**
 * What a finding says about the command:
 * - effect: not read-only (writes, changes state, reaches the network, runs code, unknown);
 * - test: runs a recognised test command (also not read-only);
 * - destructive: does damage that is hard to undo;
 * - unparsed: part of it could not be parsed, so nothing can be said about it.
 */
export type FindingKind = 'effect' | 'test' | 'destructive' | 'unparsed';

export interface Finding {
  kind: FindingKind;
  reason: string;
}

/** What a judge of one command can see and do. */
export interface JudgeContext {
  /** The workspace root and the current directory, to tell paths inside the workspace from paths outside. */
  readonly where: PathContext;
  /** Variables known to hold file names (loop variables over literal words). */
  readonly safeVars: ReadonlySet<string>;
  report(kind: FindingKind, reason: string): void;
  /** Judges a command line given as words (what a wrapper, xargs or find -exec runs). */
  judgeArgv(argv: readonly Arg[]): void;
  /** Parses and judges shell code given as text (bash -c, eval, watch, trap). */
  judgeText(source: string, origin: string): void;
}
