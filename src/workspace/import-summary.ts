import { MAX_PATH_DEPTH } from '../protocol/path-depth';
import { count } from './figures';
import type { WorkspaceFiles } from './files';
import type { ImportCounts } from './import-filter';
import { decodeText } from './text';

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

/** What was left out, one part per reason: "3 (node_modules)", "1 ignored by .gitignore". */
export function skippedParts({ skipped }: ImportCounts, binary: number): string[] {
  const parts: string[] = [];
  if (skipped.node_modules > 0) parts.push(`${count(skipped.node_modules)} (node_modules)`);
  if (skipped.git > 0) parts.push(`${count(skipped.git)} (.git)`);
  if (skipped.ignored > 0) parts.push(`${count(skipped.ignored)} ignored by .gitignore`);
  if (skipped.binary_too_large > 0) parts.push(`${count(skipped.binary_too_large)} binary over 1 MB`);
  if (skipped.too_deep > 0) parts.push(`${count(skipped.too_deep)} deeper than ${MAX_PATH_DEPTH} folders`);
  if (binary > 0) parts.push(`${count(binary)} binary (the sandbox holds text files only)`);
  return parts;
}
