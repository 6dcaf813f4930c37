import { blankEdges } from './blank-edges';
import { BYTE_ORDER_MARK, type EditDocument, lfLineEnd, splitTextLines, toLf } from './document';
import { FileForms } from './file-forms';
import { liftUnindentedReplacement } from './indent-map';
import { diffSearchAndReplacement } from './line-diff';
import { hasVisibleText } from './line-forms';
import { type LineStepInput, matchIgnoringIndentation, matchIgnoringTrailingWhitespace, matchNormalisedWhitespace } from './line-steps';
import { matchExact } from './match-exact';
import { matchFuzzy, prepareFuzzy } from './match-fuzzy';
import { ambiguousError, lineSpan, MAX_RETURNED_CANDIDATES, notFoundError, undecidedError } from './messages';
import { patchBlock, type PatchedBlock, type PreparedEdit } from './patch-block';
import type { Splice } from './splice';
import type { BlockMatch, StepOutcome } from './step-outcome';
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

interface LooserStep {
  strategy: MatchStrategy;
  how: string;
  run: (input: LineStepInput) => StepOutcome<BlockMatch>;
}

/** The steps after exact, strictest first, all matching whole lines. Each one's matches are a subset of the next one's. */
const LOOSER_STEPS: readonly LooserStep[] = [
  { strategy: 'whitespace', how: 'ignoring trailing whitespace', run: matchIgnoringTrailingWhitespace },
  { strategy: 'indentation', how: 'ignoring indentation', run: matchIgnoringIndentation },
  { strategy: 'whitespace', how: 'ignoring spacing and indentation', run: matchNormalisedWhitespace },
  { strategy: 'fuzzy', how: 'fuzzy match', run: (input) => matchFuzzy(prepareFuzzy(input)) },
];

/**
 * Finds the one place the search text refers to: exact, then ignoring trailing
 * whitespace, then indentation, then all spacing, then fuzzy. A step that finds
 * several places ends the search with an error instead of trying a looser step.
 * What a looser step finds is applied as a patch (patch-merge.ts). A leading byte
 * order mark in the search stands for the file's, which the engine keeps anyway.
 */
export function locateEdit(doc: EditDocument, request: EditRequest, forms: FileForms = new FileForms(doc)): Location {
  const searchHadBom = request.search.startsWith(BYTE_ORDER_MARK);
  const search = toLf(searchHadBom ? request.search.slice(1) : request.search);
  const replace = toLf(searchHadBom && request.replace.startsWith(BYTE_ORDER_MARK) ? request.replace.slice(1) : request.replace);
  if (search.includes('\0') || replace.includes('\0')) return refuse('`search` or `replace` contains a NUL character; edits work on text only.');
  if (doc.lines.length === 0) {
    if (hasVisibleText(search)) return refuse('The file is empty, so `search` cannot match anything. Give an empty `search` to write its content.');
    const edit: LocatedEdit = {
      splice: { start: 0, end: 0, text: replace },
      strategy: 'exact',
      startLine: 1,
      endLine: 1,
      message: 'applied exact match at line 1 (the file was empty)',
    };
    return { ok: true, edit };
  }
  if (search === '') {
    return refuse(
      '`search` is empty, so there is nothing to find. Give the exact lines to replace, with a line or two around them to make them unique; to create a file or write a whole new one use create_file.',
    );
  }

  const exact = matchExact(doc, search, replace);
  if (exact.kind === 'ambiguous') return ambiguous('exact match', exact);
  if (exact.kind === 'found') {
    const startLine = exact.match.firstLine + 1;
    const endLine = exact.match.lastLine + 1;
    return {
      ok: true,
      edit: { splice: exact.match.splice, strategy: 'exact', startLine, endLine, message: `applied exact match at ${lineSpan(startLine, endLine)}` },
    };
  }
  if (!hasVisibleText(search)) {
    return refuse('`search` is only whitespace and does not occur exactly in the file. Include the visible lines around the place to edit.');
  }
  return locateLines(doc, forms, prepare(splitTextLines(search), splitTextLines(replace)));
}

