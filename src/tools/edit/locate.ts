import { type EditDocument, lfLineEnd, lineIndexAt, splitTextLines, toLf } from './document';
import { FileForms } from './file-forms';
import { hasVisibleText } from './line-forms';
import {
  type LineStepInput,
  candidateAt,
  matchIgnoringIndentation,
  matchIgnoringTrailingWhitespace,
  matchNormalisedWhitespace,
} from './line-steps';
import { matchFuzzy, prepareFuzzy } from './match-fuzzy';
import { MAX_RETURNED_CANDIDATES, ambiguousError, lineSpan, notFoundError } from './messages';
import type { Splice } from './splice';
import type { LineMatch, StepOutcome } from './step-outcome';
import type { Candidate, EditRequest, MatchStrategy } from './types';

/** Where one edit goes and what it writes there, before anything is applied. */
export interface LocatedEdit {
  splice: Splice;
  strategy: MatchStrategy;
  startLine: number;
  endLine: number;
  message: string;
}

export type Location = { ok: true; edit: LocatedEdit } | { ok: false; error: string; candidates?: Candidate[] };

interface LineStep {
  strategy: MatchStrategy;
  how: string;
  run: (input: LineStepInput) => StepOutcome<LineMatch>;
}

/** The whole-line steps, strictest first. Each one's matches are a subset of the next one's. */
const LINE_STEPS: readonly LineStep[] = [
  { strategy: 'whitespace', how: 'ignoring trailing whitespace', run: matchIgnoringTrailingWhitespace },
  { strategy: 'indentation', how: 'ignoring indentation', run: matchIgnoringIndentation },
  { strategy: 'whitespace', how: 'ignoring spacing and indentation', run: matchNormalisedWhitespace },
];

/**
 * Finds the one place the search text refers to: exact, then ignoring trailing
 * whitespace, then indentation, then all spacing, then fuzzy. A step that finds
 * several places ends the search with an error instead of trying a looser step.
 */
export function locateEdit(doc: EditDocument, request: EditRequest, forms: FileForms = new FileForms(doc)): Location {
  if (request.search === '') {
    return refuse(
      '`search` is empty, so there is nothing to find. Give the exact lines to replace, with a line or two around them to make them unique; to create a file or write a whole new one use create_file.',
    );
  }
  if (request.search.includes('\0') || request.replace.includes('\0')) return refuse('`search` or `replace` contains a NUL character; edits work on text only.');
  if (doc.lines.length === 0) return refuse('The file is empty, so `search` cannot match anything. Write its content with create_file.');

  const search = toLf(request.search);
  const replace = toLf(request.replace);
  const exact = matchExact(doc, search, replace);
  if (exact) return exact;
  if (!hasVisibleText(search)) {
    return refuse('`search` is only whitespace and does not occur exactly in the file. Include the visible lines around the place to edit.');
  }

  const input: LineStepInput = { doc, forms, searchLines: splitTextLines(search), replacementLines: splitTextLines(replace) };
  for (const step of LINE_STEPS) {
    const outcome = step.run(input);
    if (outcome.kind === 'ambiguous') {
      const candidates = outcome.candidates.slice(0, MAX_RETURNED_CANDIDATES);
      return refuse(ambiguousError(step.how, candidates, outcome.notes, outcome.rule, outcome.candidates.length), candidates);
    }
    if (outcome.kind === 'found') return located(doc, step.strategy, outcome.match, step.how);
  }

  const fuzzyInput = prepareFuzzy(input);
  const fuzzy = matchFuzzy(fuzzyInput);
  if (fuzzy.kind === 'ambiguous') return refuse(ambiguousError('fuzzy match', fuzzy.candidates, fuzzy.notes, fuzzy.rule), fuzzy.candidates);
  if (fuzzy.kind === 'found') return located(doc, 'fuzzy', fuzzy.match, `similarity ${fuzzy.match.similarity.toFixed(2)}`);
  return refuse(notFoundError(doc, input.searchLines, fuzzyInput.scanner.closest()));
}

/** Step 1: the search text occurs exactly once (overlapping occurrences count). */
function matchExact(doc: EditDocument, search: string, replace: string): Location | null {
  const found: number[] = [];
  for (let at = doc.lf.indexOf(search); at >= 0; at = doc.lf.indexOf(search, at + 1)) found.push(at);
  if (found.length === 0) return null;
  if (found.length > 1) {
    const candidates = found.slice(0, MAX_RETURNED_CANDIDATES).map((at) => candidateAt(doc, lineIndexAt(doc, at)));
    return refuse(ambiguousError('exact match', candidates, undefined, undefined, found.length), candidates);
  }
  const start = found[0] as number;
  const end = start + search.length;
  const startLine = lineIndexAt(doc, start) + 1;
  const endLine = lineIndexAt(doc, end - 1) + 1;
  return {
    ok: true,
    edit: { splice: { start, end, text: replace }, strategy: 'exact', startLine, endLine, message: `applied exact match at ${lineSpan(startLine, endLine)}` },
  };
}

function located(doc: EditDocument, strategy: MatchStrategy, match: LineMatch, how: string): Location {
  const startLine = match.first + 1;
  const endLine = match.first + match.count;
  const details = [how, match.note].filter((part) => part !== '').join('; ');
  const name = strategy === 'whitespace' ? 'whitespace-insensitive' : strategy === 'indentation' ? 'indentation-insensitive' : strategy;
  return {
    ok: true,
    edit: { splice: lineSplice(doc, match), strategy, startLine, endLine, message: `applied ${name} match at ${lineSpan(startLine, endLine)} (${details})` },
  };
}

/**
 * The block's lines, newline of the last one included, become the replacement
 * lines. A block that ends the file without a final newline keeps it that way,
 * also when it is deleted (the newline before it goes too).
 */
function lineSplice(doc: EditDocument, match: LineMatch): Splice {
  const last = match.first + match.count - 1;
  let start = doc.lfStarts[match.first] as number;
  const end = lfLineEnd(doc, last);
  const endsWithNewline = doc.lines[last]?.eol !== '';
  const lines = match.replacementLines;
  let text = lines.join('\n');
  if (lines.length > 0 && endsWithNewline) text += '\n';
  if (lines.length === 0 && !endsWithNewline && match.first > 0) start -= 1;
  return { start, end, text };
}

function refuse(error: string, candidates?: Candidate[]): Location {
  return candidates ? { ok: false, error, candidates } : { ok: false, error };
}
