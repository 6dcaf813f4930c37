// Kept, not fastest-levenshtein: it counts UTF-16 units ("a👋b" → "ab" is 2, not 1), while the edit engine measures code points.
/** Beyond this many DP cells a line pair is not compared in full (minified code, data lines). */
const MAX_CELLS = 1_000_000;

/**
 * Edit distance between two code point sequences. Common prefix and suffix are
 * skipped first; when what remains is too large to compare it returns the
 * longest remaining length, which can only overstate the distance. With `limit`,
 * a distance over it is not computed to the end: some value over `limit` is returned.
 * `meter.cells` grows by the table cells computed, for callers that bound their work.
 */
export function levenshtein(a: readonly number[], b: readonly number[], limit = Infinity, meter?: { cells: number }): number {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0) return m;
  if (m === 0) return n;
  if (Math.abs(n - m) > limit) return Math.abs(n - m);
  if (n * m > MAX_CELLS) return Math.max(n, m);

  let previous = new Int32Array(m + 1);
  let current = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let rowMinimum = i;
    const charA = a[start + i - 1];
    for (let j = 1; j <= m; j++) {
      const substitute = (previous[j - 1] as number) + (charA === b[start + j - 1] ? 0 : 1);
      const remove = (previous[j] as number) + 1;
      const insert = (current[j - 1] as number) + 1;
      const cell = Math.min(substitute, remove, insert);
      current[j] = cell;
      if (cell < rowMinimum) rowMinimum = cell;
    }
    if (meter) meter.cells += m;
    // Every path to the end passes through this row, and no cell after it is smaller.
    if (rowMinimum > limit) return rowMinimum;
    [previous, current] = [current, previous];
  }
  return previous[m] as number;
}

/** Code points of a string, so that an emoji or a CJK character counts as one. */
export function codePoints(text: string): number[] {
  const out: number[] = [];
  for (const char of text) out.push(char.codePointAt(0) as number);
  return out;
}
