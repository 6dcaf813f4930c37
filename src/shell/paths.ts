import { foldSegments } from '../protocol/path-segments';
import type { Arg } from './words';

/**
 * How far a path argument reaches, for the destructive checks:
 * - root: `/`, `/*`
 * - home: `~`, `~/x` (outside the workspace)
 * - outside: an absolute path outside the workspace and the scratch directories
 * - workspace: the workspace root itself or everything in it
 * - current: `.`, `./`, `src/..`
 * - parent: `..`, `../*`
 * - everything: a bare catch-all glob (`*`, `.*`)
 * - history: the repository's `.git`
 * - unknown: only known when the command runs (`$DIR`)
 * null means an ordinary, targeted path.
 */
export type PathScope = 'root' | 'home' | 'outside' | 'workspace' | 'current' | 'parent' | 'everything' | 'history' | 'unknown';

export const SCOPE_WHY: Readonly<Record<PathScope, string>> = {
  root: 'the root of the file system',
  home: 'the home directory, outside the workspace',
  outside: 'a path outside the workspace',
  workspace: 'the whole workspace',
  current: 'the whole current directory',
  parent: 'a parent directory',
  everything: 'everything in the directory',
  history: "the repository's history (.git)",
  unknown: 'a path only known when the command runs',
};

/** Directories whose files are scratch space: changing things under them is not destructive. */
const SCRATCH_DIRS = ['/tmp', '/var/tmp'];

/**
 * Where paths are resolved from: the workspace root, and the shell's current
 * directory (absolute, `~…` for the home directory, or null when a `cd` to a
 * run-time value made it unknown).
 */
export interface PathContext {
  workdir: string;
  cwd: string | null;
}

export function pathScope(arg: Arg, where: PathContext): PathScope | null {
  const text = arg.text;
  if (text === null) return 'unknown';
  if (text.startsWith('~')) return 'home';
  const segments = normalizeSegments(text.split('/'));
  if (text.startsWith('/')) return absoluteScope(segments, where.workdir);
  if (segments.length === 0) return 'current';
  if (segments.every((s) => s === '..')) return 'parent';
  if (segments[0] === '..' && segments.slice(1).every(isCatchAll)) return 'parent';
  if (segments.every(isCatchAll)) return 'everything';
  if (segments.length === 1 && segments[0] === '.git') return 'history';
  if (where.cwd === null) return 'unknown';
  if (where.cwd.startsWith('~')) return 'home';
  return absoluteScope(normalizeSegments([...where.cwd.split('/'), ...text.split('/')]), where.workdir);
}

/** Resolves a `cd` target against the current directory; null when that is not knowable. */
export function changeDirectory(cwd: string | null, target: string | null): string | null {
  if (target === null || target === '-') return null;
  if (target === '' || target === '~' || target.startsWith('~/')) return target === '' ? '~' : target;
  if (target.startsWith('~')) return null;
  if (target.startsWith('/')) return `/${normalizeSegments(target.split('/')).join('/')}`;
  if (cwd === null) return null;
  if (cwd.startsWith('~')) return `${cwd}/${target}`;
  return `/${normalizeSegments([...cwd.split('/'), ...target.split('/')]).join('/')}`;
}

function absoluteScope(segments: readonly string[], workdir: string): PathScope | null {
  if (segments.length === 0 || segments.every(isCatchAll)) return 'root';
  const path = `/${segments.join('/')}`;
  const root = normalizeRoot(workdir);
  if (path === root) return 'workspace';
  if (path.startsWith(`${root}/`)) {
    const inside = segments.slice(root.split('/').filter(Boolean).length);
    if (inside.every(isCatchAll)) return 'workspace';
    if (inside.length === 1 && inside[0] === '.git') return 'history';
    return null;
  }
  for (const scratch of SCRATCH_DIRS) {
    if (path.startsWith(`${scratch}/`) && !segments.slice(scratch.split('/').length - 1).every(isCatchAll)) return null;
  }
  return 'outside';
}

/** Drops `.` and empty segments and resolves `..` where it can (leading `..` stays). */
function normalizeSegments(raw: readonly string[]): string[] {
  return foldSegments(raw, 'keep');
}

function normalizeRoot(workdir: string): string {
  return `/${normalizeSegments(workdir.split('/')).join('/')}`;
}

/** A segment that names no particular file: `*`, `.*`, `**`, `?*`, `.[!.]*`, `..`. */
function isCatchAll(segment: string): boolean {
  const bare = segment.replace(/\[[^\]]*\]/g, '*');
  return segment === '..' || (/^[.*?]+$/.test(bare) && /[*?]/.test(bare));
}

/** Paths that swallow output or are a terminal rather than a file. */
export function isHarmlessSink(text: string): boolean {
  return ['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty', '/dev/zero'].includes(text) || /^\/dev\/fd\/[0-9]+$/.test(text);
}

/** A disk or other device: writing to it can destroy a file system. */
export function isRawDevice(text: string): boolean {
  return text.startsWith('/dev/') && !isHarmlessSink(text) && !/^\/dev\/(tcp|udp)\//.test(text);
}

/** Paths outside the workspace, /dev and the scratch directories (relative ones resolved from the current directory). */
export function isOutsideWorkspace(text: string, where: PathContext): boolean {
  if (text.startsWith('~')) return true;
  let path: string;
  if (text.startsWith('/')) path = `/${normalizeSegments(text.split('/')).join('/')}`;
  else if (where.cwd === null) return false;
  else if (where.cwd.startsWith('~')) return true;
  else path = `/${normalizeSegments([...where.cwd.split('/'), ...text.split('/')]).join('/')}`;
  const root = normalizeRoot(where.workdir);
  if (path === root || path.startsWith(`${root}/`)) return false;
  if (path.startsWith('/dev/')) return false;
  return !SCRATCH_DIRS.some((dir) => path === dir || path.startsWith(`${dir}/`));
}

/** The absolute path a command would open for `text`; null when that depends on the home or an unknown directory. */
export function resolvePath(text: string, where: PathContext): string | null {
  if (text.startsWith('~')) return null;
  if (text.startsWith('/')) return `/${normalizeSegments(text.split('/')).join('/')}`;
  if (where.cwd === null || where.cwd.startsWith('~')) return null;
  return `/${normalizeSegments([...where.cwd.split('/'), ...text.split('/')]).join('/')}`;
}

/** The directory holding `path` (`/` for `/`). */
export function parentDirectory(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}
