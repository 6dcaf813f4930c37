import { type EditDocument, lineIndexAt } from './document';
import { candidateAt } from './line-steps';
import type { Splice } from './splice';
import type { StepOutcome } from './step-outcome';

export interface ExactMatch {
  splice: Splice;
  /** 0-based first and last lines the match touches. */
  firstLine: number;
  lastLine: number;
}

/**
 * Step 1: the search text occurs exactly once (overlapping occurrences count).
 * A search ending with a newline stands for whole lines, so it only counts where
 * a line starts: `count = 1\n` is not the end of `total_count = 1`.
 */
export function matchExact(doc: EditDocument, search: string, replace: string): StepOutcome<ExactMatch> {
  const wholeLines = search.endsWith('\n');
  const found: number[] = [];
  for (let at = doc.lf.indexOf(search); at >= 0; at = doc.lf.indexOf(search, at + 1)) {
    if (!wholeLines || startsLine(doc, at)) found.push(at);
  }
  if (found.length === 0) return { kind: 'none' };
  if (found.length > 1) return { kind: 'ambiguous', candidates: found.map((at) => candidateAt(doc, lineIndexAt(doc, at))) };
  const start = found[0] as number;
  const end = start + search.length;
  const splice = replace === '' ? removal(doc, start, end) : { start, end, text: replace };
  return { kind: 'found', match: { splice, firstLine: lineIndexAt(doc, start), lastLine: lineIndexAt(doc, end - 1) } };
}

/**
 * Removing text that covers whole lines removes the lines, newline included, so
 * no blank line is left behind; removing the last line of a file that has no final
 * newline takes the newline before it instead.
 */
function removal(doc: EditDocument, start: number, end: number): Splice {
  const endsLine = doc.lf[end - 1] === '\n' || end === doc.lf.length || doc.lf[end] === '\n';
  if (!startsLine(doc, start) || !endsLine || doc.lf[end - 1] === '\n') return { start, end, text: '' };
  if (end < doc.lf.length) return { start, end: end + 1, text: '' };
  return { start: Math.max(0, start - 1), end, text: '' };
}

function startsLine(doc: EditDocument, offset: number): boolean {
  return offset === 0 || doc.lf[offset - 1] === '\n';
}
