import { codePoints, levenshtein } from '../../protocol/levenshtein';
import { alignBlocks, type BlockLines, blockOf } from './block-similarity';

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
  private readonly alphabet: Map<number, number>;

  constructor(
    private readonly fileLines: readonly string[],
    searchLines: readonly string[],
  ) {
    this.search = blockOf(searchLines.map(codePoints));
    this.alphabet = alphabetOf(this.search);
    const sizes = [searchLines.length - 1, searchLines.length, searchLines.length + 1].filter((size) => size >= 1 && size <= fileLines.length);
    const total = sizes.reduce((sum, size) => sum + fileLines.length - size + 1, 0);
    this.starts = new Int32Array(total);
    this.counts = new Int32Array(total);
    this.bounds = new Float64Array(total);
    this.computeBounds(sizes);
  }

  /**
   * The best block and every block within `margin` of it (even below `floor`),
   * best first; empty when no block reaches `floor`. Scoring stops once no
   * unscored block's bound reaches max(floor, best) - margin, so the answer is the
   * same as scoring all of them.
   */
  contenders(floor: number, margin: number): FuzzyWindow[] {
    const found: FuzzyWindow[] = [];
    let best = -Infinity;
    for (const i of this.byBound(floor - margin)) {
      if ((this.bounds[i] as number) < Math.max(floor, best) - margin) break;
      const window = this.score(this.starts[i] as number, this.counts[i] as number);
      found.push(window);
      best = Math.max(best, window.similarity);
    }
    if (best < floor) return [];
    return found.filter((window) => window.similarity >= best - margin).sort(byBest(this.search.lines.length));
  }

  /** The most similar block among the `limit` with the highest bounds (for "not found" messages). */
  closest(limit = 40): FuzzyWindow | null {
    const scored = this.byBound(this.nthHighestBound(limit))
      .slice(0, limit)
      .map((i) => this.score(this.starts[i] as number, this.counts[i] as number, false));
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
    for (let j = start; j < start + count; j++) lines.push(this.codePointsOf(j));
    const alignment = alignBlocks(this.search, blockOf(lines), (k, j) => this.distance(k, start + j), anchored);
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

    let slot = 0;
    const lineCount = this.fileLines.length;
    for (const size of sizes) {
      // excess[c] = window count - wanted count; surplus and shortage follow it one character at a time.
      const excess = new Int32Array(alphabetSize);
      let shortage = 0;
      for (let c = 0; c < alphabetSize; c++) {
        excess[c] = -(wanted[c] as number);
        shortage += wanted[c] as number;
      }
      let surplus = 0;
      let total = 0;
      for (let start = 1 - size; start + size <= lineCount; start++) {
        // Slide: the line start + size - 1 comes in, the line start - 1 goes out.
        const incoming = start + size - 1;
        for (let p = lineStarts[incoming] as number, end = lineStarts[incoming + 1] as number; p < end; p++) {
          const c = buckets[p] as number;
          const before = excess[c] as number;
          if (before >= 0) surplus++;
          else shortage--;
          excess[c] = before + 1;
          total++;
        }
        if (start > 0) {
          for (let p = lineStarts[start - 1] as number, end = lineStarts[start] as number; p < end; p++) {
            const c = buckets[p] as number;
            const before = excess[c] as number;
            if (before > 0) surplus--;
            else shortage++;
            excess[c] = before - 1;
            total--;
          }
        }
        if (start < 0) continue;
        this.starts[slot] = start;
        this.counts[slot] = size;
        this.bounds[slot] = 1 - Math.max(surplus, shortage) / Math.max(total, this.search.total);
        slot++;
      }
    }
  }

  /** Bucket of a code point: its own for characters of the search (newline is 0), one shared bucket for the rest. */
  private bucketOf(point: number): number {
    return this.alphabet.get(point) ?? this.alphabet.size;
  }

  /** Every file line as buckets (its newline included), flat, so the sliding windows only add integers. */
  private bucketise(): { buckets: Uint16Array; lineStarts: Int32Array; alphabetSize: number } {
    const other = this.alphabet.size;
    const table = new Uint16Array(0x10000).fill(other);
    for (const [point, bucket] of this.alphabet) if (point < 0x10000) table[point] = bucket;
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

/**
 * Buckets for the characters of the search, newline first. Past 65,535 of them
 * (buckets are 16-bit) the rest share the "other" bucket: merging buckets only
 * loosens the bound, it never makes it wrong.
 */
function alphabetOf(search: BlockLines): Map<number, number> {
  const alphabet = new Map<number, number>([[NEWLINE, 0]]);
  for (const line of search.lines) {
    for (const point of line) if (!alphabet.has(point) && alphabet.size < 0xffff) alphabet.set(point, alphabet.size);
  }
  return alphabet;
}

/** Higher similarity first; on a tie the block as long as the search, then the earlier one. */
function byBest(searchCount: number) {
  return (a: FuzzyWindow, b: FuzzyWindow): number =>
    b.similarity - a.similarity || Number(a.count !== searchCount) - Number(b.count !== searchCount) || a.start - b.start;
}
