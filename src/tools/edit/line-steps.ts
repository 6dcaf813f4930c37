import type { EditDocument } from './document';
import type { FileForms } from './file-forms';
import { type IndentPair, agreeOnShift, knownIndents, measureScale, measureShift, reindentLines, rescaleLines, styleOf } from './indentation';
import { isBlank, normaliseWhitespace, splitIndent, withoutTrailingWhitespace } from './line-forms';
import type { LineMatch, StepOutcome } from './step-outcome';
import type { Candidate } from './types';

/**
 * The whole-line matching steps between exact and fuzzy. Each compares the search
 * lines with every block of as many file lines and accepts only a single match.
 */

export interface LineStepInput {
  doc: EditDocument;
  forms: FileForms;
  searchLines: readonly string[];
  replacementLines: readonly string[];
}

/** Step 2: lines equal once trailing whitespace is ignored. The replacement is written as given. */
export function matchIgnoringTrailingWhitespace(input: LineStepInput): StepOutcome<LineMatch> {
  const fileForms = input.forms.withoutTrailingWhitespace();
  const searchForms = input.searchLines.map(withoutTrailingWhitespace);
  const starts = findEqualWindows(fileForms, searchForms);
  return decide(input, starts, () => ({ replacementLines: [...input.replacementLines], note: '' }));
}

/**
 * Step 3: the same lines after removing one indentation offset (tabs and spaces
 * may differ when a tab width explains both). The replacement moves by the offset.
 */
export function matchIgnoringIndentation(input: LineStepInput): StepOutcome<LineMatch> {
  const fileParts = input.forms.splitIndents();
  const searchParts = input.searchLines.map(splitIndent);
  const fileRests = fileParts.map((part) => part.rest);
  const searchRests = searchParts.map((part) => part.rest);
  const pairsAt = (start: number): IndentPair[] => indentPairs(input, input.searchLines.map((_, k) => [k, start + k] as const));
  const starts = findEqualWindows(fileRests, searchRests).filter((start) => agreeOnShift(pairsAt(start)));
  return decide(input, starts, (start) => reindented(input, start, input.searchLines.length, pairsAt(start)));
}

/**
 * Step 4: lines equal once runs of whitespace are collapsed and each line is
 * trimmed. The replacement follows the file's indentation when the search's differed.
 */
export function matchNormalisedWhitespace(input: LineStepInput): StepOutcome<LineMatch> {
  const fileForms = input.forms.normalisedWhitespace();
  const searchForms = input.searchLines.map(normaliseWhitespace);
  const starts = findEqualWindows(fileForms, searchForms);
  return decide(input, starts, (start) =>
    reindented(input, start, input.searchLines.length, indentPairs(input, input.searchLines.map((_, k) => [k, start + k] as const))),
  );
}

/** Indentation of matched (search line, file line) pairs where both lines have text. */
export function indentPairs(
  input: Pick<LineStepInput, 'doc' | 'searchLines'>,
  pairs: readonly (readonly [number, number])[],
): IndentPair[] {
  const out: IndentPair[] = [];
  for (const [k, j] of pairs) {
    const search = input.searchLines[k] as string;
    const file = input.doc.lines[j]?.text ?? '';
    if (isBlank(search) || isBlank(file)) continue;
    out.push({ search: splitIndent(search).indent, file: splitIndent(file).indent });
  }
  return out;
}

/**
 * The replacement moved by the indentation offset the matched pairs show, written
 * in the indentation style of the matched file lines (file lines start..start+count).
 */
export function reindented(
  input: Pick<LineStepInput, 'forms' | 'replacementLines'>,
  start: number,
  count: number,
  pairs: readonly IndentPair[],
): { replacementLines: string[]; note: string } {
  const shift = measureShift(pairs);
  if (!shift.changed) return { replacementLines: [...input.replacementLines], note: '' };
  const indents = input.forms.splitIndents().map((line) => line.indent);
  const style = styleOf(indents.slice(start, start + count)) ?? styleOf(indents) ?? 'spaces';
  const scale = agreeOnShift(pairs) ? null : measureScale(pairs);
  if (scale) {
    const steps = `${scale.unitSearch}-column steps to the file's ${scale.unitFile}-column steps`;
    return { replacementLines: rescaleLines(input.replacementLines, scale, style), note: `replacement re-indented from ${steps}` };
  }
  const moved =
    shift.delta === 0
      ? `indentation rewritten with ${style}`
      : `re-indented by ${shift.delta > 0 ? '+' : ''}${shift.delta} columns${style === 'tabs' ? ` (tabs of ${shift.tabWidth})` : ''}`;
  return { replacementLines: reindentLines(input.replacementLines, shift, style, knownIndents(pairs, shift)), note: `replacement ${moved} to fit the file` };
}

/** Start indexes of every block of file lines equal, line for line, to the search lines. */
export function findEqualWindows(fileForms: readonly string[], searchForms: readonly string[]): number[] {
  const starts: number[] = [];
  const count = searchForms.length;
  if (count === 0) return starts;
  for (let start = 0; start + count <= fileForms.length; start++) {
    let k = 0;
    while (k < count && fileForms[start + k] === searchForms[k]) k++;
    if (k === count) starts.push(start);
  }
  return starts;
}

function decide(
  input: LineStepInput,
  starts: readonly number[],
  build: (start: number) => { replacementLines: string[]; note: string },
): StepOutcome<LineMatch> {
  if (starts.length === 0) return { kind: 'none' };
  if (starts.length > 1) return { kind: 'ambiguous', candidates: starts.map((start) => candidateAt(input.doc, start)) };
  const start = starts[0] as number;
  return { kind: 'found', match: { first: start, count: input.searchLines.length, ...build(start) } };
}

export function candidateAt(doc: EditDocument, index: number): Candidate {
  return { line: index + 1, firstLine: (doc.lines[index]?.text ?? '').trim() };
}
