import { relativeTo } from '../paths';
import type { FsOverlay } from './fs-overlay';

export type TestFlavour = 'vitest' | 'jest';

/** vitest's and jest's default test files: `*.test.*`/`*.spec.*`, and jest's `__tests__/` folders. */
const TEST_FILE = /(^|\/)[^/]+\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)__tests__\/(.+\/)?[^/]+\.[cm]?[jt]sx?$/;

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
 * The test files under `cwd`, in path order: outside node_modules and hidden folders (and `dist`
 * for vitest), kept when they match one of `filters` (all of them when there are none).
 */
export function offlineTestFiles(fs: FsOverlay, cwd: string, filters: string[], flavour: TestFlavour): string[] {
  return fs
    .filePaths()
    .filter((path) => {
      const relative = relativeTo(cwd, path);
      if (relative === null || relative === '.' || !TEST_FILE.test(relative) || /\.d\.[cm]?ts$/.test(relative)) return false;
      const folders = relative.split('/').slice(0, -1);
      if (folders.some((part) => part === 'node_modules' || part.startsWith('.') || (flavour === 'vitest' && part === 'dist'))) return false;
      return filters.length === 0 || filters.some((filter) => matchesFilter(relative, filter, flavour));
    })
    .sort();
}
