import { diffLines } from '../diff';
import { cutLine, formatCount, numberLines } from '../output';
import type { EditDocument } from './document';
import type { FuzzyWindow } from './fuzzy-scan';
import { FUZZY_THRESHOLD } from './match-fuzzy';
import type { PatchProblem } from './patch-merge';
import type { Candidate } from './types';

/** At most this many candidate places are listed in a message… */
const MAX_CANDIDATES = 10;
/** …and at most this many returned as data. */
export const MAX_RETURNED_CANDIDATES = 100;
const MAX_SHOWN_LINES = 24;
const MAX_LINE_CHARS = 160;
/** Lines quoted inline in a sentence. */
const MAX_QUOTED_LINES = 3;

/** "line 12" or "lines 12–14". */
export function lineSpan(startLine: number, endLine: number): string {
  return startLine === endLine ? `line ${startLine}` : `lines ${startLine}–${endLine}`;
}

/**
 * The search matched several places: list them, numbered, so the model can add
 * context. `notes` (one per candidate) and `rule` add what the step measured.
 */
export function ambiguousError(how: string, candidates: readonly Candidate[], notes?: readonly string[], rule?: string, total = candidates.length): string {
  const lines = listCandidates(candidates, notes);
  if (total > lines.length) lines.push(`… and ${formatCount(total - lines.length)} more`);
  return [
    `The search text matches ${formatCount(total)} places in the file (${how}), so nothing was changed.${rule ? ` ${rule}` : ''}`,
    'Add surrounding lines to `search` so that it matches only one of them:',
    ...lines,
  ].join('\n');
}

/** The first candidates, numbered: "1. line 12: its first line (note)". */
function listCandidates(candidates: readonly Candidate[], notes?: readonly string[]): string[] {
  return candidates.slice(0, MAX_CANDIDATES).map((candidate, i) => {
    const note = notes?.[i] ? ` (${notes[i]})` : '';
    const text = candidate.firstLine === '' ? '(blank line)' : cutLine(candidate.firstLine, MAX_LINE_CHARS);
    return `${i + 1}. line ${candidate.line}: ${text}${note}`;
  });
}

/**
 * A step stopped at its work limit before it could tell whether one place fits (a file of many
 * near copies of the search): list the places like it found so far, if any.
 */
export function undecidedError(how: string, candidates: readonly Candidate[], notes: readonly string[]): string {
  const listed = listCandidates(candidates, notes);
  return [
    `The search text is like too many parts of the file to compare them all (${how}), so nothing was changed.`,
    'Copy the lines to replace exactly as the file has them, with surrounding lines that make them unique.',
    ...(listed.length > 0 ? ['Parts like it found before the comparison stopped:', ...listed] : []),
  ].join('\n');
}

/** Nothing matched: show the most similar part of the file and how it differs from the search. */
export function notFoundError(doc: EditDocument, searchLines: readonly string[], closest: FuzzyWindow | null): string {
  const intro =
    'The search text was not found in the file, not even ignoring whitespace and indentation or allowing small differences, so nothing was changed.';
  const advice = 'Read the file again and copy the lines to replace exactly as they are (without line numbers).';
  if (!closest) return `${intro}\n${advice}`;

  const paired = new Set(closest.pairs.map(([k]) => k));
  const lastLine = searchLines.length - 1;
  const edgesLeftOut = [0, lastLine].filter((k, i, all) => all.indexOf(k) === i && !paired.has(k));
  const why =
    edgesLeftOut.length > 0 && closest.similarity >= FUZZY_THRESHOLD
      ? `similarity ${closest.similarity.toFixed(2)}, but it lacks ${edgesLeftOut.map((k) => `line ${k + 1}`).join(' and ')} of your search, and a fuzzy match must contain the first and last lines`
      : `similarity ${closest.similarity.toFixed(2)}; a fuzzy match needs ${FUZZY_THRESHOLD}`;
  return [intro, ...regionAndDifferences(doc, closest.start, closest.count, searchLines, `The most similar part is`, why), advice].join('\n');
}

