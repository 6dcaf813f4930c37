import type { Dirent } from 'node:fs';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { type FolderDir, type FolderNode, importFolder } from '../workspace/folder-walk';
import type { ImportLimits } from '../workspace/import-filter';
import { importSummary, textFiles } from '../workspace/import-summary';

export interface LoadedWorkspace {
  /** Text files by workspace path, for the virtual sandbox. */
  files: Record<string, string>;
  /** The page's counts line: "Loaded 42 files; skipped 3 (node_modules), 1 ignored by .gitignore." */
  summary: string;
}

/**
 * Reads a real folder (`--workspace DIR`) through the import filter the page uses: .gitignore
 * rules (nested ones too), never node_modules/ or .git/, no binary over 1 MB, at most 50 MB and
 * 20,000 files. The sandbox holds text only, so binary files the filter keeps are left out and
 * counted. Symbolic links are not followed. Past a cap it throws the filter's message.
 */
export async function loadWorkspace(root: string, limits: Partial<ImportLimits> = {}): Promise<LoadedWorkspace> {
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`--workspace ${root}: no such folder`);
  const result = await importFolder(nodeFolder(root, basename(root)), limits);
  if (!result.ok) throw new Error(result.error);
  const { files, binary } = textFiles(result.files);
  return { files, summary: importSummary(result.counts, binary) };
}

/** A real folder as the walk sees it, read only as far as the walk goes. */
function nodeFolder(path: string, name: string): FolderDir {
  return {
    kind: 'dir',
    name,
    children: async () => (await readdir(path, { withFileTypes: true })).flatMap((entry) => nodeChild(path, entry)),
  };
}

function nodeChild(dir: string, entry: Dirent): FolderNode[] {
  const path = join(dir, entry.name);
  if (entry.isDirectory()) return [nodeFolder(path, entry.name)];
  // Links, sockets, devices: not part of a workspace (a link could point outside the folder).
  if (!entry.isFile()) return [];
  return [
    {
      kind: 'file',
      name: entry.name,
      open: async () => ({ size: (await stat(path)).size, read: () => createReadStream(path, { highWaterMark: 64 * 1024 }) }),
    },
  ];
}
