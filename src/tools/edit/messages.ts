import { diffLines } from '../diff';
import { cutLine, formatCount, numberLines } from '../output';
import type { EditDocument } from './document';
import type { FuzzyWindow } from './fuzzy-scan';
import { FUZZY_THRESHOLD } from './match-fuzzy';
import type { Candidate } from './types';

/** At most this many candidate places are listed in a message… */
const MAX_CANDIDATES = 10;
/** …and at most this many returned as data. */
export const MAX_RETURNED_CANDIDATES = 100;
const MAX_SHOWN_LINES = 24;
const MAX_LINE_CHARS = 160;

/** "line 12" or "lines 12–14". */
export function lineSpan(startLine: number, endLine: number): string {
  return startLine === endLine ? `line ${startLine}` : `lines ${startLine}–${endLine}`;
}

/**
 * The search matched several places: list them, numbered, so the model can add
 * context. `notes` (one per candidate) and `rule` add what the step measured.
 */
export function ambiguousError(how: string, candidates: readonly Candidate[], notes?: readonly string[], rule?: string, total = candidates.length): string {
  const shown = candidates.slice(0, MAX_CANDIDATES);
  const lines = shown.map((candidate, i) => {
    const note = notes?.[i] ? ` (${notes[i]})` : '';
    const text = candidate.firstLine === '' ? '(blank line)' : cutLine(candidate.firstLine, MAX_LINE_CHARS);
    return `${i + 1}. line ${candidate.line}: ${text}${note}`;
  });
  if (total > shown.length) lines.push(`… and ${formatCount(total - shown.length)} more`);
  return [
    `The search text matches ${formatCount(total)} places in the file (${how}), so nothing was changed.${rule ? ` ${rule}` : ''}`,
    'Add surrounding lines to `search` so that it matches only one of them:',
    ...lines,
  ].join('\n');
}

/** Nothing matched: show the most similar part of the file and how it differs from the search. */
export function notFoundError(doc: EditDocument, searchLines: readonly string[], closest: FuzzyWindow | null): string {
  const intro =
    'The search text was not found in the file, not even ignoring whitespace and indentation or allowing small differences, so nothing was changed.';
  const advice = 'Read the file again and copy the lines to replace exactly as they are (without line numbers).';
  if (!closest) return `${intro}\n${advice}`;

  const region = doc.lines.slice(closest.start, closest.start + closest.count).map((line) => cutLine(line.text, MAX_LINE_CHARS));
  const paired = new Set(closest.pairs.map(([k]) => k));
  const lastLine = searchLines.length - 1;
  const edgesLeftOut = [0, lastLine].filter((k, i, all) => all.indexOf(k) === i && !paired.has(k));
  const why =
    edgesLeftOut.length > 0 && closest.similarity >= FUZZY_THRESHOLD
      ? `similarity ${closest.similarity.toFixed(2)}, but it lacks ${edgesLeftOut.map((k) => `line ${k + 1}`).join(' and ')} of your search, and a fuzzy match must contain the first and last lines`
      : `similarity ${closest.similarity.toFixed(2)}; a fuzzy match needs ${FUZZY_THRESHOLD}`;
  const differences = diffLines(region, searchLines.map((line) => cutLine(line, MAX_LINE_CHARS)))
    .filter((op) => op.kind !== 'equal')
    .map((op) => `${op.kind === 'delete' ? '-' : '+'} ${op.line}`);
  return [
    intro,
    `The most similar part is ${lineSpan(closest.start + 1, closest.start + closest.count)} (${why}):`,
    numberLines(limit(region, '[…]'), closest.start + 1),
    'How your search differs from it (- file, + search):',
    ...limit(differences, `[… ${differences.length - MAX_SHOWN_LINES} more differing lines]`),
    advice,
  ].join('\n');
}

function limit(lines: readonly string[], marker: string): string[] {
  if (lines.length <= MAX_SHOWN_LINES) return [...lines];
  return [...lines.slice(0, MAX_SHOWN_LINES), marker];
}
