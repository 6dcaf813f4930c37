import type { FindingKind } from './judge-context';
import { type Arg, showArgv } from './words';

/** One simple command met while judging (nested ones included): what user rules are matched against. */
export interface CommandFrame {
  id: number;
  /** The command that ran this one (a wrapper, a script run by name), if any. */
  parent: number | null;
  argv: readonly Arg[];
  /** When it was met, in the order the command line runs (see `Ordering`). */
  order: Ordering;
}

/**
 * Where something happens in the run of a command line: its position in
 * source order, and the parts of the line whose pieces do not run in that
 * order (a loop repeats, pipeline parts and background jobs run at the same
 * time, a function body or a trap runs later).
 */
export interface Ordering {
  seq: number;
  unordered: readonly number[];
  /** Inside a background job: it may still run after anything that follows it. */
  background: boolean;
}

export interface FindingRecord {
  kind: FindingKind;
  reason: string;
  /** The command whose own judgement produced the finding; null for redirections, assignments, syntax. */
  owner: number | null;
  /** The innermost command the finding happened inside (its owner, or the script runner around a redirection). */
  within: number | null;
  /** The only file the finding writes, when that is known. */
  writes: string | undefined;
  order: Ordering;
}

/**
 * Attributes findings to the simple commands that produced them, so user
 * rules can lift or refuse one command of a script, and prefixes reasons
 * found inside scripts with where they were found.
 */
export class FindingLog {
  readonly frames: CommandFrame[] = [];
  readonly records: FindingRecord[] = [];
  /** A frame while its command is judged; null while nested code is walked (its findings are nobody's own). */
  private readonly owners: (CommandFrame | null)[] = [];
  private readonly labels: string[] = [];
  private seq = 0;
  private regions: readonly number[] = [];
  private regionCount = 0;
  private background = 0;

  /** Walks a part of the line whose pieces may run in any order, or again (loops, pipelines, functions, traps). */
  unordered(walk: () => void, options: { background?: boolean } = {}): void {
    const saved = this.regions;
    this.regions = [...saved, this.regionCount++];
    if (options.background) this.background++;
    try {
      walk();
    } finally {
      if (options.background) this.background--;
      this.regions = saved;
    }
  }

  /** Whether `earlier` can happen before `later` runs. */
  static mayPrecede(earlier: Ordering, later: Ordering): boolean {
    return earlier.seq < later.seq || later.background || earlier.unordered.some((r) => later.unordered.includes(r));
  }

  private ordering(): Ordering {
    return { seq: this.seq++, unordered: this.regions, background: this.background > 0 };
  }

  inCommand(argv: readonly Arg[], judge: () => void): void {
    const frame: CommandFrame = { id: this.frames.length, parent: this.within, argv, order: this.ordering() };
    this.frames.push(frame);
    this.owners.push(frame);
    try {
      judge();
    } finally {
      this.owners.pop();
    }
  }

  inCode(label: string | undefined, walk: () => void): void {
    this.owners.push(null);
    if (label) this.labels.push(label);
    try {
      walk();
    } finally {
      if (label) this.labels.pop();
      this.owners.pop();
    }
  }

  report(kind: FindingKind, reason: string, writes?: string): void {
    const owner = this.owners.at(-1)?.id ?? null;
    const within = this.within;
    const full = this.labels.length > 0 ? `${this.labels.join(' → ')}: ${reason}` : reason;
    const same = (r: FindingRecord) => r.kind === kind && r.reason === full && r.owner === owner && r.within === within;
    if (!this.records.some(same)) this.records.push({ kind, reason: full, owner, within, writes, order: this.ordering() });
  }

  /** A finding about a command judged earlier (found once the whole command line was walked). */
  reportFor(frame: number, kind: FindingKind, reason: string): void {
    this.records.push({ kind, reason, owner: frame, within: frame, writes: undefined, order: this.ordering() });
  }

  /** The innermost command being judged around this point. */
  get within(): number | null {
    for (let i = this.owners.length - 1; i >= 0; i--) {
      const frame = this.owners[i];
      if (frame) return frame.id;
    }
    return null;
  }

  /** Whether `id` is `ancestor` or runs inside it. */
  isInside(id: number | null, ancestor: number): boolean {
    for (let at = id; at !== null; at = this.frames[at]?.parent ?? null) if (at === ancestor) return true;
    return false;
  }

  shownCommand(id: number | null): string | undefined {
    const frame = id === null ? undefined : this.frames[id];
    return frame ? showArgv(frame.argv) : undefined;
  }
}
