import type { WorkspaceFiles } from '../../../src/workspace/files';

/** A workspace to compare byte for byte and read in a failure: each file's bytes as Latin-1 text, paths sorted. */
export function asLatin1(files: WorkspaceFiles): Record<string, string> {
  return Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, bytes]) => [path, Buffer.from(bytes).toString('latin1')]));
}
