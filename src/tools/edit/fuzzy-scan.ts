import { codePoints, levenshtein } from '../../protocol/levenshtein';
import { alignBlocks, type BlockLines, blockOf, MAX_PAIR_DIFFERENCE } from './block-similarity';
import { windowBounds } from './window-bounds';

/**
 * At most this many table cells (characters compared in line distances, line pairs in
 * alignments) per scan, under a second of comparisons (bench/edit-speed.ts): a file made of
 * many near copies of the search (generated code, a long repetitive table) would otherwise
 * keep the scan going for a minute. Real edits stay below: the accuracy bench's at a few
 * million, a 200-line search in a 15,000-line file at 30 million.
 */
export const SCAN_CELL_LIMIT = 40_000_000;
/** What comparing a block costs besides its cells (its tables and pairs), in cells: measured as about 1,000. */
const BLOCK_CELLS = 1_000;

/** The contenders, and whether every block that could be one was compared (false: the cell limit stopped the scan). */
export interface Contenders {
  windows: FuzzyWindow[];
  complete: boolean;
}

/** A block of file lines compared with the whole search. */
export interface FuzzyWindow {
  start: number;
  count: number;
  similarity: number;
  /** (search line, FILE line index) pairs from the alignment. */
  pairs: [number, number][];
}

/**
 * Scores blocks of K-1, K and K+1 file lines against the K search lines (all
 * lines already whitespace-normalised). Comparing a block is costly, so each gets
 * a cheap upper bound on its similarity first, from character and character-pair
 * counts (window-bounds.ts); blocks are then compared in full in order of
 * decreasing bound, only as long as the bound can still matter.
 */
export class FuzzyScanner {
  private readonly search: BlockLines;
  private readonly fileCodePoints = new Map<number, number[]>();
  /** Per file line, its distance to each search line (-1: not computed yet). */
  private readonly distances = new Map<number, Int32Array>();
  private readonly starts: Int32Array;
  private readonly counts: Int32Array;
  private readonly bounds: Float64Array;
  /** Table cells computed so far: of the line distances (characters) and of the alignments (lines). */
  private readonly work = { cells: 0 };

  constructor(
    private readonly fileLines: readonly string[],
    searchLines: readonly string[],
  ) {
    this.search = blockOf(searchLines.map(codePoints));
    const sizes = [searchLines.length - 1, searchLines.length, searchLines.length + 1].filter((size) => size >= 1 && size <= fileLines.length);
    ({ starts: this.starts, counts: this.counts, bounds: this.bounds } = windowBounds(fileLines, this.search.lines, this.search.total, sizes));
  }

  /**
   * The best block and every block within `margin` of it (even below `floor`),
   * best first; empty when no block reaches `floor`. Scoring stops once no
   * unscored block's bound reaches max(floor, best) - margin, so the answer is the
   * same as scoring all of them. Past the cell limit it stops anyway and says so
   * (`complete` false), with the blocks it found within `margin` of the best so far.
   */
  contenders(floor: number, margin: number): Contenders {
    const found: FuzzyWindow[] = [];
    let best = -Infinity;
    let complete = true;
    for (const i of this.byBound(floor - margin)) {
      if ((this.bounds[i] as number) < Math.max(floor, best) - margin) break;
      if (this.work.cells > SCAN_CELL_LIMIT) {
        complete = false;
        break;
      }
      const window = this.score(this.starts[i] as number, this.counts[i] as number);
      found.push(window);
      best = Math.max(best, window.similarity);
    }
    const windows = best < floor ? [] : found.filter((window) => window.similarity >= best - margin).sort(byBest(this.search.lines.length));
    return { windows, complete };
  }

  /**
   * The most similar block among the `limit` with the highest bounds (for "not found" messages);
   * past the cell limit, among those compared by then (at least one).
   */
  closest(limit = 40): FuzzyWindow | null {
    const scored: FuzzyWindow[] = [];
    for (const i of this.byBound(this.nthHighestBound(limit)).slice(0, limit)) {
      if (scored.length > 0 && this.work.cells > SCAN_CELL_LIMIT) break;
      scored.push(this.score(this.starts[i] as number, this.counts[i] as number, false));
    }
    return scored.sort(byBest(this.search.lines.length))[0] ?? null;
  }

  /** Indexes of the blocks whose bound is at least `minimum`, highest bound first. */
  private byBound(minimum: number): number[] {
    const picked: number[] = [];
    for (let i = 0; i < this.bounds.length; i++) if ((this.bounds[i] as number) >= minimum) picked.push(i);
    return picked.sort((a, b) => (this.bounds[b] as number) - (this.bounds[a] as number));
  }

  private nthHighestBound(n: number): number {
    if (this.bounds.length === 0) return Infinity;
    const sorted = Float64Array.from(this.bounds).sort();
    return sorted[Math.max(0, sorted.length - n)] as number;
  }

  private score(start: number, count: number, anchored = true): FuzzyWindow {
    const lines: number[][] = [];
    const rows: Int32Array[] = [];
    for (let j = start; j < start + count; j++) {
      lines.push(this.codePointsOf(j));
      rows.push(this.distancesOf(j));
    }
    this.work.cells += BLOCK_CELLS + (this.search.lines.length + 1) * (count + 1);
    const distance = (k: number, j: number): number => {
      const known = (rows[j] as Int32Array)[k] as number;
      return known === -1 ? this.distance(k, start + j, rows[j] as Int32Array) : known;
    };
    const alignment = alignBlocks(this.search, blockOf(lines), distance, anchored);
    return { start, count, similarity: alignment.similarity, pairs: alignment.pairs.map(([k, j]) => [k, start + j]) };
  }

  /** A file line's distances to the search lines found so far (-1: not yet). */
  private distancesOf(fileIndex: number): Int32Array {
    let row = this.distances.get(fileIndex);
    if (!row) {
      row = new Int32Array(this.search.lines.length).fill(-1);
      this.distances.set(fileIndex, row);
    }
    return row;
  }

  /**
   * The edit distance of search line k and a file line, exact up to the most a pair may differ
   * (alignBlocks pairs no lines further apart, so past that any larger value gives the same alignment).
   */
  private distance(k: number, fileIndex: number, row: Int32Array): number {
    const searchLine = this.search.lines[k] as number[];
    const fileLine = this.codePointsOf(fileIndex);
    const value = levenshtein(searchLine, fileLine, Math.floor(MAX_PAIR_DIFFERENCE * Math.max(searchLine.length, fileLine.length)), this.work);
    row[k] = value;
    return value;
  }

  private codePointsOf(index: number): number[] {
    let points = this.fileCodePoints.get(index);
    if (!points) {
      points = codePoints(this.fileLines[index] ?? '');
      this.fileCodePoints.set(index, points);
    }
    return points;
  }
}

/** Higher similarity first; on a tie the block as long as the search, then the earlier one. */
function byBest(searchCount: number) {
  return (a: FuzzyWindow, b: FuzzyWindow): number =>
    b.similarity - a.similarity || Number(a.count !== searchCount) - Number(b.count !== searchCount) || a.start - b.start;
}
