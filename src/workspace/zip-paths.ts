import { parentFolders } from './files';
import type { ZipEntry } from './zip-reader';

export class UnsafeZipError extends Error {}

/**
 * The zip's files by workspace path. Refuses absolute paths, ".." segments (backslashes read
 * as separators, as Windows tools write them), two entries for one path, and a path that is
 * both a file and a folder. Skips folder entries and macOS's `__MACOSX/` metadata, then removes
 * one folder that holds everything (a zip of `project/…` loads as `…`).
 */
export function workspaceEntries(entries: readonly ZipEntry[]): Map<string, ZipEntry> {
  const byPath = new Map<string, ZipEntry>();
  for (const entry of entries) {
    const path = safePath(entry.name);
    const isFolder = /[/\\]$/.test(entry.name);
    if (path === '' || isFolder || path === '__MACOSX' || path.startsWith('__MACOSX/')) continue;
    if (byPath.has(path)) throw new UnsafeZipError(`The zip has two entries for ${JSON.stringify(path)}.`);
    byPath.set(path, entry);
  }
  for (const path of byPath.keys()) {
    const file = parentFolders(path).find((folder) => byPath.has(folder));
    if (file !== undefined) throw new UnsafeZipError(`The zip has ${JSON.stringify(file)} both as a file and as a folder.`);
  }
  return withoutCommonFolder(byPath);
}

/** The entry's name as a workspace path ("" for the top itself), or UnsafeZipError. */
function safePath(name: string): string {
  const slashed = name.replaceAll('\\', '/');
  const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed) || slashed.includes('\0') || segments.includes('..')) {
    throw new UnsafeZipError(`The zip holds a path that leaves its folder: ${JSON.stringify(name)}. Nothing was loaded.`);
  }
  return segments.join('/');
}

function withoutCommonFolder(byPath: Map<string, ZipEntry>): Map<string, ZipEntry> {
  const paths = [...byPath.keys()];
  const first = paths[0]?.split('/', 1)[0];
  if (first === undefined || !paths.every((path) => path.startsWith(`${first}/`))) return byPath;
  return new Map(paths.map((path) => [path.slice(first.length + 1), byPath.get(path) as ZipEntry]));
}
