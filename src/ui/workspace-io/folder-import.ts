import { isWorkspacePath } from '../../workspace/files';
import { type FileIntake, ImportFilter, type ImportLimits, type ImportResult } from '../../workspace/import-filter';

/**
 * An opened folder, whatever the browser gave: a directory handle (showDirectoryPicker), a
 * dropped entry (webkitGetAsEntry) or the flat file list of an `<input webkitdirectory>`.
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
  /** The file's contents, not read yet (a File is a Blob). */
  file(): Promise<Blob>;
}

/**
 * Walks a folder through the import filter: each folder's .gitignore first, skipped folders
 * (node_modules, .git, ignored ones) never entered, and a file's bytes read in chunks only
 * while the filter wants them. Past a cap the walk goes on without reading, so the filter's
 * message names the real figure.
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
      const blob = await child.file();
      const intake = filter.open(path, blob.size);
      if (intake) await feed(blob, intake);
    }
  };
  await walk(root, '');
  return filter.result();
}

/** Reads a file into the filter chunk by chunk, stopping as soon as the filter has decided. */
async function feed(blob: Blob, intake: FileIntake): Promise<void> {
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!intake.push(value)) {
      await reader.cancel();
      break;
    }
  }
  intake.end();
}

function gitignoreFirst(a: FolderNode, b: FolderNode): number {
  const rank = (node: FolderNode) => (node.kind === 'file' && node.name === '.gitignore' ? 0 : 1);
  return rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/**
 * The folder of an `<input webkitdirectory>`: files by path relative to the chosen folder (the
 * input names them "chosen/src/a.ts"; `dropFirstFolder` takes "chosen/" off).
 */
export function folderFromFiles(files: Iterable<{ path: string; file: Blob }>, options: { dropFirstFolder?: boolean } = {}): FolderDir {
  type Building = { dirs: Map<string, Building>; files: Map<string, Blob> };
  const root: Building = { dirs: new Map(), files: new Map() };
  for (const { path, file } of files) {
    const segments = path.split('/').filter((segment) => segment !== '');
    if (options.dropFirstFolder) segments.shift();
    const name = segments.pop();
    if (name === undefined) continue;
    let at = root;
    for (const segment of segments) {
      let next = at.dirs.get(segment);
      if (!next) {
        next = { dirs: new Map(), files: new Map() };
        at.dirs.set(segment, next);
      }
      at = next;
    }
    at.files.set(name, file);
  }
  const toNode = (name: string, folder: Building): FolderDir => ({
    kind: 'dir',
    name,
    children: async () => [
      ...[...folder.dirs].map(([child, sub]) => toNode(child, sub)),
      ...[...folder.files].map(([child, blob]): FolderFile => ({ kind: 'file', name: child, file: async () => blob })),
    ],
  });
  return toNode('', root);
}

/** The parts of a FileSystemDirectoryHandle (File System Access API) a walk uses. */
export interface DirectoryHandleLike {
  kind: 'directory';
  name: string;
  values(): AsyncIterable<DirectoryHandleLike | FileHandleLike>;
}

export interface FileHandleLike {
  kind: 'file';
  name: string;
  getFile(): Promise<Blob>;
}

/** A folder picked with `showDirectoryPicker`. */
export function folderFromHandle(handle: DirectoryHandleLike): FolderDir {
  return {
    kind: 'dir',
    name: handle.name,
    children: async () => {
      const children: FolderNode[] = [];
      for await (const child of handle.values()) {
        children.push(child.kind === 'directory' ? folderFromHandle(child) : { kind: 'file', name: child.name, file: () => child.getFile() });
      }
      return children;
    },
  };
}

/** The parts of a dropped FileSystemEntry (`DataTransferItem.webkitGetAsEntry`) a walk uses. */
export interface EntryLike {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
}

export interface DirectoryEntryLike extends EntryLike {
  createReader(): { readEntries(onEntries: (entries: EntryLike[]) => void, onError?: (error: unknown) => void): void };
}

export interface FileEntryLike extends EntryLike {
  file(onFile: (file: Blob) => void, onError?: (error: unknown) => void): void;
}

/** A dropped folder. */
export function folderFromEntry(entry: DirectoryEntryLike): FolderDir {
  return {
    kind: 'dir',
    name: entry.name,
    children: async () => {
      const reader = entry.createReader();
      const children: FolderNode[] = [];
      // readEntries answers in batches (100 at a time in Chromium) until it answers none.
      for (;;) {
        const batch = await new Promise<EntryLike[]>((resolve, reject) => reader.readEntries(resolve, reject));
        if (batch.length === 0) return children;
        for (const child of batch) {
          if (child.isDirectory) children.push(folderFromEntry(child as DirectoryEntryLike));
          else if (child.isFile) {
            const file = child as FileEntryLike;
            children.push({ kind: 'file', name: child.name, file: () => new Promise<Blob>((resolve, reject) => file.file(resolve, reject)) });
          }
        }
      }
    },
  };
}
