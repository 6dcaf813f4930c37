/**
 * A workspace as a file map: each key a relative POSIX path ("src/a.ts": no leading slash,
 * no empty, "." or ".." segments), each value the file's bytes. Folders are implied by the
 * paths; an empty folder is not part of a workspace.
 */
export type WorkspaceFiles = ReadonlyMap<string, Uint8Array>;

const encoder = new TextEncoder();

/** Builds a workspace from text or bytes, text encoded as UTF-8; throws on a path that is not a workspace path. */
export function workspaceFiles(entries: Record<string, string | Uint8Array>): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const [path, content] of Object.entries(entries)) {
    if (!isWorkspacePath(path)) throw new Error(`Not a workspace path: ${JSON.stringify(path)}`);
    files.set(path, typeof content === 'string' ? encoder.encode(content) : content);
  }
  return files;
}

export function isWorkspacePath(path: string): boolean {
  if (path === '' || path.startsWith('/') || path.includes('\0')) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The folders holding `path`, nearest last: "a/b/c.ts" gives "", "a", "a/b". */
export function parentFolders(path: string): string[] {
  const folders = [''];
  for (let at = path.indexOf('/'); at >= 0; at = path.indexOf('/', at + 1)) folders.push(path.slice(0, at));
  return folders;
}
