import { SESSION_FILE_SUFFIX } from '../../protocol/session-file';
import type { ImportResult } from '../../workspace/import-filter';
import { importSummary, skippedParts, textFiles } from '../../workspace/import-summary';

/** What goes to the worker: texts by path, and the line that tells what was loaded and left out. */
export type PreparedImport = { ok: true; files: Record<string, string>; summary: string } | { ok: false; error: string };

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
