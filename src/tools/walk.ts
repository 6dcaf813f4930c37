import { MAX_PATH_DEPTH } from '../protocol/path-depth';
import type { DirEntry, Sandbox } from '../sandbox/port';
import { Pacer } from './pacer';
import { joinPath } from './paths';
import { relativeInside } from './real-path';

/** No walk goes below this many levels, whatever it was asked: the one depth limit, which nothing may be created past. */
export const MAX_WALK_DEPTH = MAX_PATH_DEPTH;

export interface WalkEntry {
  /** Absolute path. */
  path: string;
  /** Path relative to the walk's root. */
  relative: string;
  name: string;
  type: 'file' | 'dir';
  size?: number;
  /** 1 for the root's direct children. */
  depth: number;
  /**
   * For directories: 'skipped' (by name), 'depth' (below maxDepth), 'link' (a symbolic
   * link, never entered: what it points to is walked where it really is) or 'expanded'.
   */
  expansion?: 'expanded' | 'skipped' | 'depth' | 'link';
  /** For a symbolic link: the workspace-relative path it points to ("." for the root). */
  linkTarget?: string;
}

export interface WalkOptions {
  /** Directory names never entered (still reported, with expansion 'skipped'). */
  skipDirs?: ReadonlySet<string>;
  /** Deepest level whose directories are entered; MAX_WALK_DEPTH at most, and by default. */
  maxDepth?: number;
  /** Entries for which this returns true are not reported, and directories not entered. */
  ignore?: (path: string, type: 'file' | 'dir') => boolean | Promise<boolean>;
  /** Ends the walk early (see WalkReport.aborted). */
  signal?: AbortSignal;
}

/** A symbolic link the walk left out because it leads out of the workspace. */
export interface OutsideLink {
  relative: string;
  /** Where it really leads. */
  target: string;
}

/** What a walk left out; complete once the walk has ended. */
export interface WalkReport {
  /** The signal was aborted: the walk ended early. */
  aborted: boolean;
  /** Directories at MAX_WALK_DEPTH that were not entered, relative to the root. */
  depthLimited: string[];
  outsideLinks: OutsideLink[];
  /** Links that lead nowhere (missing target, or a loop), relative to the root. */
  brokenLinks: string[];
}

/** Directories first, then files, each alphabetical (code-point order, stable across hosts). */
export function sortEntries(entries: DirEntry[]): DirEntry[] {
  return [...entries].sort((a, b) => {
    if (a.type !== b.type) return a.type === 'dir' ? -1 : 1;
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });
}

/**
 * Depth-first walk of a directory in listing order. Lazy, so callers can stop early
 * (caps) without reading the rest of the tree. It gives the event loop a turn every few
 * milliseconds and ends when the signal is aborted; symbolic links are reported with
 * where they lead but never entered, and links out of the workspace are left out.
 */
export class Walk implements AsyncIterable<WalkEntry> {
  readonly report: WalkReport = { aborted: false, depthLimited: [], outsideLinks: [], brokenLinks: [] };
  private readonly pacer: Pacer;
  private readonly maxDepth: number;
  private realRoot: Promise<string> | null = null;

  constructor(
    private readonly sandbox: Sandbox,
    private readonly root: string,
    private readonly options: WalkOptions = {},
  ) {
    this.pacer = new Pacer(options.signal);
    this.maxDepth = Math.min(options.maxDepth ?? MAX_WALK_DEPTH, MAX_WALK_DEPTH);
  }

  [Symbol.asyncIterator](): AsyncIterator<WalkEntry> {
    return this.visit(this.root, '', 1);
  }

  private async *visit(dir: string, relativeDir: string, depth: number): AsyncGenerator<WalkEntry> {
    if (!(await this.keepGoing())) return;
    for (const entry of sortEntries(await this.sandbox.listDir(dir))) {
      if (!(await this.keepGoing())) return;
      const path = joinPath(dir, entry.name);
      const relative = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
      if (this.options.ignore && (await this.options.ignore(path, entry.type))) continue;
      const base = { path, relative, name: entry.name, depth };
      if (entry.symlink) {
        const linked = await this.followLink(path, relative, entry);
        if (linked) yield { ...base, ...linked };
        continue;
      }
      if (entry.type === 'file') {
        yield { ...base, type: 'file', size: entry.size };
        continue;
      }
      const expansion = this.options.skipDirs?.has(entry.name) ? 'skipped' : depth >= this.maxDepth ? 'depth' : 'expanded';
      if (expansion === 'depth' && depth >= MAX_WALK_DEPTH) this.report.depthLimited.push(relative);
      yield { ...base, type: 'dir', expansion };
      if (expansion === 'expanded') yield* this.visit(path, relative, depth + 1);
      if (this.report.aborted) return;
    }
  }

  private async keepGoing(): Promise<boolean> {
    if (!this.report.aborted && !(await this.pacer.pace())) this.report.aborted = true;
    return !this.report.aborted;
  }

  /** The entry's fields for a link that stays inside the workspace; null (and noted) otherwise. */
  private async followLink(path: string, relative: string, entry: DirEntry): Promise<Omit<WalkEntry, 'path' | 'relative' | 'name' | 'depth'> | null> {
    let real: string;
    try {
      real = await this.sandbox.realpath(path);
    } catch {
      this.report.brokenLinks.push(relative);
      return null;
    }
    this.realRoot ??= this.sandbox.realpath(this.sandbox.workdir);
    const linkTarget = relativeInside(await this.realRoot, real);
    if (linkTarget === null) {
      this.report.outsideLinks.push({ relative, target: real });
      return null;
    }
    if (!(await this.sandbox.stat(path))) {
      this.report.brokenLinks.push(relative);
      return null;
    }
    return entry.type === 'dir' ? { type: 'dir', expansion: 'link', linkTarget } : { type: 'file', size: entry.size, linkTarget };
  }
}

export function walk(sandbox: Sandbox, root: string, options: WalkOptions = {}): Walk {
  return new Walk(sandbox, root, options);
}
