import { EDGE_REACH } from './blank-edges';
import { exactFirstPairs } from './exact-first-pairs';
import { FuzzyScanner, type FuzzyWindow } from './fuzzy-scan';
import { normaliseWhitespace } from './line-forms';
import { candidateAt, type LineStepInput } from './line-steps';
import type { BlockMatch, StepOutcome } from './step-outcome';

/** A block must be at least this similar to the whole search to be taken. */
export const FUZZY_THRESHOLD = 0.85;
/** …and at least this much more similar than any block elsewhere. */
export const FUZZY_MARGIN = 0.05;
/** Similarities closer than this count as a tie. */
const TIE = 1e-9;

/** The search and the file with whitespace normalised, and a scanner over them. */
export interface FuzzyInput extends LineStepInput {
  fileForms: string[];
  searchForms: string[];
  scanner: FuzzyScanner;
}

/** Scanners already built, by input: a search that finds nothing is scanned for the step and again for its message. */
const prepared = new WeakMap<LineStepInput, FuzzyInput>();

export function prepareFuzzy(input: LineStepInput): FuzzyInput {
  let fuzzy = prepared.get(input);
  if (!fuzzy) {
    const fileForms = input.forms.normalisedWhitespace();
    const searchForms = input.searchLines.map(normaliseWhitespace);
    fuzzy = { ...input, fileForms, searchForms, scanner: new FuzzyScanner(fileForms, searchForms) };
    prepared.set(input, fuzzy);
  }
  return fuzzy;
}

/** Step 5: the one block clearly most similar to the whole search, lines compared with whitespace normalised. */
export function matchFuzzy(input: FuzzyInput): StepOutcome<BlockMatch> {
  const { windows: blocks, complete } = input.scanner.contenders(FUZZY_THRESHOLD, FUZZY_MARGIN);
  if (!complete) {
    const shown = blocks.length > 0 ? distinctPlaces(blocks) : [];
    return {
      kind: 'undecided',
      candidates: shown.map((block) => candidateAt(input.doc, block.start)),
      notes: shown.map((block) => `similarity ${block.similarity.toFixed(2)}`),
    };
  }
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

  const stray = strayLine(input, best);
  if (stray) {
    const end = best.start + best.count;
    const places = [
      { at: best.start, note: `the closest block, lines ${best.start + 1}–${end}, similarity ${best.similarity.toFixed(2)}` },
      { at: stray.fileLine, note: `line ${stray.searchLine + 1} of your search, word for word` },
    ].sort((a, b) => a.at - b.at);
    return {
      kind: 'ambiguous',
      candidates: places.map((place) => candidateAt(input.doc, place.at)),
      notes: places.map((place) => place.note),
      rule: `Line ${stray.searchLine + 1} of the search stands word for word outside the closest block, so the search may mix two places or miss lines.`,
    };
  }

  const fileLines = input.doc.lines.map((line) => line.text);
  const anchors = exactFirstPairs(input.searchLines, fileLines, best.start, best.count, best.pairs);
  return { kind: 'found', match: { first: best.start, count: best.count, anchors, detail: `similarity ${best.similarity.toFixed(2)}` } };
}

/**
 * A search line the block does not match exactly that stands word for word
 * elsewhere in the file: the search then seems copied from that other place (or
 * the block's ends are off: edit distance prefers dropping a short line to
 * skipping a long missing one), so the match is not trusted. Blank lines are
 * everywhere, so for them only the few lines around the block count.
 */
function strayLine(input: FuzzyInput, best: FuzzyWindow): { searchLine: number; fileLine: number } | null {
  const end = best.start + best.count;
  const matchedExactly = new Set(best.pairs.filter(([k, j]) => input.searchForms[k] === input.fileForms[j]).map(([k]) => k));
  const near = (j: number) => (j < best.start ? best.start - j : j - end + 1) <= EDGE_REACH;
  for (const [k, form] of input.searchForms.entries()) {
    if (matchedExactly.has(k)) continue;
    const fileLine = input.fileForms.findIndex((line, j) => line === form && (j < best.start || j >= end) && (form !== '' || near(j)));
    if (fileLine !== -1) return { searchLine: k, fileLine };
  }
  return null;
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
