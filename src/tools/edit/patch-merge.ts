import type { ReplacementLine } from './indent-map';
import type { Hunk, LineDiff } from './line-diff';
import { isBlank, normaliseWhitespace, withoutTrailingWhitespace } from './line-forms';

/**
 * Applies a search/replace edit to the block it matched as a patch: a three-way
 * merge of the search (what the model believes the file says), the block (what
 * the file says) and the replacement (what the model wants).
 *
 * - A line the replacement keeps is written as the FILE has it, whatever the
 *   search said, so a misremembered context line never overwrites the file.
 * - A line the replacement removes or changes must be the file's line (spacing
 *   aside, at the depth the rest of the match implies), or the edit is refused:
 *   the model was wrong about what it changes.
 *   The one exception is a change the file already has, i.e. the file's line
 *   stands in the replacement as written.
 * - A file line the search left out stays where it is. When the replacement adds
 *   lines at its place (the same gap, or next to or among lines it replaces), the
 *   order is unknown and the edit is refused, unless the replacement holds the line.
 *   Blank lines left out between two removed lines go with them.
 * - A search line the file does not have may be kept (nothing is written for it),
 *   but new lines placed right next to it are refused: they were placed by a line
 *   that is not there, which is also how a match in the wrong place shows. The
 *   same goes for a line matched at the wrong depth (a `}` matched to its twin).
 *
 * Positions are counted on the search: search line k sits at 2k + 1, the gap
 * before it at 2k, so lines, gaps and file-only lines can be ordered together.
 */

export interface PatchInput {
  searchLines: readonly string[];
  replacementLines: readonly string[];
  diff: LineDiff;
  blockLines: readonly string[];
  /** (search line, block line) pairs of lines matched to each other, increasing in both. */
  anchors: readonly (readonly [number, number])[];
  /** The new replacement lines written at the file's indentation (replacement index → text), given what is written for every replacement line. */
  placeAdded: (lines: readonly ReplacementLine[]) => ReadonlyMap<number, string>;
  /** Whether a matched pair sits at the depth the rest of the match implies. */
  depthAgrees: (searchLine: number, blockLine: number) => boolean;
}

export type PatchProblem =
  /** A search line the replacement changes differs from its file line. */
  | { kind: 'misremembered'; searchLine: number; blockLine: number }
  /** A search line matched to a file line at another depth than the match implies, which the replacement changes or adds lines next to. */
  | { kind: 'offDepth'; searchLine: number; blockLine: number; besideNewLines: boolean }
  /** A search line is not in the file, and the replacement changes it or adds lines next to it. */
  | { kind: 'absent'; searchLine: number; besideNewLines: boolean }
  /** File lines the search left out, where the replacement adds lines in an unknown order around them. */
  | { kind: 'unplaced'; blockLines: number[] };

export type PatchOutcome =
  | {
      ok: true;
      lines: string[];
      /** Block lines written as the file has them although the search had them differently. */
      keptFromFile: number[];
    }
  | { ok: false; problem: PatchProblem };

interface Change {
  hunk: Hunk;
  from: number;
  to: number;
  /** Block lines that only the replacement's own lines can account for. */
  unexplained: number[];
  mismatch: PatchProblem | null;
}

interface Piece {
  at: number;
  lines: string[];
}

