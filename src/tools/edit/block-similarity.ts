import { levenshtein } from '../../protocol/levenshtein';

/**
 * Similarity of two blocks of lines over their WHOLE text: a line-aware edit
 * distance where each search line is either paired with one block line (costing
 * their character edit distance) or left unpaired (costing its length plus its
 * newline), normalised by the longer block. 1 means identical. Lines are only
 * paired when at least half alike: a line swapped for a different one counts as
 * removed and added, so a block cannot win by pairing unrelated lines cheaply.
 */

/**
 * With `anchored`, the first and last search lines must be paired: a block that
 * leaves out an edge line of the search would otherwise win by dropping a short
 * edge line (a brace, a blank line) rather than skipping a long missing line.
 */

/** A pair may differ in at most this share of the longer line's characters. */
export const MAX_PAIR_DIFFERENCE = 0.5;

export interface BlockLines {
  /** Code points of each (whitespace-normalised) line. */
  lines: readonly (readonly number[])[];
  /** Sum of line lengths plus one newline per line. */
  total: number;
}

export interface Alignment {
  similarity: number;
  /** (search line, block line) index pairs that were paired, in order. */
  pairs: [number, number][];
}

export function blockOf(lines: readonly (readonly number[])[]): BlockLines {
  return { lines, total: lines.reduce((sum, line) => sum + line.length + 1, 0) };
}

/** `distance(k, j)` gives the edit distance of search line k and block line j (callers cache it). */
export function alignBlocks(
  search: BlockLines,
  block: BlockLines,
  distance: (k: number, j: number) => number = (k, j) => levenshtein(search.lines[k] as number[], block.lines[j] as number[]),
  anchored = true,
): Alignment {
  const rows = search.lines.length;
  const mayLeaveOut = (k: number) => !anchored || (k !== 0 && k !== rows - 1);
  const cols = block.lines.length;
  const width = cols + 1;
  // A line left unpaired costs its length and its newline.
  const searchCost = Int32Array.from(search.lines, (line) => line.length + 1);
  const blockCost = Int32Array.from(block.lines, (line) => line.length + 1);
  const cost = new Float64Array((rows + 1) * width);
  // 0 = paired, 1 = search line unpaired, 2 = block line unpaired
  const step = new Uint8Array((rows + 1) * width);
  for (let i = 1; i <= rows; i++) {
    cost[i * width] = mayLeaveOut(i - 1) ? (cost[(i - 1) * width] as number) + (searchCost[i - 1] as number) : Infinity;
    step[i * width] = 1;
  }
  for (let j = 1; j <= cols; j++) {
    cost[j] = (cost[j - 1] as number) + (blockCost[j - 1] as number);
    step[j] = 2;
  }
  for (let i = 1; i <= rows; i++) {
    const searchLength = (searchCost[i - 1] as number) - 1;
    const leaveOut = mayLeaveOut(i - 1);
    for (let j = 1; j <= cols; j++) {
      const blockLength = (blockCost[j - 1] as number) - 1;
      const allowed = MAX_PAIR_DIFFERENCE * Math.max(searchLength, blockLength);
      // Lines whose lengths alone differ by more than a pair may are never compared.
      const difference = Math.abs(searchLength - blockLength) > allowed ? Infinity : distance(i - 1, j - 1);
      const paired = difference <= allowed ? (cost[(i - 1) * width + j - 1] as number) + difference : Infinity;
      const searchAlone = leaveOut ? (cost[(i - 1) * width + j] as number) + searchLength + 1 : Infinity;
      const blockAlone = (cost[i * width + j - 1] as number) + blockLength + 1;
      let best = paired;
      let choice = 0;
      if (searchAlone < best) {
        best = searchAlone;
        choice = 1;
      }
      if (blockAlone < best) {
        best = blockAlone;
        choice = 2;
      }
      cost[i * width + j] = best;
      step[i * width + j] = choice;
    }
  }
  const pairs: [number, number][] = [];
  let i = rows;
  let j = cols;
  while (i > 0 || j > 0) {
    const choice = step[i * width + j];
    if (choice === 0) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (choice === 1) {
      i--;
    } else {
      j--;
    }
  }
  pairs.reverse();
  const longest = Math.max(search.total, block.total);
  const total = cost[rows * width + cols] as number;
  if (!Number.isFinite(total)) return { similarity: 0, pairs: [] };
  return { similarity: longest === 0 ? 1 : Math.max(0, 1 - total / longest), pairs };
}
