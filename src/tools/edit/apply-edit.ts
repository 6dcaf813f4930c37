import { parseDocument } from './document';
import { FileForms } from './file-forms';
import { type LocatedEdit, locateEdit } from './locate';
import { lineSpan } from './messages';
import { applySplices } from './splice';
import type { EditRequest, EditResult, MultiEditResult } from './types';

const BINARY_ERROR = 'The file contains NUL bytes, so it looks binary; edits only work on text files.';

/** Applies one search/replace edit, or explains why it cannot be placed. */
export function applyEdit(original: string, edit: EditRequest): EditResult {
  if (original.includes('\0')) return { ok: false, error: BINARY_ERROR };
  const doc = parseDocument(original);
  const location = locateEdit(doc, edit);
  if (!location.ok) return location;
  const { splice, strategy, startLine, endLine, message } = location.edit;
  return { ok: true, result: applySplices(doc, [splice]), strategy, startLine, endLine, message };
}

/**
 * Applies several edits, each matched against the ORIGINAL text: all of them or
 * none. Edits that would replace overlapping text are refused, naming both.
 */
export function applyEdits(original: string, edits: readonly EditRequest[]): MultiEditResult {
  if (edits.length === 0) return { ok: false, error: 'No edits were given.' };
  if (original.includes('\0')) return { ok: false, error: BINARY_ERROR };
  const doc = parseDocument(original);
  const forms = new FileForms(doc);
  const located: LocatedEdit[] = [];
  for (const [index, edit] of edits.entries()) {
    const location = locateEdit(doc, edit, forms);
    if (!location.ok) {
      const error = `Edit ${index + 1} of ${edits.length} failed, so none was applied: ${location.error}`;
      return location.candidates ? { ok: false, error, failedEdit: index, candidates: location.candidates } : { ok: false, error, failedEdit: index };
    }
    located.push(location.edit);
  }

  const overlap = findOverlap(located);
  if (overlap) {
    const [a, b] = overlap;
    const first = located[a] as LocatedEdit;
    const second = located[b] as LocatedEdit;
    return {
      ok: false,
      error:
        `Edits ${a + 1} and ${b + 1} overlap (${lineSpan(first.startLine, first.endLine)} and ${lineSpan(second.startLine, second.endLine)}), so none was applied. ` +
        'Merge them into one edit.',
    };
  }

  return {
    ok: true,
    result: applySplices(
      doc,
      located.map((edit) => edit.splice),
    ),
    edits: located.map(({ strategy, startLine, endLine, message }) => ({ strategy, startLine, endLine, message })),
    message: located.map((edit, i) => `edit ${i + 1}: ${edit.message}`).join('\n'),
  };
}

/** Indexes (ascending) of two edits whose replaced text overlaps, or null. */
function findOverlap(edits: readonly LocatedEdit[]): [number, number] | null {
  const order = edits.map((_, i) => i).sort((a, b) => (edits[a] as LocatedEdit).splice.start - (edits[b] as LocatedEdit).splice.start);
  for (let i = 1; i < order.length; i++) {
    const before = edits[order[i - 1] as number] as LocatedEdit;
    const after = edits[order[i] as number] as LocatedEdit;
    if (after.splice.start < before.splice.end) {
      const pair = [order[i - 1] as number, order[i] as number].sort((x, y) => x - y);
      return [pair[0] as number, pair[1] as number];
    }
  }
  return null;
}
