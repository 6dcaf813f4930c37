import type { DirEntry, Sandbox } from '../sandbox/port';
import { joinPath } from './paths';

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
  /** For directories: 'skipped' (by name), 'depth' (below maxDepth) or 'expanded'. */
  expansion?: 'expanded' | 'skipped' | 'depth';
}

export interface WalkOptions {
  /** Directory names never entered (still reported, with expansion 'skipped'). */
  skipDirs?: ReadonlySet<string>;
  /** Deepest level whose directories are entered; Infinity by default. */
  maxDepth?: number;
  /** Entries for which this returns true are not reported, and directories not entered. */
  ignore?: (path: string, type: 'file' | 'dir') => boolean | Promise<boolean>;
}

/** Directories first, then files, each alphabetical (code-point order, stable across hosts). */
export function sortEntries(entries: DirEntry[]): DirEntry[] {
  return [...entries].sort((a, b) => {
    if (a.type !== b.type) return a.type === 'dir' ? -1 : 1;
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });
}

/**
 * Depth-first walk of a directory in listing order. Lazy, so callers can stop
 * early (caps) without reading the rest of the tree.
 */
export async function* walk(sandbox: Sandbox, root: string, options: WalkOptions = {}): AsyncGenerator<WalkEntry> {
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  async function* visit(dir: string, relativeDir: string, depth: number): AsyncGenerator<WalkEntry> {
    for (const entry of sortEntries(await sandbox.listDir(dir))) {
      const path = joinPath(dir, entry.name);
      const relative = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
      if (options.ignore && (await options.ignore(path, entry.type))) continue;
      if (entry.type === 'file') {
        yield { path, relative, name: entry.name, type: 'file', size: entry.size, depth };
        continue;
      }
      const expansion = options.skipDirs?.has(entry.name) ? 'skipped' : depth >= maxDepth ? 'depth' : 'expanded';
      yield { path, relative, name: entry.name, type: 'dir', depth, expansion };
      if (expansion === 'expanded') yield* visit(path, relative, depth + 1);
    }
  }
  yield* visit(root, '', 1);
}
