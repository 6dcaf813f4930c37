import type { EditRequest, MultiEditResult } from './edit';
import type { ToolErrorKind } from './tool';

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The kind of an edit the engine refused. The engine explains itself only in words, so this
 * reads the shape of its answer and the request, in the order locateEdit checks them:
 * several candidates mean an ambiguous search; a multi-edit failure no single edit is to
 * blame for is an overlap; a search that is empty or holds a NUL could never match;
 * anything else found no place it fits (a loose match whose changed lines differ included).
 */
export function editFailureKind(outcome: Extract<MultiEditResult, { ok: false }>, edits: readonly EditRequest[]): ToolErrorKind {
  if (outcome.candidates !== undefined) return 'ambiguous';
  if (edits.length > 1 && outcome.failedEdit === undefined) return 'invalid_arguments';
  const edit = edits[outcome.failedEdit ?? 0];
  if (!edit) return 'invalid_arguments';
  if (edit.search.includes('\0') || edit.replace.includes('\0')) return 'invalid_arguments';
  // An empty search only fails on a file with content: on an empty file it writes the file.
  const search = edit.search.startsWith(BYTE_ORDER_MARK) ? edit.search.slice(1) : edit.search;
  if (search === '') return 'invalid_arguments';
  return 'no_match';
}
