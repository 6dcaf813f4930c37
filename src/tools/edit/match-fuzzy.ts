import { type FuzzyWindow, FuzzyScanner } from './fuzzy-scan';
import { measureShift } from './indentation';
import { normaliseWhitespace } from './line-forms';
import { type LineStepInput, candidateAt, indentPairs, reindented } from './line-steps';
import type { LineMatch, StepOutcome } from './step-outcome';

/** A block must be at least this similar to the whole search to be taken. */
export const FUZZY_THRESHOLD = 0.85;
/** …and at least this much more similar than any block elsewhere. */
export const FUZZY_MARGIN = 0.05;
/** Similarities closer than this count as a tie. */
const TIE = 1e-9;

export interface FuzzyMatch extends LineMatch {
  similarity: number;
}

/** Step 5: the one block clearly most similar to the whole search, lines compared with whitespace normalised. */
export function matchFuzzy(input: LineStepInput, scanner: FuzzyScanner = fuzzyScannerFor(input)): StepOutcome<FuzzyMatch> {
  const blocks = scanner.contenders(FUZZY_THRESHOLD, FUZZY_MARGIN);
  const best = blocks[0];
  if (!best) return { kind: 'none' };

  const rivals = blocks.slice(1).filter((block) => isRival(best, block));
  if (rivals.length > 0) {
    const shown = distinctPlaces([best, ...rivals]);
    return {
      kind: 'ambiguous',
      candidates: shown.map((block) => candidateAt(input.doc, block.start)),
      notes: shown.map((block) => `similarity ${block.similarity.toFixed(2)}`),
      rule: `A fuzzy match must be at least ${FUZZY_MARGIN} more similar than any other place.`,
    };
  }

  const shift = measureShift(indentPairs(input, best.pairs));
  const { replacementLines, note } = reindented(input, best.start, shift, best.count);
  return { kind: 'found', match: { first: best.start, count: best.count, replacementLines, note, similarity: best.similarity } };
}

export function fuzzyScannerFor(input: LineStepInput): FuzzyScanner {
  return new FuzzyScanner(
    input.doc.lines.map((line) => normaliseWhitespace(line.text)),
    input.searchLines.map(normaliseWhitespace),
  );
}

/**
 * A block a line longer, shorter or shifted by one from the best covers the same
 * place and always scores lower (unpaired edge lines cost their length): it only
 * competes on a tie. Any other block competes when within the margin.
 */
function isRival(best: FuzzyWindow, other: FuzzyWindow): boolean {
  const sameStart = Math.abs(other.start - best.start) <= 1;
  const sameEnd = Math.abs(other.start + other.count - (best.start + best.count)) <= 1;
  if (overlaps(best, other) && sameStart && sameEnd) return other.similarity >= best.similarity - TIE;
  return other.similarity >= best.similarity - FUZZY_MARGIN;
}

function overlaps(a: FuzzyWindow, b: FuzzyWindow): boolean {
  return a.start < b.start + b.count && b.start < a.start + a.count;
}

/** The best block of each group of overlapping ones, in file order. */
function distinctPlaces(blocks: readonly FuzzyWindow[]): FuzzyWindow[] {
  const picked: FuzzyWindow[] = [];
  for (const block of blocks) if (!picked.some((other) => overlaps(other, block))) picked.push(block);
  const places = picked.length > 1 ? picked : blocks.filter((block, i) => blocks.findIndex((b) => b.start === block.start) === i);
  return [...places].sort((a, b) => a.start - b.start);
}
