import { SESSION_FILE_SUFFIX } from '../../protocol/session-file';
import { count } from '../../workspace/figures';
import type { WorkspaceFiles } from '../../workspace/files';
import type { ImportCounts, ImportResult } from '../../workspace/import-filter';
import { decodeText } from '../../workspace/text';

/** What goes to the worker: texts by path, and the line that tells what was loaded and left out. */
export type PreparedImport = { ok: true; files: Record<string, string>; summary: string } | { ok: false; error: string };

/**
 * The sandboxes hold files as text (a write takes a string, a read decodes UTF-8), so a binary
 * file cannot be carried faithfully: the ones the filter kept are left out here and counted.
 */
export function textFiles(files: WorkspaceFiles): { files: Record<string, string>; binary: number } {
  const texts: [string, string][] = [];
  let binary = 0;
  for (const [path, bytes] of files) {
    const text = decodeText(bytes);
    if (text === null) binary++;
    else texts.push([path, text]);
  }
  // fromEntries, not assignment: a file named "__proto__" stays a file.
  return { files: Object.fromEntries(texts), binary };
}

/** "Loaded 42 files; skipped 3 (node_modules), 1 ignored by .gitignore". */
export function importSummary(counts: ImportCounts, binary: number): string {
  const loaded = counts.loaded - binary;
  const skipped = skippedParts(counts, binary);
  return `Loaded ${count(loaded)} file${loaded === 1 ? '' : 's'}${skipped.length > 0 ? `; skipped ${skipped.join(', ')}` : ''}.`;
}

function skippedParts({ skipped }: ImportCounts, binary: number): string[] {
  const parts: string[] = [];
  if (skipped.node_modules > 0) parts.push(`${count(skipped.node_modules)} (node_modules)`);
  if (skipped.git > 0) parts.push(`${count(skipped.git)} (.git)`);
  if (skipped.ignored > 0) parts.push(`${count(skipped.ignored)} ignored by .gitignore`);
  if (skipped.binary_too_large > 0) parts.push(`${count(skipped.binary_too_large)} binary over 1 MB`);
  if (binary > 0) parts.push(`${count(binary)} binary (the sandbox holds text files only)`);
  return parts;
}

/** The filter's verdict as what the page loads, or the message it shows instead. */
export function prepareImport(result: ImportResult, source: 'folder' | 'zip'): PreparedImport {
  if (!result.ok) return { ok: false, error: result.error };
  const { files, binary } = textFiles(result.files);
  if (Object.keys(files).length === 0) {
    const skipped = skippedParts(result.counts, binary);
    return {
      ok: false,
      error: `The ${source} has no files to load${skipped.length > 0 ? ` (skipped ${skipped.join(', ')})` : ''}; the workspace is unchanged.`,
    };
  }
  return { ok: true, files, summary: importSummary(result.counts, binary) };
}

/** One dropped item, as much as deciding what it is needs. */
export interface DroppedItem {
  name: string;
  isDirectory: boolean;
}

export type DropPlan<T extends DroppedItem> = { kind: 'folder' | 'zip' | 'session'; item: T } | { kind: 'refused'; message: string };

export const DROP_HINT = `Drop one folder, one .zip or one ${SESSION_FILE_SUFFIX} session file.`;

/** What a drop on the page is: a folder or a zip to load as the workspace, or a session file to open. */
export function planDrop<T extends DroppedItem>(items: readonly T[]): DropPlan<T> {
  const [item] = items;
  if (items.length !== 1 || !item) return { kind: 'refused', message: DROP_HINT };
  if (item.isDirectory) return { kind: 'folder', item };
  const name = item.name.toLowerCase();
  if (name.endsWith(SESSION_FILE_SUFFIX)) return { kind: 'session', item };
  if (name.endsWith('.zip')) return { kind: 'zip', item };
  return { kind: 'refused', message: `${item.name} is neither a folder nor a .zip. ${DROP_HINT}` };
}
