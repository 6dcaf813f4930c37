import type { FileContents, FolderDir, FolderFile, FolderNode } from '../../workspace/folder-walk';

/**
 * The page's ways of opening a folder as the workspace's `FolderDir` (walked by
 * `importFolder` in src/workspace): a directory handle (showDirectoryPicker), a dropped entry
 * (webkitGetAsEntry) or the flat file list of an `<input webkitdirectory>`.
 */

/** A file's contents from a Blob (a File is one), streamed only when the walk reads it. */
function blobContents(blob: Blob): FileContents {
  return {
    size: blob.size,
    read: async function* () {
      const reader = blob.stream().getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          yield value;
        }
      } finally {
        // The walk left early (the filter had decided): stop reading the file.
        await reader.cancel();
      }
    },
  };
}

const blobFile = (name: string, blob: () => Promise<Blob>): FolderFile => ({ kind: 'file', name, open: async () => blobContents(await blob()) });

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
      ...[...folder.files].map(([child, blob]) => blobFile(child, async () => blob)),
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
        children.push(child.kind === 'directory' ? folderFromHandle(child) : blobFile(child.name, () => child.getFile()));
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
            children.push(blobFile(child.name, () => new Promise<Blob>((resolve, reject) => file.file(resolve, reject))));
          }
        }
      }
    },
  };
}
