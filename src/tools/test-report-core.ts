/** Shapes shared by the test-output parsers, and the line helpers they use. */

/** What a runner counted. `unit` says what: most runners count tests, go counts packages, the starter project test files. */
export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
  unit: 'tests' | 'packages' | 'test files';
}

/** One failing test: its name as the runner prints it, and the runner's block of output about it. */
export interface TestFailure {
  name: string;
  output: string;
}

export interface TestReport {
  /** Which format was recognised: "vitest", "jest", "node:test", "pytest", "go test", "cargo test", "mocha", "starter". */
  format: string;
  /** Null when the format was recognised but its totals were not printed (a crash before the summary). */
  counts: TestCounts | null;
  /** The runner's own summary line, as printed. */
  summaryLine: string | null;
  failures: TestFailure[];
}

export type TestReportParser = (lines: readonly string[]) => TestReport | null;

/** Index of the last line matching `pattern`, or -1. */
export function lastIndexMatching(lines: readonly string[], pattern: RegExp): number {
  for (let i = lines.length - 1; i >= 0; i--) if (pattern.test(lines[i] as string)) return i;
  return -1;
}

/** The number before `word` in a summary line ("3 passed" → 3), 0 when absent. */
export function countOf(line: string, word: string): number {
  const found = new RegExp(String.raw`(\d+) ${word}\b`).exec(line);
  return found ? Number(found[1]) : 0;
}

/**
 * The lines from `start` up to (not including) the first line after it for which `ends` is true,
 * without blank lines at either end.
 */
export function blockFrom(lines: readonly string[], start: number, ends: (line: string, index: number) => boolean): string {
  let end = start + 1;
  while (end < lines.length && !ends(lines[end] as string, end)) end++;
  const block = lines.slice(start, end);
  while (block.length > 0 && (block[block.length - 1] as string).trim() === '') block.pop();
  while (block.length > 0 && (block[0] as string).trim() === '') block.shift();
  return block.join('\n');
}

/** Leading spaces of a line. */
export function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}
