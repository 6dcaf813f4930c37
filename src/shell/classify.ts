import { FileStore } from './file-store';
import { FindingLog, type FindingRecord } from './finding-log';
import type { Finding, FindingKind } from './judge-context';
import { allowMatches, compilePattern, denyMatches } from './user-rules';
import type { UserCommandRules } from './user-rules-schema';
import { ScriptWalker } from './walk-script';

export type { Finding, FindingKind } from './judge-context';

export interface CommandVerdict {
  /** Writes nothing, changes no state, runs no unknown code. */
  readonly: boolean;
  /** Runs a recognised test command (or other project code that checks it), and every other part is read-only. */
  isTest: boolean;
  /** Does damage that is hard to undo (rm -rf /, git reset --hard, …). */
  destructive: boolean;
  /** False when the command (or code nested in it) could not be parsed or judged: nothing is known about it. */
  parsed: boolean;
  /** Every offending part found, most telling first: denied by a user rule, unparsed, destructive, other effects, test runs. */
  reasons: string[];
  /** The first reason, or "read-only". */
  reason: string;
  /** The reasons with their kind: effect (not read-only), test, destructive, unparsed. Denials are in `denied`. */
  findings: Finding[];
  /** A user deny rule matched: the command is refused under every phase rule. */
  denied: string[];
  /** Absolute paths of workspace files whose content is needed to judge the command (see classifyWithFiles). */
  needsFiles: string[];
}

export interface ClassifyOptions {
  /** Absolute workspace root; paths outside it count as outside the workspace. Default "/workspace". */
  workdir?: string;
  /** The shell's current directory, which relative paths start from. Default: the workspace root. */
  cwd?: string;
  /**
   * Contents of workspace files by absolute path (null: the file does not exist). Scripts run by
   * name and package.json scripts are judged by their content; a file not given here is listed in
   * `needsFiles` and the command is not judged (fail closed).
   */
  files?: ReadonlyMap<string, string | null>;
  /** Files that could not be read, with why (they fail closed with that reason). */
  unreadableFiles?: ReadonlyMap<string, string>;
  /** The user's allow and deny command patterns. */
  userRules?: UserCommandRules;
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
  const files = new FileStore(options.files, options.unreadableFiles);
  const walker = new ScriptWalker(workdir, options.cwd ?? workdir, files);
  if (command.trim() !== '') walker.inspectSource(command);
  distrustChangedFiles(walker, files);
  const log = walker.log;
  const denied = options.userRules ? deniedBy(log, options.userRules) : [];
  const allowed = options.userRules ? allowedCommands(log, options.userRules) : new Set<number>();
  const kept = log.records.filter((r) => r.kind === 'unparsed' || r.owner === null || !allowed.has(r.owner));
  // Most telling first: unparsed, destructive, other effects, then test runs.
  const findings = kept
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind])
    .map((r): Finding => {
      const command = log.shownCommand(r.owner);
      return command === undefined ? { kind: r.kind, reason: r.reason } : { kind: r.kind, reason: r.reason, command };
    });
  const reasons = [...denied, ...findings.map((f) => f.reason)];
  return {
    readonly: findings.length === 0,
    isTest: findings.some((f) => f.kind === 'test') && findings.every((f) => f.kind === 'test'),
    destructive: findings.some((f) => f.kind === 'destructive'),
    parsed: !findings.some((f) => f.kind === 'unparsed'),
    reasons,
    reason: reasons[0] ?? 'read-only',
    findings,
    denied,
    needsFiles: [...files.needed],
  };
}

/**
 * File contents are read before the command runs. When another part of the
 * same command may change files first (`echo … > x.sh; bash x.sh`), or a
 * script writes a file that was read, what was judged may not be what runs.
 */
function distrustChangedFiles(walker: ScriptWalker, files: FileStore): void {
  const log = walker.log;
  const records = [...log.records];
  const mayChange = (r: FindingRecord) => (r.kind === 'effect' || r.kind === 'destructive') && (r.writes === undefined || files.used.has(r.writes));
  const distrusted = new Set<number>();
  for (const use of walker.fileUses) {
    if (use.frame === null || distrusted.has(use.frame)) continue;
    const frame = use.frame;
    const runs = log.frames[frame]?.order;
    // The commands that launch this one (exec, sudo, npm…) are judged on their own; their findings are not changes made before it.
    const launcher = (r: FindingRecord) => r.owner !== null && log.isInside(frame, r.owner);
    const outside = (r: FindingRecord) => !log.isInside(r.within, frame) && !launcher(r) && (runs === undefined || FindingLog.mayPrecede(r.order, runs));
    const culprit = records.find((r) => mayChange(r) && (outside(r) || (r.writes !== undefined && files.used.has(r.writes))));
    if (!culprit) continue;
    distrusted.add(frame);
    log.reportFor(
      frame,
      'unparsed',
      `${log.shownCommand(frame) ? `'${log.shownCommand(frame)}'` : 'the command'} runs ${use.path} as it is now, but another part of this command may change files before it runs (${culprit.reason}), so it cannot be judged: run them as separate commands`,
    );
  }
}

function deniedBy(log: FindingLog, rules: UserCommandRules): string[] {
  const patterns = rules.deny.map(compilePattern);
  const denied = new Set<string>();
  for (const frame of log.frames) {
    for (const pattern of patterns) if (denyMatches(pattern, frame.argv)) denied.add(`denied by your rule "${pattern.source}"`);
  }
  return [...denied];
}

function allowedCommands(log: FindingLog, rules: UserCommandRules): Set<number> {
  const patterns = rules.allow.map(compilePattern);
  return new Set(log.frames.filter((frame) => patterns.some((p) => allowMatches(p, frame.argv))).map((frame) => frame.id));
}