export function mergePatch(input: PatchInput): PatchOutcome {
  const { searchLines, blockLines, diff } = input;
  const anchors = firstCopies(input.anchors, blockLines);
  const anchorOf = new Int32Array(searchLines.length).fill(-1);
  for (const [k, j] of anchors) anchorOf[k] = j;
  const sameText = (k: number, j: number) => normaliseWhitespace(searchLines[k] as string) === normaliseWhitespace(blockLines[j] as string);

  const changes: Change[] = diff.hunks.map((hunk) => ({ hunk, ...spanOf(hunk), unexplained: [], mismatch: null }));
  for (const change of changes) {
    for (let k = change.hunk.searchFrom; k < change.hunk.searchTo; k++) {
      const j = anchorOf[k] as number;
      if (j === -1) {
        // Removing a blank line the file does not have there changes nothing.
        if (!isBlank(searchLines[k] as string)) return refuse({ kind: 'absent', searchLine: k, besideNewLines: false });
      } else if (!sameText(k, j) || !input.depthAgrees(k, j)) {
        change.unexplained.push(j);
        change.mismatch ??= sameText(k, j)
          ? { kind: 'offDepth', searchLine: k, blockLine: j, besideNewLines: false }
          : { kind: 'misremembered', searchLine: k, blockLine: j };
      }
    }
  }

  const stray = strayNeighbour(changes, anchorOf, input.replacementLines);
  if (stray !== null) return refuse({ kind: 'absent', searchLine: stray, besideNewLines: true });
  for (const [k, j] of anchors) {
    const besideNewLines = changes.some((change) => addsLines(change) && change.from <= 2 * k + 2 && 2 * k <= change.to);
    if (besideNewLines && (diff.keptAs[k] as number) !== -1 && !input.depthAgrees(k, j))
      return refuse({ kind: 'offDepth', searchLine: k, blockLine: j, besideNewLines });
  }

  const pieces: Piece[] = [];
  const keptFromFile: number[] = [];
  for (const [k, j] of anchors) {
    if ((diff.keptAs[k] as number) === -1) continue;
    pieces.push({ at: 2 * k + 1, lines: [blockLines[j] as string] });
    if (!sameText(k, j)) keptFromFile.push(j);
  }

  const removed = (k: number) => k >= 0 && k < searchLines.length && (diff.keptAs[k] as number) === -1;
  for (const run of leftOutRuns(anchors, searchLines.length, blockLines.length)) {
    if (removed(run.before) && removed(run.after) && run.lines.every((j) => isBlank(blockLines[j] as string))) continue;
    const around = changes.filter((change) => addsLines(change) && change.from <= run.to && run.from <= change.to);
    if (around.length > 1) return refuse({ kind: 'unplaced', blockLines: run.lines });
    const [change] = around;
    if (change) change.unexplained.push(...run.lines);
    else pieces.push({ at: run.from, lines: run.lines.map((j) => blockLines[j] as string) });
  }

  const written: ReplacementLine[] = input.replacementLines.map((text) => ({ kind: 'none', text }));
  for (const [k, j] of anchors) {
    const r = diff.keptAs[k] as number;
    if (r !== -1) written[r] = { kind: 'file', text: input.replacementLines[r] as string, file: blockLines[j] as string };
  }
  for (const change of changes) {
    const { replaceFrom, replaceTo, searchFrom, searchTo } = change.hunk;
    const added = input.replacementLines.slice(replaceFrom, replaceTo);
    const unexplained = [...change.unexplained].sort((a, b) => a - b);
    const fromFile = findInOrder(unexplained, added, blockLines);
    if (!fromFile) {
      if (change.mismatch) return refuse(change.mismatch);
      return refuse({ kind: 'unplaced', blockLines: unexplained });
    }
    if (fromFile.size > 0) keptFromFile.push(...unexplained);
    for (const [t, text] of added.entries()) {
      const j = fromFile.get(t);
      written[replaceFrom + t] =
        j === undefined ? { kind: 'new', text, from: searchFrom, to: searchTo } : { kind: 'file', text, file: blockLines[j] as string };
    }
  }

  const placed = input.placeAdded(written);
  for (const change of changes) {
    const lines: string[] = [];
    for (let r = change.hunk.replaceFrom; r < change.hunk.replaceTo; r++) {
      const line = written[r] as ReplacementLine;
      lines.push(line.kind === 'file' ? line.file : (placed.get(r) ?? line.text));
    }
    if (lines.length > 0) pieces.push({ at: change.from, lines });
  }

  pieces.sort((a, b) => a.at - b.at);
  return { ok: true, lines: pieces.flatMap((piece) => piece.lines), keptFromFile: keptFromFile.sort((a, b) => a - b) };
}