/**
 * The search matched a block, but the replacement cannot be applied to it as a
 * patch: name the line the model got wrong and show the block and how the search differs.
 */
export function conflictError(
  doc: EditDocument,
  block: { first: number; count: number },
  searchLines: readonly string[],
  problem: PatchProblem,
  how: string,
): string {
  const advice = 'Copy the lines to change from the file exactly as they are, with the lines between them, and write the replacement for those.';
  return [
    describeProblem(doc, block.first, searchLines, problem),
    ...regionAndDifferences(doc, block.first, block.count, searchLines, 'The search matched', how),
    advice,
  ].join('\n');
}

function describeProblem(doc: EditDocument, first: number, searchLines: readonly string[], problem: PatchProblem): string {
  const fileLine = (j: number) => quote(doc.lines[first + j]?.text ?? '');
  const searchLine = (k: number) => quote(searchLines[k] ?? '');
  switch (problem.kind) {
    case 'misremembered':
      return (
        `Line ${problem.searchLine + 1} of your search, which your replacement changes, is not what the file has: ` +
        `line ${first + problem.blockLine + 1} of the file reads ${fileLine(problem.blockLine)}, your search has ${searchLine(problem.searchLine)}. ` +
        'Nothing was changed, since the replacement was written for a line the file does not have.'
      );
    case 'offDepth': {
      const role = problem.besideNewLines ? 'next to which your replacement adds lines' : 'which your replacement changes';
      return (
        `Line ${problem.searchLine + 1} of your search, ${searchLine(problem.searchLine)}, ${role}, matched line ${first + problem.blockLine + 1} of the file ` +
        'at another depth than the rest of your search implies, so it may stand for another line; nothing was changed.'
      );
    }
    case 'absent': {
      const what = (searchLines[problem.searchLine] ?? '').trim() === '' ? 'a blank line' : searchLine(problem.searchLine);
      const why = problem.besideNewLines ? 'and your replacement adds lines next to it' : 'and your replacement changes or removes it';
      return `Line ${problem.searchLine + 1} of your search, ${what}, is not in the file there, ${why}, so nothing was changed.`;
    }
    case 'unplaced': {
      const lines = problem.blockLines;
      const span = lineSpan(first + (lines[0] as number) + 1, first + (lines[lines.length - 1] as number) + 1);
      const shown = lines.slice(0, MAX_QUOTED_LINES).map(fileLine).join(', ') + (lines.length > MAX_QUOTED_LINES ? ', …' : '');
      const them = lines.length === 1 ? 'it' : 'them';
      return (
        `The file has ${span} (${shown}) where your search leaves ${them} out, right where your replacement adds lines, ` +
        `so it is unclear whether the new lines go before or after ${them}; nothing was changed.`
      );
    }
  }
}

/** The block, numbered, and a line diff of it against the search. */
function regionAndDifferences(doc: EditDocument, first: number, count: number, searchLines: readonly string[], what: string, why: string): string[] {
  const region = doc.lines.slice(first, first + count).map((line) => cutLine(line.text, MAX_LINE_CHARS));
  const differences = diffLines(
    region,
    searchLines.map((line) => cutLine(line, MAX_LINE_CHARS)),
  )
    .filter((op) => op.kind !== 'equal')
    .map((op) => `${op.kind === 'delete' ? '-' : '+'} ${op.line}`);
  return [
    `${what} ${lineSpan(first + 1, first + count)} (${why}):`,
    numberLines(limit(region, '[…]'), first + 1),
    'How your search differs from it (- file, + search):',
    ...limit(differences, `[… ${differences.length - MAX_SHOWN_LINES} more differing lines]`),
  ];
}

function quote(line: string): string {
  return `\`${cutLine(line.trim(), MAX_LINE_CHARS)}\``;
}

function limit(lines: readonly string[], marker: string): string[] {
  if (lines.length <= MAX_SHOWN_LINES) return [...lines];
  return [...lines.slice(0, MAX_SHOWN_LINES), marker];
}
