import { isWorkspacePath } from './files';
import { type FileIntake, ImportFilter, type ImportLimits, type ImportResult } from './import-filter';

/**
 * An opened folder, whatever holds it: the page adapts a directory handle, a dropped entry or
 * an `<input webkitdirectory>` list; the CLI a real folder read with node:fs.
 */
export type FolderNode = FolderDir | FolderFile;

export interface FolderDir {
  kind: 'dir';
  name: string;
  children(): Promise<FolderNode[]>;
}

export interface FolderFile {
  kind: 'file';
  name: string;
  /** The file's size, its contents not read yet. */
  open(): Promise<FileContents>;
}

export interface FileContents {
  size: number;
  /** The bytes in chunks; a walk that stops early leaves the loop, which must release the file. */
  read(): AsyncIterable<Uint8Array>;
}

/**
 * Walks a folder through the import filter: each folder's .gitignore first, skipped folders
 * (node_modules, .git, ignored ones) never entered, and a file's bytes read in chunks only
 * while the filter wants them. Past a cap the walk goes on without reading, so the filter's
 * message names the real figure. Entries whose names make no workspace path are passed over.
 */
export async function importFolder(root: FolderDir, limits: Partial<ImportLimits> = {}): Promise<ImportResult> {
  const filter = new ImportFilter({ limits, source: 'folder' });
  const walk = async (dir: FolderDir, rel: string): Promise<void> => {
    const children = (await dir.children()).sort(gitignoreFirst);
    for (const child of children) {
      const path = rel === '' ? child.name : `${rel}/${child.name}`;
      if (!isWorkspacePath(path)) continue;
      if (child.kind === 'dir') {
        if (filter.skipFolder(path) === null) await walk(child, path);
        continue;
      }
      const contents = await child.open();
      const intake = filter.open(path, contents.size);
      if (intake) await feed(contents, intake);
    }
  };
  await walk(root, '');
  return filter.result();
}

/** Reads a file into the filter chunk by chunk, stopping as soon as the filter has decided. */
async function feed(contents: FileContents, intake: FileIntake): Promise<void> {
  for await (const chunk of contents.read()) {
    if (!intake.push(chunk)) break;
  }
  intake.end();
}

/** A folder's .gitignore first (the filter needs its rules before the rest), then by name. */
function gitignoreFirst(a: FolderNode, b: FolderNode): number {
  const rank = (node: FolderNode) => (node.kind === 'file' && node.name === '.gitignore' ? 0 : 1);
  return rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
