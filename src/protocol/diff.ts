/**
 * Line diffs on jsdiff (`diff`, the version just-bash already brings, so the bundle holds one
 * copy): the edit script the edit engine aligns with, and the unified diff of file_changed
 * events and edit summaries. Lines keep their terminators while comparing, so a missing final
 * newline shows up as a change, as in `diff -u`. Past MAX_EDIT_DISTANCE edits the minimum is
 * not sought: the changed middle is replaced wholesale, which keeps big rewrites fast.
 */

// By module: just-bash takes the whole package as a namespace, which would pull all of jsdiff into the worker's first chunk.
import { diffArrays } from 'diff/lib/diff/array.js';
import { structuredPatch } from 'diff/lib/patch/create.js';

export type DiffOp = { kind: 'equal' | 'delete' | 'insert'; line: string };

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Body lines, each starting with " ", "-", "+" or "\" (no-newline marker). */
  lines: string[];
}

/** Beyond this many edits the diff gives up on finding the minimum and replaces the changed block wholesale. */
const MAX_EDIT_DISTANCE = 2_000;

/** Splits text into lines, each keeping its "\n" (the last may have none). */
function splitKeepingNewlines(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

/** How many lines the two arrays share at the start, and then at the end of what remains. */
function commonEnds(a: readonly string[], b: readonly string[]): [prefix: number, suffix: number] {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  return [prefix, suffix];
}

const opsOf = (kind: DiffOp['kind'], lines: readonly string[]): DiffOp[] => lines.map((line) => ({ kind, line }));

/** Shortest edit script between two line arrays. */
export function diffLines(a: readonly string[], b: readonly string[]): DiffOp[] {
  const [prefix, suffix] = commonEnds(a, b);
  const oldMiddle = a.slice(prefix, a.length - suffix);
  const newMiddle = b.slice(prefix, b.length - suffix);
  const changes = oldMiddle.length > 0 && newMiddle.length > 0 ? diffArrays(oldMiddle, newMiddle, { maxEditLength: MAX_EDIT_DISTANCE }) : undefined;
  const middle = changes
    ? changes.flatMap((change) => opsOf(change.added ? 'insert' : change.removed ? 'delete' : 'equal', change.value))
    : [...opsOf('delete', oldMiddle), ...opsOf('insert', newMiddle)];
  return [...opsOf('equal', a.slice(0, prefix)), ...middle, ...opsOf('equal', a.slice(a.length - suffix))];
}

function bodyLines(prefix: string, line: string): string[] {
  return line.endsWith('\n') ? [prefix + line.slice(0, -1)] : [prefix + line, '\\ No newline at end of file'];
}

/** One hunk replacing the changed middle, for when finding the minimum would cost too much. */
function wholesaleHunk(a: readonly string[], b: readonly string[], context: number): DiffHunk {
  const [prefix, suffix] = commonEnds(a, b);
  const from = Math.max(0, prefix - context);
  const tail = Math.min(suffix, context);
  const body = (mark: string, lines: readonly string[]) => lines.flatMap((line) => bodyLines(mark, line));
  const oldLines = a.length - suffix + tail - from;
  const newLines = b.length - suffix + tail - from;
  return {
    oldStart: oldLines === 0 ? from : from + 1,
    oldLines,
    newStart: newLines === 0 ? from : from + 1,
    newLines,
    lines: [
      ...body(' ', a.slice(from, prefix)),
      ...body('-', a.slice(prefix, a.length - suffix)),
      ...body('+', b.slice(prefix, b.length - suffix)),
      ...body(' ', a.slice(a.length - suffix, a.length - suffix + tail)),
    ],
  };
}

/** Hunks with `context` unchanged lines around each change; close changes share one hunk. */
export function diffHunks(before: string, after: string, context = 3): DiffHunk[] {
  const patch = structuredPatch('', '', before, after, undefined, undefined, { context, maxEditLength: MAX_EDIT_DISTANCE });
  if (!patch) return [wholesaleHunk(splitKeepingNewlines(before), splitKeepingNewlines(after), context)];
  return patch.hunks.map(({ oldStart, oldLines, newStart, newLines, lines }) => ({
    // jsdiff numbers an empty range by the line after it; diff -u by the line before.
    oldStart: oldLines === 0 ? oldStart - 1 : oldStart,
    oldLines,
    newStart: newLines === 0 ? newStart - 1 : newStart,
    newLines,
    lines,
  }));
}

export function formatHunkHeader(hunk: DiffHunk): string {
  return `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;
}

/**
 * Unified diff of `before` → `after` for one file; null stands for "no file"
 * (creation or deletion) and is shown as /dev/null. Empty string when nothing changed.
 */
export function unifiedDiff(options: { path: string; before: string | null; after: string | null; context?: number }): string {
  const before = options.before ?? '';
  const after = options.after ?? '';
  const hunks = diffHunks(before, after, options.context ?? 3);
  if (hunks.length === 0) return '';
  const out = [`--- ${options.before === null ? '/dev/null' : `a/${options.path}`}`, `+++ ${options.after === null ? '/dev/null' : `b/${options.path}`}`];
  for (const hunk of hunks) out.push(formatHunkHeader(hunk), ...hunk.lines);
  return `${out.join('\n')}\n`;
}
