import type { PathContext } from './paths';
import type { Arg } from './words';

/**
 * What a finding says about the command:
 * - effect: not read-only (writes, changes state, reaches the network, runs code, unknown);
 * - test: runs a recognised test command or other project code that checks the project (also not read-only);
 * - destructive: does damage that is hard to undo;
 * - unparsed: part of it could not be parsed or judged (code only known at run time, a script
 *   whose content was not read), so nothing can be said about it.
 */
export type FindingKind = 'effect' | 'test' | 'destructive' | 'unparsed';

export interface Finding {
  kind: FindingKind;
  reason: string;
  /** The simple command the finding belongs to, as written (absent for redirections, assignments, syntax). */
  command?: string;
}

/** Where a command reads its standard input from, as far as can be told before it runs. */
export type StdinSource = { kind: 'text'; text: string } | { kind: 'file'; path: Arg } | { kind: 'unknown' };

/** A workspace file the classifier asked for: its text, or why there is none. */
export type FileContent =
  | { status: 'ok'; text: string; path: string }
  | { status: 'missing'; path: string }
  | { status: 'pending'; path: string }
  | { status: 'unreadable'; path: string; why: string };

/** Shell code judged somewhere else than where it is written: `bash -c`, eval, a script file, a package script. */
export interface NestedCode {
  /** Names the code in the reasons found inside it (`script 'x.sh'`); inline code needs none. */
  label?: string;
  /** Runs in a new shell process, so the state it changes (variables, options, functions) does not outlive it. */
  childShell: boolean;
  /** The directory it starts in; default: the current one. */
  cwd?: string | null;
  /** The workspace file the code was read from: counts toward the limit on scripts nested by name. */
  fromFile?: string;
  /** Runs later, maybe more than once (a trap, an alias), not where it is written. */
  runsLater?: boolean;
}

/** What a judge of one command can see and do. */
export interface JudgeContext {
  /** The workspace root and the current directory, to tell paths inside the workspace from paths outside. */
  readonly where: PathContext;
  /** Variables known to hold file names (loop variables over literal words). */
  readonly safeVars: ReadonlySet<string>;
  /** The literal words a loop variable takes, one after the other (`for f in a.sh tests/*.sh`). */
  readonly loopWords: ReadonlyMap<string, readonly Arg[]>;
  /** The command runs in the session shell itself: state it changes (variables, options, functions) outlives it. */
  readonly persistent: boolean;
  /** Where the command being judged reads its standard input from. */
  readonly stdin: StdinSource;
  /** `writes`: the one absolute path the finding writes, when that is all it does. */
  report(kind: FindingKind, reason: string, writes?: string): void;
  /**
   * Judges a command line given as words (what a wrapper, xargs or find -exec runs), as a program of
   * its own unless `inShell` (`command`, `builtin`), optionally in another directory.
   */
  judgeArgv(argv: readonly Arg[], options?: { cwd?: string | null; inShell?: boolean }): void;
  /** Parses and judges shell code given as text; `origin` names what runs it. True when it was read-only. */
  judgeText(source: string, origin: string, code: NestedCode): boolean;
  /** The content of a file by absolute path; asks for it (fail closed) when it was not given. */
  readFile(absPath: string): FileContent;
  /** A shell variable set to `value` (null: only known at run time), for arithmetic that evaluates it later. */
  noteAssignment(name: string, value: string | null): void;
}