/**
 * Where a hunk's new lines go: anywhere from the gap before the first search line
 * it removes to the gap after the last (the diff does not say where among them),
 * or the one gap where it only adds.
 */
function spanOf(hunk: Hunk): { from: number; to: number } {
  return { from: 2 * hunk.searchFrom, to: 2 * hunk.searchTo };
}

function addsLines(change: Change): boolean {
  return change.hunk.replaceTo > change.hunk.replaceFrom;
}

interface LeftOutRun {
  /** Positions between the neighbouring matched lines… */
  from: number;
  to: number;
  /** …which are these search lines (-1 or the search's length past its ends). */
  before: number;
  after: number;
  lines: number[];
}

/** Runs of block lines no search line was matched to. */
function leftOutRuns(anchors: readonly (readonly [number, number])[], searchCount: number, blockCount: number): LeftOutRun[] {
  const runs: LeftOutRun[] = [];
  let previousK = -1;
  let previousJ = -1;
  for (const [k, j] of [...anchors, [searchCount, blockCount] as const]) {
    if (j > previousJ + 1) {
      const lines = Array.from({ length: j - previousJ - 1 }, (_, i) => previousJ + 1 + i);
      runs.push({ from: 2 * previousK + 2, to: 2 * k, before: previousK, after: k, lines });
    }
    previousK = k;
    previousJ = j;
  }
  return runs;
}

/** Each wanted block line matched, in order, to an added line with the same text (spacing aside): added index → block line; null if one is missing. */
function findInOrder(wanted: readonly number[], added: readonly string[], blockLines: readonly string[]): Map<number, number> | null {
  const found = new Map<number, number>();
  let t = 0;
  for (const j of wanted) {
    const form = normaliseWhitespace(blockLines[j] as string);
    while (t < added.length && normaliseWhitespace(added[t] as string) !== form) t++;
    if (t === added.length) return null;
    found.set(t, j);
    t++;
  }
  return found;
}

/**
 * Of two equal file lines the search has once, the first is taken as the one it
 * means and the second as left out (line-diff.ts makes the same choice for the
 * replacement), so a line the search missed and the replacement restores line up.
 */
function firstCopies(anchors: readonly (readonly [number, number])[], blockLines: readonly string[]): [number, number][] {
  const out = anchors.map(([k, j]): [number, number] => [k, j]);
  const same = (a: number, b: number) => withoutTrailingWhitespace(blockLines[a] as string) === withoutTrailingWhitespace(blockLines[b] as string);
  for (let n = 0; n < out.length; n++) {
    const pair = out[n] as [number, number];
    let j = n === 0 ? 0 : (out[n - 1] as [number, number])[1] + 1;
    while (j < pair[1] && !same(j, pair[1])) j++;
    pair[1] = j;
  }
  return out;
}

/** A search line between matched lines that the file lacks, with new lines (not just blank ones) added right next to it; null if none. */
function strayNeighbour(changes: readonly Change[], anchorOf: Int32Array, replacementLines: readonly string[]): number | null {
  const matched = [...anchorOf.keys()].filter((k) => (anchorOf[k] as number) !== -1);
  const inside = (k: number) => k > (matched[0] ?? Infinity) && k < (matched[matched.length - 1] ?? -Infinity) && (anchorOf[k] as number) === -1;
  for (const { hunk } of changes) {
    if (hunk.searchTo > hunk.searchFrom) continue;
    if (replacementLines.slice(hunk.replaceFrom, hunk.replaceTo).every(isBlank)) continue;
    if (inside(hunk.searchFrom - 1)) return hunk.searchFrom - 1;
    if (inside(hunk.searchFrom)) return hunk.searchFrom;
  }
  return null;
}

function refuse(problem: PatchProblem): PatchOutcome {
  return { ok: false, problem };
}
