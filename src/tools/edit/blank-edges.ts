import type { LineDiff } from './line-diff';
import { isBlank, normaliseWhitespace } from './line-forms';
import type { BlockMatch } from './step-outcome';

/**
 * Blank lines at the ends of a search do not stop a match: the steps retry
 * without them, and they are then matched to the file's blank lines around the
 * block where that is safe.
 */

/** How many non-blank file lines a blank search line may be matched across (here and in the fuzzy step). */
export const EDGE_REACH = 3;

export interface BlankEdges {
  /** Blank lines before the first line with text… */
  lead: number;
  /** …and after the last one. */
  trail: number;
}

export function blankEdges(searchLines: readonly string[]): BlankEdges {
  let lead = 0;
  while (lead < searchLines.length && isBlank(searchLines[lead] as string)) lead++;
  let trail = 0;
  while (trail < searchLines.length - lead && isBlank(searchLines[searchLines.length - 1 - trail] as string)) trail++;
  return { lead, trail };
}

export type EdgeOutcome = { ok: true; match: BlockMatch } | { ok: false; searchLine: number; fileLine: number };

/**
 * Extends a block matched by the search without its blank edges (anchors already
 * in whole-search indexes) over the file's blank lines. Each blank edge line,
 * nearest the text first, takes the next blank file line outwards when it is
 * adjacent, or when the few lines before it all stand among the replacement's new
 * lines (the search missed them, and the replacement holds them). A blank edge
 * line the replacement removes while the next blank line stands a few lines
 * further is refused: how far the search was meant to reach is unknown. Any other
 * blank edge line is left unmatched.
 */
export function matchBlankEdges(
  fileLines: readonly string[],
  searchLines: readonly string[],
  edges: BlankEdges,
  match: BlockMatch,
  diff: LineDiff,
  replacementLines: readonly string[],
): EdgeOutcome {
  const added = diff.hunks.flatMap((hunk) => replacementLines.slice(hunk.replaceFrom, hunk.replaceTo)).map(normaliseWhitespace);
  const coversLeftOut = (over: readonly number[]) =>
    holdsInOrder(
      added,
      over.map((j) => normaliseWhitespace(fileLines[j] as string)),
    );

  const leading: [number, number][] = [];
  let first = match.first;
  for (let k = edges.lead - 1; k >= 0; k--) {
    const reach = nextBlank(fileLines, first - 1, -1);
    if (!reach) break;
    if (reach.over.length > 0 && !coversLeftOut(reach.over)) {
      if ((diff.keptAs[k] as number) === -1) return { ok: false, searchLine: k, fileLine: reach.at };
      break;
    }
    leading.unshift([k, reach.at]);
    first = reach.at;
  }

  const trailing: [number, number][] = [];
  let end = match.first + match.count;
  for (let k = searchLines.length - edges.trail; k < searchLines.length; k++) {
    const reach = nextBlank(fileLines, end, 1);
    if (!reach) break;
    if (reach.over.length > 0 && !coversLeftOut(reach.over)) {
      if ((diff.keptAs[k] as number) === -1) return { ok: false, searchLine: k, fileLine: reach.at };
      break;
    }
    trailing.push([k, reach.at]);
    end = reach.at + 1;
  }

  return { ok: true, match: { ...match, first, count: end - first, anchors: [...leading, ...match.anchors, ...trailing] } };
}

/** The first blank line from `from` in direction `step`, past at most EDGE_REACH lines with text (listed in `over`). */
function nextBlank(fileLines: readonly string[], from: number, step: 1 | -1): { at: number; over: number[] } | null {
  const over: number[] = [];
  for (let p = from; p >= 0 && p < fileLines.length; p += step) {
    if (isBlank(fileLines[p] as string)) return { at: p, over: step === 1 ? over : over.reverse() };
    if (over.length === EDGE_REACH) return null;
    over.push(p);
  }
  return null;
}

function holdsInOrder(lines: readonly string[], wanted: readonly string[]): boolean {
  let t = 0;
  for (const form of wanted) {
    while (t < lines.length && lines[t] !== form) t++;
    if (t === lines.length) return false;
    t++;
  }
  return true;
}
