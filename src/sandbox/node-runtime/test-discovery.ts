import { collapseSegments, joinPath, relativeTo } from '../paths';
import type { FsOverlay } from './fs-overlay';

const SCRIPT = '\\.(c|m)?[jt]s';
/** Node 20+'s default patterns for `node --test` (TypeScript too, as with type stripping). */
const TEST_FILE = new RegExp(`(^|/)(test|[^/]*[.\\-_]test|test-[^/]*)${SCRIPT}$|(^|/)test/.*${SCRIPT}$`);

/** Whether `node --test DIR` runs the file at `relative` (a path relative to DIR): run_tests lists a folder's test files with it. */
export function isNodeTestFile(relative: string): boolean {
  if (relative.split('/').some((part) => part === 'node_modules' || part.startsWith('.'))) return false;
  return TEST_FILE.test(relative) && !/\.d\.[cm]?ts$/.test(relative);
}

/** Test files below `dir`, outside node_modules and hidden folders, in path order. */
function discover(fs: FsOverlay, dir: string): string[] {
  return fs
    .filePaths()
    .filter((path) => {
      const relative = relativeTo(dir, path);
      return relative !== null && relative !== '.' && isNodeTestFile(relative);
    })
    .sort();
}

/** The files `node --test [paths]` runs: the given files, the test files under given folders, or under cwd. */
export function testFiles(fs: FsOverlay, cwd: string, paths: string[]): { files: string[]; missing: string[] } {
  if (paths.length === 0) return { files: discover(fs, cwd), missing: [] };
  const files: string[] = [];
  const missing: string[] = [];
  for (const path of paths) {
    const absolute = collapseSegments(path.startsWith('/') ? path : joinPath(cwd, path));
    const stat = fs.stat(absolute);
    if (stat?.type === 'dir') files.push(...discover(fs, absolute));
    else if (stat?.type === 'file') files.push(absolute);
    else missing.push(path);
  }
  return { files: [...new Set(files)], missing };
}
