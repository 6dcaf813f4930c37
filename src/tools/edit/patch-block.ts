import { type BlankEdges, matchBlankEdges } from './blank-edges';
import type { EditDocument } from './document';
import type { FileForms } from './file-forms';
import { type IndentAnchor, IndentMap } from './indent-map';
import { styleOf } from './indentation';
import type { LineDiff } from './line-diff';
import { isBlank, splitIndent } from './line-forms';
import { candidateAt } from './line-steps';
import { ambiguousError, conflictError, lineSpan } from './messages';
import { mergePatch } from './patch-merge';
import type { BlockMatch } from './step-outcome';
import type { Candidate } from './types';

/** How far from a line its twin is looked for (a block of a dozen lines and a few around it). */
const TWIN_REACH = 16;

/** At most this many line numbers are named in the note on lines kept from the file. */
const MAX_KEPT_SHOWN = 8;

/** One edit's lines, prepared once for every step that tries it. */
export interface PreparedEdit {
  searchLines: readonly string[];
  /** The replacement, with a lost indentation put back (see liftUnindentedReplacement). */
  replacementLines: readonly string[];
  diff: LineDiff;
  edges: BlankEdges;
}

export type PatchedBlock =
  { ok: true; first: number; count: number; replacementLines: string[]; note: string } | { ok: false; error: string; candidates?: Candidate[] };

/**
 * Turns a block a step matched into the lines that replace it, applying the edit
 * as a patch (patch-merge.ts). `withoutEdges`: the step matched the search with
 * its blank edge lines set aside, so they are matched to the file's blank lines first.
 */
export function patchBlock(doc: EditDocument, forms: FileForms, edit: PreparedEdit, found: BlockMatch, withoutEdges: boolean, how: string): PatchedBlock {
  let match = found;
  if (withoutEdges) {
    const fileLines = doc.lines.map((line) => line.text);
    const extended = matchBlankEdges(fileLines, edit.searchLines, edit.edges, found, edit.diff, edit.replacementLines);
    if (!extended.ok) return edgeRefusal(doc, found, extended.searchLine, extended.fileLine);
    match = extended.match;
  }

  const blockLines = doc.lines.slice(match.first, match.first + match.count).map((line) => line.text);
  const anchors = match.anchors.map(([k, j]): [number, number] => [k, j - match.first]);
  const indents = indentMapFor(forms, match, edit.searchLines, blockLines, anchors);
  const merged = mergePatch({
    searchLines: edit.searchLines,
    replacementLines: edit.replacementLines,
    diff: edit.diff,
    blockLines,
    anchors,
    placeAdded: (lines) => indents.place(lines),
    depthAgrees: (k, j) => indents.agrees(k, edit.searchLines[k] as string, blockLines[j] as string) || !hasTwinNear(doc, forms, match.first + j),
  });
  if (!merged.ok) return { ok: false, error: conflictError(doc, match, edit.searchLines, merged.problem, how) };

  const kept = merged.keptFromFile.map((j) => match.first + j + 1);
  const notes = [indents.note()];
  if (kept.length > 0) {
    const shown = kept.length > MAX_KEPT_SHOWN ? `${kept.slice(0, MAX_KEPT_SHOWN).join(', ')}, …` : kept.join(', ');
    notes.push(`the file's own text kept on ${kept.length === 1 ? 'line' : 'lines'} ${shown}, where your search differed`);
  }
  return { ok: true, first: match.first, count: match.count, replacementLines: merged.lines, note: notes.filter((note) => note !== '').join('; ') };
}

/**
 * Another line with the same text (spacing aside) a few lines from this one. Only
 * then can a line matched at the wrong depth be the wrong line: a `}` closes
 * several blocks, a unique statement is itself at any depth.
 */
function hasTwinNear(doc: EditDocument, forms: FileForms, line: number): boolean {
  const normalised = forms.normalisedWhitespace();
  const form = normalised[line];
  const from = Math.max(0, line - TWIN_REACH);
  const to = Math.min(doc.lines.length, line + TWIN_REACH + 1);
  for (let j = from; j < to; j++) if (j !== line && normalised[j] === form) return true;
  return false;
}

function indentMapFor(
  forms: FileForms,
  match: BlockMatch,
  searchLines: readonly string[],
  blockLines: readonly string[],
  anchors: readonly [number, number][],
): IndentMap {
  const pairs: IndentAnchor[] = [];
  for (const [k, j] of anchors) {
    const search = searchLines[k] as string;
    const file = blockLines[j] as string;
    if (isBlank(search) || isBlank(file)) continue;
    pairs.push({ searchLine: k, search: splitIndent(search).indent, file: splitIndent(file).indent });
  }
  const indents = forms.splitIndents().map((line) => line.indent);
  const style = styleOf(indents.slice(match.first, match.first + match.count)) ?? styleOf(indents) ?? 'spaces';
  return new IndentMap(pairs, style, searchLines);
}

/** A blank edge line of the search that may stand for a blank line a few lines beyond the block. */
function edgeRefusal(doc: EditDocument, core: BlockMatch, searchLine: number, fileLine: number): PatchedBlock {
  const end = core.first + core.count;
  const places = [
    { at: core.first, note: `the search without its blank edge lines, ${lineSpan(core.first + 1, end)}` },
    { at: fileLine, note: `the nearest blank line for line ${searchLine + 1} of your search` },
  ].sort((a, b) => a.at - b.at);
  const candidates = places.map((place) => candidateAt(doc, place.at));
  const rule =
    `Line ${searchLine + 1} of the search is a blank line the file does not have next to those lines, and the replacement removes it; ` +
    `the next blank line is line ${fileLine + 1}, past lines the search lacks, so it is unclear how far the search was meant to reach.`;
  return {
    ok: false,
    error: ambiguousError(
      'with blank lines at its ends set aside',
      candidates,
      places.map((place) => place.note),
      rule,
    ),
    candidates,
  };
}
