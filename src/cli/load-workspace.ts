import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

const SKIP_DIRS = new Set(['.git', 'node_modules', 'dist', 'build', '.venv', '__pycache__', 'target']);
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_FILES = 5000;

/** Reads a real directory into a files map for the virtual sandbox, skipping build output and binaries. */
export async function loadWorkspace(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  let count = 0;
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) await walk(full);
        continue;
      }
      if (!entry.isFile() || (await stat(full)).size > MAX_FILE_BYTES) continue;
      const bytes = await readFile(full);
      if (bytes.includes(0)) continue;
      if (++count > MAX_FILES) throw new Error(`${root} has more than ${MAX_FILES} files; point --workspace at a smaller folder`);
      files[relative(root, full).split('\\').join('/')] = bytes.toString('utf8');
    }
  }
  await walk(root);
  return files;
}
