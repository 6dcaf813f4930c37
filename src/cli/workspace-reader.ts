import { readFile, realpath } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { ReadWorkspaceFile } from '../shell';

const within = (root: string, path: string) => path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);

/**
 * What the command judge reads from disk to judge scripts run by name
 * (package.json, tests/run.sh…): files inside `workdir` only, links followed
 * only while they stay inside. Null for a file that does not exist.
 */
export function localWorkspaceReader(workdir: string): ReadWorkspaceFile {
  const root = resolve(workdir);
  let realRoot: Promise<string> | null = null;
  return async (absolutePath) => {
    const path = resolve(absolutePath);
    if (!within(root, path)) throw new Error(`${absolutePath} is outside the workspace ${root}`);
    let real: string;
    try {
      real = await realpath(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    realRoot ??= realpath(root);
    if (!within(await realRoot, real)) throw new Error(`${absolutePath} leads out of the workspace (to ${real})`);
    return readFile(real, 'utf8');
  };
}

/** Without --workdir there is no workspace on disk to read from. */
export const NO_WORKSPACE: ReadWorkspaceFile = async () => {
  throw new Error('no workspace to read scripts from (give --workdir DIR)');
};
