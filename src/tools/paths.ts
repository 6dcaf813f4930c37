/**
 * Workspace path handling for tool arguments. Pure string logic on POSIX paths,
 * so it runs the same in a Web Worker and in Node.
 */
import { MAX_PATH_DEPTH, tooDeepMessage } from '../protocol/path-depth';
import { foldSegments } from '../protocol/path-segments';
import { collapseSegments, joinPath, parentOf } from '../sandbox/paths';

export type ResolvedPath =
  | { ok: true; /** Absolute, normalised path inside the workspace. */ absolute: string; /** Workspace-relative path, "." for the root. */ display: string }
  | { ok: false; error: string; /** Why: no path at all (empty, a NUL, too deep) or one that leaves the workspace. */ invalid: boolean };

/** Normalises an absolute POSIX path ("/a/./b/../c/" → "/a/c"); ".." above "/" stays at "/". */
export const normaliseAbsolute = collapseSegments;

export { joinPath };

/** The workspace-relative form of an absolute path inside the workspace ("." for the root itself). */
export function displayPath(workdir: string, absolute: string): string {
  const root = normaliseAbsolute(workdir);
  const target = normaliseAbsolute(absolute);
  if (target === root) return '.';
  const prefix = root === '/' ? '/' : `${root}/`;
  return target.startsWith(prefix) ? target.slice(prefix.length) : target;
}

/**
 * Resolves a tool's path argument: relative to the workspace root, or absolute
 * inside it. Anything that leaves the workspace is refused with a message the
 * model can act on.
 */
export function resolveWorkspacePath(workdir: string, input: string): ResolvedPath {
  const root = normaliseAbsolute(workdir);
  const raw = input.trim();
  const hint = `Use a path relative to the workspace root (e.g. "src/index.ts") or an absolute path under ${root}.`;
  if (raw === '') return { ok: false, error: `The path is empty. ${hint}`, invalid: true };
  if (raw.includes('\0')) return { ok: false, error: `The path contains a NUL character. ${hint}`, invalid: true };
  if (raw === '~' || raw.startsWith('~/')) {
    return { ok: false, error: `"${raw}": "~" is not expanded here and the home directory is outside the workspace. ${hint}`, invalid: false };
  }

  let segments: string[] | null;
  if (raw.startsWith('/')) {
    const absolute = normaliseAbsolute(raw);
    const prefix = root === '/' ? '/' : `${root}/`;
    if (absolute !== root && !absolute.startsWith(prefix)) {
      return { ok: false, error: `"${raw}" is outside the workspace (${root}). ${hint}`, invalid: false };
    }
    segments = foldSegments(absolute.slice(root.length).split('/'), 'refuse');
  } else {
    segments = foldSegments(raw.split('/'), 'refuse');
    if (segments === null) {
      return { ok: false, error: `"${raw}" climbs above the workspace root with "..". ${hint}`, invalid: false };
    }
  }
  if (segments === null) return { ok: false, error: `"${raw}" is outside the workspace (${root}). ${hint}`, invalid: false };
  if (segments.length > MAX_PATH_DEPTH) return { ok: false, error: tooDeepError(`${segments.length} parts`), invalid: true };

  const relative = segments.join('/');
  const absolute = relative === '' ? root : joinPath(root, relative);
  return { ok: true, absolute, display: relative === '' ? '.' : relative };
}

/** The parent directory of an absolute path ("/a/b" → "/a", "/a" → "/"). */
export const parentDir = parentOf;

/** The refusal of a path with more than MAX_PATH_DEPTH parts below the workspace root; `how` says how deep it is. */
export function tooDeepError(how: string): string {
  return `The path has ${how}: ${tooDeepMessage('the workspace root')}. Nothing is created or read there; choose a shallower path.`;
}
