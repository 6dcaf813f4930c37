import { relativeTo } from '../paths';
import type { FsOverlay } from './fs-overlay';
import type { TestFileSelection } from './offline-vitest-selection';

export type TestFlavour = 'vitest' | 'jest';

/** A filter from the command line: jest reads a regular expression, vitest a part of the path. */
function matchesFilter(relative: string, filter: string, flavour: TestFlavour): boolean {
  const plain = filter.replace(/^\.\//, '');
  if (relative.includes(plain)) return true;
  if (flavour !== 'jest') return false;
  try {
    return new RegExp(filter).test(relative);
  } catch {
    return false;
  }
}

/**
 * The test files under `cwd` that `selection` takes (the config's or the runner's defaults,
 * `offline-vitest-selection.ts`), in path order, kept when they match one of `filters` (all of
 * them when there are none).
 */
export function offlineTestFiles(fs: FsOverlay, cwd: string, filters: string[], flavour: TestFlavour, selection: TestFileSelection): string[] {
  return fs
    .filePaths()
    .filter((path) => {
      const relative = relativeTo(cwd, path);
      if (relative === null || relative === '.' || !selection.takes(relative, path)) return false;
      return filters.length === 0 || filters.some((filter) => matchesFilter(relative, filter, flavour));
    })
    .sort();
}
