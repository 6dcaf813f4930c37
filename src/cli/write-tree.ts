import { constants } from 'node:fs';
import { lstat, mkdir, open } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * Writes `files` (absolute targets under `root`, each checked to stay under it) without ever
 * following a symbolic link below `root`: a link already in the output folder could send a
 * write anywhere on the disk. Every folder and file on the way is checked before anything is
 * written, so a refused export writes nothing; the final open refuses a link (O_NOFOLLOW) in
 * case one appears meanwhile. `root` itself is the user's own choice and may be a link.
 */
export async function writeTreeUnder(root: string, files: readonly (readonly [target: string, content: string])[]): Promise<void> {
  const checked = new Map<string, 'dir' | 'file' | 'missing'>();
  for (const [target] of files) {
    const parts = relative(root, target).split(sep);
    let path = root;
    for (const [index, part] of parts.entries()) {
      path = join(path, part);
      const last = index === parts.length - 1;
      const kind = checked.get(path) ?? (await kindOf(path, root));
      checked.set(path, kind);
      if (kind === 'missing') break;
      if (!last && kind !== 'dir') throw new Error(`${relative(root, path)} in ${root} is a file, not a folder; pick an empty output folder`);
      if (last && kind === 'dir') throw new Error(`${relative(root, path)} in ${root} is a folder, not a file; pick an empty output folder`);
    }
  }
  for (const [target, content] of files) {
    await mkdirNoLinks(root, target);
    const handle = await open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW);
    try {
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
  }
}

async function kindOf(path: string, root: string): Promise<'dir' | 'file' | 'missing'> {
  const info = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (info === null) return 'missing';
  if (info.isSymbolicLink()) {
    throw new Error(`${relative(root, path)} in ${root} is a symbolic link; export never writes through links: remove it or pick an empty output folder`);
  }
  return info.isDirectory() ? 'dir' : 'file';
}

/** Makes the folders above `target` one level at a time, refusing a link that appeared since the check. */
async function mkdirNoLinks(root: string, target: string): Promise<void> {
  const parts = relative(root, target).split(sep).slice(0, -1);
  let path = root;
  for (const part of parts) {
    path = join(path, part);
    await mkdir(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    if ((await kindOf(path, root)) !== 'dir') throw new Error(`${relative(root, path)} in ${root} is not a folder`);
  }
}
