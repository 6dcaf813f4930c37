import { foldSegments } from '../protocol/path-segments';
import { SandboxError } from './port';

/**
 * POSIX path helpers for the sandbox port, which speaks absolute paths only.
 * Pure string work: no Node `path` module (this code also runs in a Web Worker).
 */

/** Resolves `.`, `..` and repeated slashes; throws EINVAL for relative or empty paths. */
export function normalizeAbsolutePath(path: string): string {
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new SandboxError(`path must be absolute (start with "/"): ${JSON.stringify(path)}`, 'EINVAL');
  }
  if (path.includes('\0')) throw new SandboxError(`path contains a NUL character: ${JSON.stringify(path)}`, 'EINVAL');
  return collapseSegments(path);
}

/** Collapses `.`, `..` and repeated slashes of an absolute path ("/a/./b/../c/" → "/a/c"); ".." above "/" stays at "/". */
export function collapseSegments(path: string): string {
  return `/${foldSegments(path.split('/'), 'clamp').join('/')}`;
}

/** Absolute paths stay as they are; relative ones are taken from `base`. */
export function resolvePath(base: string, path: string): string {
  return normalizeAbsolutePath(path.startsWith('/') ? path : `${base}/${path}`);
}

/** The parent of a normalized absolute path; the root is its own parent. */
export function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/** Joins a directory and a relative name ("/a" + "b/c" → "/a/b/c"; "" or "." is the directory itself). */
export function joinPath(dir: string, name: string): string {
  if (name === '' || name === '.') return dir;
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

/**
 * `path` relative to `root` ("." for the root itself), or null when `path` is
 * not inside `root`. Both must be normalized absolute paths.
 */
export function relativeTo(root: string, path: string): string | null {
  if (path === root) return '.';
  if (root === '/') return path.slice(1);
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : null;
}