/** The looser steps, each trying the search as given and then without its blank edge lines. */
function locateLines(doc: EditDocument, forms: FileForms, edit: PreparedEdit): Location {
  const whole: LineStepInput = { doc, forms, searchLines: edit.searchLines };
  const { lead, trail } = edit.edges;
  const core: LineStepInput | null = lead + trail > 0 ? { doc, forms, searchLines: edit.searchLines.slice(lead, edit.searchLines.length - trail) } : null;
  for (const step of LOOSER_STEPS) {
    let outcome = step.run(whole);
    let withoutEdges = false;
    if (outcome.kind === 'none' && core) {
      outcome = shiftAnchors(step.run(core), lead);
      withoutEdges = true;
    }
    if (outcome.kind === 'ambiguous') return ambiguous(withoutEdges ? `${step.how}, blank lines at the ends of the search set aside` : step.how, outcome);
    if (outcome.kind === 'undecided') {
      const candidates = outcome.candidates.slice(0, MAX_RETURNED_CANDIDATES);
      return refuse(undecidedError(step.how, candidates, outcome.notes), candidates.length > 0 ? candidates : undefined);
    }
    if (outcome.kind === 'found') {
      const how = outcome.match.detail || step.how;
      return located(doc, step.strategy, patchBlock(doc, forms, edit, outcome.match, withoutEdges, how), how);
    }
  }
  return refuse(notFoundError(doc, edit.searchLines, prepareFuzzy(whole).scanner.closest()));
}

function prepare(searchLines: string[], replacementLines: string[]): PreparedEdit {
  const lifted = liftUnindentedReplacement(searchLines, replacementLines);
  return { searchLines, replacementLines: lifted, diff: diffSearchAndReplacement(searchLines, lifted), edges: blankEdges(searchLines) };
}

/** A match of the search without its `lead` blank lines, in the whole search's line numbers. */
function shiftAnchors(outcome: StepOutcome<BlockMatch>, lead: number): StepOutcome<BlockMatch> {
  if (outcome.kind !== 'found') return outcome;
  return { kind: 'found', match: { ...outcome.match, anchors: outcome.match.anchors.map(([k, j]) => [k + lead, j]) } };
}

function located(doc: EditDocument, strategy: MatchStrategy, patched: PatchedBlock, how: string): Location {
  if (!patched.ok) return patched.candidates ? refuse(patched.error, patched.candidates) : refuse(patched.error);
  const startLine = patched.first + 1;
  const endLine = patched.first + patched.count;
  const details = [how, patched.note].filter((part) => part !== '').join('; ');
  const name = strategy === 'whitespace' ? 'whitespace-insensitive' : strategy === 'indentation' ? 'indentation-insensitive' : strategy;
  return {
    ok: true,
    edit: { splice: lineSplice(doc, patched), strategy, startLine, endLine, message: `applied ${name} match at ${lineSpan(startLine, endLine)} (${details})` },
  };
}

/**
 * The block's lines, newline of the last one included, become the replacement
 * lines. A block that ends the file without a final newline keeps it that way,
 * also when it is deleted (the newline before it goes too).
 */
function lineSplice(doc: EditDocument, block: { first: number; count: number; replacementLines: readonly string[] }): Splice {
  const last = block.first + block.count - 1;
  let start = doc.lfStarts[block.first] as number;
  const end = lfLineEnd(doc, last);
  const endsWithNewline = doc.lines[last]?.eol !== '';
  const lines = block.replacementLines;
  let text = lines.join('\n');
  if (lines.length > 0 && endsWithNewline) text += '\n';
  if (lines.length === 0 && !endsWithNewline && block.first > 0) start -= 1;
  return { start, end, text };
}

function ambiguous(how: string, outcome: { candidates: Candidate[]; notes?: string[]; rule?: string }): Location {
  const candidates = outcome.candidates.slice(0, MAX_RETURNED_CANDIDATES);
  return refuse(ambiguousError(how, candidates, outcome.notes, outcome.rule, outcome.candidates.length), candidates);
}

function refuse(error: string, candidates?: Candidate[]): Location {
  return candidates ? { ok: false, error, candidates } : { ok: false, error };
}
