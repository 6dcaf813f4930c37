import { type BlockLines, alignBlocks, blockOf } from './block-similarity';
import { codePoints, levenshtein } from './levenshtein';

/** A block of file lines compared with the whole search. */
export interface FuzzyWindow {
  start: number;
  count: number;
  similarity: number;
  /** (search line, FILE line index) pairs from the alignment. */
  pairs: [number, number][];
}

const NEWLINE = 10;

/**
 * Scores blocks of K-1, K and K+1 file lines against the K search lines (all
 * lines already whitespace-normalised). Comparing a block is costly, so each gets
 * a cheap upper bound on its similarity first, from character counts (one edit
 * moves at most one count up and one down); blocks are then compared in full in
 * order of decreasing bound, only as long as the bound can still matter.
 */
export class FuzzyScanner {
  private readonly search: BlockLines;
  private readonly fileCodePoints = new Map<number, number[]>();
  private readonly distances = new Map<number, number>();
  private readonly starts: Int32Array;
  private readonly counts: Int32Array;
  private readonly bounds: Float64Array;
  private order: Int32Array | undefined;

  constructor(
    private readonly fileLines: readonly string[],
    searchLines: readonly string[],
  ) {
    this.search = blockOf(searchLines.map(codePoints));
    const sizes = [searchLines.length - 1, searchLines.length, searchLines.length + 1].filter((size) => size >= 1 && size <= fileLines.length);
    const total = sizes.reduce((sum, size) => sum + fileLines.length - size + 1, 0);
    this.starts = new Int32Array(total);
    this.counts = new Int32Array(total);
    this.bounds = new Float64Array(total);
    this.computeBounds(sizes);
  }

  /**
   * The best block and every block within `margin` of it, best first; empty when
   * no block reaches `floor`. Scoring stops once no unscored block's bound
   * reaches `best - margin`, so the answer is the same as scoring all of them.
   */
  contenders(floor: number, margin: number): FuzzyWindow[] {
    const found: FuzzyWindow[] = [];
    let best = -Infinity;
    for (const i of this.byBound()) {
      if ((this.bounds[i] as number) < Math.max(floor, best - margin)) break;
      const window = this.score(this.starts[i] as number, this.counts[i] as number);
      found.push(window);
      best = Math.max(best, window.similarity);
    }
    if (best < floor) return [];
    return found.filter((window) => window.similarity >= best - margin).sort(byBest(this.search.lines.length));
  }

  /** The most similar block among the `limit` with the highest bounds (for "not found" messages). */
  closest(limit = 40): FuzzyWindow | null {
    const scored = [...this.byBound().subarray(0, limit)].map((i) => this.score(this.starts[i] as number, this.counts[i] as number));
    return scored.sort(byBest(this.search.lines.length))[0] ?? null;
  }

  private byBound(): Int32Array {
    if (!this.order) {
      const order = new Int32Array(this.bounds.length);
      for (let i = 0; i < order.length; i++) order[i] = i;
      this.order = order.sort((a, b) => (this.bounds[b] as number) - (this.bounds[a] as number));
    }
    return this.order;
  }

  private score(start: number, count: number): FuzzyWindow {
    const lines: number[][] = [];
    for (let j = start; j < start + count; j++) lines.push(this.codePointsOf(j));
    const alignment = alignBlocks(this.search, blockOf(lines), (k, j) => this.distance(k, start + j));
    return { start, count, similarity: alignment.similarity, pairs: alignment.pairs.map(([k, j]) => [k, start + j]) };
  }

  private distance(k: number, fileIndex: number): number {
    const key = fileIndex * this.search.lines.length + k;
    let value = this.distances.get(key);
    if (value === undefined) {
      value = levenshtein(this.search.lines[k] as number[], this.codePointsOf(fileIndex));
      this.distances.set(key, value);
    }
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

  private computeBounds(sizes: readonly number[]): void {
    const { buckets, lineStarts, alphabetSize } = this.bucketise();
    const wanted = new Int32Array(alphabetSize);
    for (const line of this.search.lines) {
      for (const point of line) wanted[this.bucketOf(point)] = (wanted[this.bucketOf(point)] as number) + 1;
      wanted[0] = (wanted[0] as number) + 1;
    }
    const add = (counts: Int32Array, line: number, sign: number): void => {
      const end = lineStarts[line + 1] as number;
      for (let p = lineStarts[line] as number; p < end; p++) {
        const bucket = buckets[p] as number;
        counts[bucket] = (counts[bucket] as number) + sign;
      }
    };

    let slot = 0;
    for (const size of sizes) {
      const counts = new Int32Array(alphabetSize);
      for (let j = 0; j < size; j++) add(counts, j, 1);
      for (let start = 0; start + size <= this.fileLines.length; start++) {
        if (start > 0) {
          add(counts, start - 1, -1);
          add(counts, start + size - 1, 1);
        }
        let surplus = 0;
        let shortage = 0;
        let total = 0;
        for (let c = 0; c < alphabetSize; c++) {
          const have = counts[c] as number;
          const difference = have - (wanted[c] as number);
          total += have;
          if (difference > 0) surplus += difference;
          else shortage -= difference;
        }
        this.starts[slot] = start;
        this.counts[slot] = size;
        this.bounds[slot] = 1 - Math.max(surplus, shortage) / Math.max(total, this.search.total);
        slot++;
      }
    }
  }

  private alphabet: Map<number, number> | undefined;

  /** Bucket of a code point: its own for characters of the search (newline is 0), one shared bucket for the rest. */
  private bucketOf(point: number): number {
    if (!this.alphabet) {
      this.alphabet = new Map([[NEWLINE, 0]]);
      for (const line of this.search.lines) for (const p of line) if (!this.alphabet.has(p)) this.alphabet.set(p, this.alphabet.size);
    }
    return this.alphabet.get(point) ?? this.alphabet.size;
  }

  /** Every file line as buckets (its newline included), flat, so the sliding windows only add integers. */
  private bucketise(): { buckets: Uint16Array; lineStarts: Int32Array; alphabetSize: number } {
    const other = this.bucketOf(NEWLINE) === 0 ? (this.alphabet as Map<number, number>).size : 0;
    const table = new Uint16Array(0x10000).fill(other);
    for (const [point, bucket] of this.alphabet as Map<number, number>) if (point < 0x10000) table[point] = bucket;
    let capacity = this.fileLines.length;
    for (const line of this.fileLines) capacity += line.length;
    const buckets = new Uint16Array(capacity);
    const lineStarts = new Int32Array(this.fileLines.length + 1);
    let p = 0;
    for (let j = 0; j < this.fileLines.length; j++) {
      lineStarts[j] = p;
      const line = this.fileLines[j] as string;
      for (let i = 0; i < line.length; i++) {
        const unit = line.charCodeAt(i);
        if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < line.length) {
          buckets[p++] = this.bucketOf(line.codePointAt(i) as number);
          i++;
        } else {
          buckets[p++] = table[unit] as number;
        }
      }
      buckets[p++] = 0;
    }
    lineStarts[this.fileLines.length] = p;
    return { buckets, lineStarts, alphabetSize: other + 1 };
  }
}

/** Higher similarity first; on a tie the block as long as the search, then the earlier one. */
function byBest(searchCount: number) {
  return (a: FuzzyWindow, b: FuzzyWindow): number =>
    b.similarity - a.similarity || Number(a.count !== searchCount) - Number(b.count !== searchCount) || a.start - b.start;
}
