import { readdirSync, type Stats, statSync } from 'node:fs';
import { join } from 'node:path';

export interface FindFilesOptions {
  /** Which files to keep, by name and full path. */
  accept: (name: string, path: string) => boolean;
  /** Directories not to enter, by name. */
  skipDir?: (name: string) => boolean;
  recursive?: boolean;
  limit?: number;
  minBytes?: number;
  maxBytes?: number;
}

/**
 * Files under `dir` for tests and benchmarks over real code: names sorted, depth-first, at most `limit`,
 * sized within [minBytes, maxBytes]. Unreadable directories and entries are passed over.
 */
export function findFiles(dir: string, options: FindFilesOptions): string[] {
  const { accept, skipDir = () => false, recursive = true, limit = Number.POSITIVE_INFINITY, minBytes = 0, maxBytes = Number.POSITIVE_INFINITY } = options;
  const out: string[] = [];
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (out.length >= limit) return;
      const path = join(d, name);
      const stat = statOrNull(path);
      if (!stat) continue;
      if (stat.isDirectory()) {
        if (recursive && !skipDir(name)) walk(path);
      } else if (accept(name, path) && stat.size >= minBytes && stat.size <= maxBytes) {
        out.push(path);
      }
    }
  };
  walk(dir);
  return out;
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
