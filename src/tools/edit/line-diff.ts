import { diffLines, type DiffOp } from '../diff';
import { withoutTrailingWhitespace } from './line-forms';

/**
 * What the replacement does to the search, line by line: which search lines it
 * keeps, which it removes and which lines it adds. Lines compare without trailing
 * whitespace but with their indentation, since moving a line in or out is a change.
 */

/** One run of change between kept lines: search lines [searchFrom, searchTo) give way to replacement lines [replaceFrom, replaceTo). */
export interface Hunk {
  searchFrom: number;
  searchTo: number;
  replaceFrom: number;
  replaceTo: number;
}

export interface LineDiff {
  /** For each search line, the index of the replacement line that keeps it, or -1 when it is removed. */
  keptAs: Int32Array;
  hunks: Hunk[];
}

export function diffSearchAndReplacement(search: readonly string[], replacement: readonly string[]): LineDiff {
  const ops = keepFirstCopies(diffLines(search.map(withoutTrailingWhitespace), replacement.map(withoutTrailingWhitespace)));
  const keptAs = new Int32Array(search.length).fill(-1);
  const hunks: Hunk[] = [];
  let k = 0;
  let i = 0;
  let open: Hunk | null = null;
  for (const op of ops) {
    if (op.kind === 'equal') {
      open = null;
      keptAs[k++] = i++;
      continue;
    }
    if (!open) {
      open = { searchFrom: k, searchTo: k, replaceFrom: i, replaceTo: i };
      hunks.push(open);
    }
    if (op.kind === 'delete') open.searchTo = ++k;
    else open.replaceTo = ++i;
  }
  return { keptAs, hunks };
}

/**
 * Where the replacement repeats a kept line (`close()` once in the search, twice
 * in the replacement), the diff may keep either copy. The first copy is taken as
 * the kept one and the later as new, the same choice patch-merge.ts makes for the
 * file, so that a line the search missed and the replacement restores line up.
 */
function keepFirstCopies(ops: readonly DiffOp[]): DiffOp[] {
  const out = [...ops];
  let runStart = -1;
  for (let i = 0; i < out.length; i++) {
    const op = out[i] as DiffOp;
    if (op.kind === 'insert') {
      if (runStart === -1) runStart = i;
      continue;
    }
    if (op.kind === 'equal' && runStart !== -1) {
      // The inserted copy and the kept one carry the same text, so swapping them only changes which is kept.
      const copy = out.findIndex((other, p) => p >= runStart && p < i && other.line === op.line);
      if (copy !== -1) [out[copy], out[i]] = [op, out[copy] as DiffOp];
    }
    runStart = -1;
  }
  return out;
}
