import type { EditDocument } from './document';
import type { FileForms } from './file-forms';
import { agreeOnShift, type IndentPair, measureScale } from './indentation';
import { isBlank, normaliseWhitespace, splitIndent, withoutTrailingWhitespace } from './line-forms';
import type { BlockMatch, StepOutcome } from './step-outcome';
import type { Candidate } from './types';

/**
 * The whole-line matching steps between exact and fuzzy. Each compares the search
 * lines with every block of as many file lines and accepts only a single match,
 * each search line standing for the file line at the same place in the block.
 */

export interface LineStepInput {
  doc: EditDocument;
  forms: FileForms;
  searchLines: readonly string[];
}

/** Step 2: lines equal once trailing whitespace is ignored. */
export function matchIgnoringTrailingWhitespace(input: LineStepInput): StepOutcome<BlockMatch> {
  const fileForms = input.forms.withoutTrailingWhitespace();
  const searchForms = input.searchLines.map(withoutTrailingWhitespace);
  return decide(input, findEqualWindows(fileForms, searchForms));
}

/** Step 3: the same lines after removing one indentation offset (tabs and spaces may differ when a tab width explains both). */
export function matchIgnoringIndentation(input: LineStepInput): StepOutcome<BlockMatch> {
  const fileRests = input.forms.splitIndents().map((part) => part.rest);
  const searchRests = input.searchLines.map((line) => splitIndent(line).rest);
  const starts = findEqualWindows(fileRests, searchRests).filter((start) => agreeOnShift(indentPairs(input, lineByLine(input.searchLines.length, start))));
  return decide(input, starts);
}

/**
 * Step 4: lines equal once runs of whitespace are collapsed and each line is
 * trimmed, where the search's indentation tells a consistent story (see below).
 */
export function matchNormalisedWhitespace(input: LineStepInput): StepOutcome<BlockMatch> {
  const fileForms = input.forms.normalisedWhitespace();
  const searchForms = input.searchLines.map(normaliseWhitespace);
  const starts = findEqualWindows(fileForms, searchForms).filter((start) => consistentDepths(indentPairs(input, lineByLine(input.searchLines.length, start))));
  return decide(input, starts);
}

/**
 * One offset or one change of indentation step explains the search's depths
 * against the file's, or the search has every line at one depth (its relative
 * indentation lost); the first line may differ (copied from mid-line). Depths that
 * disagree line by line pair a line with its twin at another depth: a `}` with the
 * brace of the block inside it, when the search misses a line at its end. Two
 * lines always fit some change of step, so a change of step, or a first line let
 * off, needs at least three lines with text to count as evidence.
 */
function consistentDepths(pairs: readonly IndentPair[]): boolean {
  const consistent = (some: readonly IndentPair[]) =>
    some.length <= 1 ||
    agreeOnShift(some) ||
    (some.length >= MIN_PAIRS_FOR_EVIDENCE && measureScale(some) !== null) ||
    new Set(some.map((pair) => pair.search)).size === 1;
  return consistent(pairs) || (pairs.length >= MIN_PAIRS_FOR_EVIDENCE && consistent(pairs.slice(1)));
}

const MIN_PAIRS_FOR_EVIDENCE = 3;

/** Indentation of matched (search line, file line) pairs where both lines have text. */
function indentPairs(input: Pick<LineStepInput, 'doc' | 'searchLines'>, pairs: readonly (readonly [number, number])[]): IndentPair[] {
  const out: IndentPair[] = [];
  for (const [k, j] of pairs) {
    const search = input.searchLines[k] as string;
    const file = input.doc.lines[j]?.text ?? '';
    if (isBlank(search) || isBlank(file)) continue;
    out.push({ search: splitIndent(search).indent, file: splitIndent(file).indent });
  }
  return out;
}

/** Start indexes of every block of file lines equal, line for line, to the search lines. */
function findEqualWindows(fileForms: readonly string[], searchForms: readonly string[]): number[] {
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

export function candidateAt(doc: EditDocument, index: number): Candidate {
  return { line: index + 1, firstLine: (doc.lines[index]?.text ?? '').trim() };
}

/** Search line k paired with file line start + k. */
function lineByLine(count: number, start: number): [number, number][] {
  return Array.from({ length: count }, (_, k) => [k, start + k]);
}

function decide(input: LineStepInput, starts: readonly number[]): StepOutcome<BlockMatch> {
  if (starts.length === 0) return { kind: 'none' };
  if (starts.length > 1) return { kind: 'ambiguous', candidates: starts.map((start) => candidateAt(input.doc, start)) };
  const start = starts[0] as number;
  const count = input.searchLines.length;
  return { kind: 'found', match: { first: start, count, anchors: lineByLine(count, start), detail: '' } };
}
