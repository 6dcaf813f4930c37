import { stripAnsi } from './output';

/**
 * Finds a test runner's own summary line in its output, so run_tests can lead
 * with it. Returns null when no known format appears.
 */
type SummaryFinder = (lines: string[]) => string | null;

const lastMatching = (lines: string[], pattern: RegExp): string | null => {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] as string;
    if (pattern.test(line)) return line.trim();
  }
  return null;
};

/** The starter project's tests/run.sh: "Test files: 1 passed, 0 failed". */
const starter: SummaryFinder = (lines) => lastMatching(lines, /^\s*Test files: \d+ passed, \d+ failed\s*$/);

/** jest "Tests:       1 failed, 2 passed, 3 total"; vitest "      Tests  1 failed | 2 passed (3)". */
const jestOrVitest: SummaryFinder = (lines) => {
  const line = lastMatching(lines, /^\s*Tests:?\s+.*\b\d+ (passed|failed|skipped|todo|total)\b/);
  return line === null ? null : line.replace(/^Tests:?\s+/, 'Tests: ');
};

/** pytest "===== 1 failed, 2 passed in 0.12s =====" (or without the rules under -q). */
const pytest: SummaryFinder = (lines) => {
  const counts = String.raw`\d+ (?:passed|failed|errors?|skipped|deselected|xfailed|xpassed|warnings?|rerun)`;
  const line = lastMatching(lines, new RegExp(String.raw`^[=\s]*(?:${counts}(?:, ${counts})*|no tests ran) in \d+(?:\.\d+)?s\b`));
  return line === null ? null : line.replace(/^=+\s*/, '').replace(/\s*=+$/, '');
};

/** cargo: one "test result: ok. 3 passed; 0 failed; …" per test binary; a failing one wins. */
const cargo: SummaryFinder = (lines) => {
  const results = lines.map((line) => line.trim()).filter((line) => line.startsWith('test result:'));
  if (results.length === 0) return null;
  return results.find((line) => line.startsWith('test result: FAILED')) ?? (results[results.length - 1] as string);
};

/** go: one "ok  pkg 0.01s" or "FAIL pkg 0.02s" line per package. */
const goTest: SummaryFinder = (lines) => {
  let passed = 0;
  const failed: string[] = [];
  for (const line of lines) {
    const match = /^(ok|FAIL)\s+(\S+)/.exec(line);
    if (!match) continue;
    if (match[1] === 'ok') passed++;
    else failed.push(match[2] as string);
  }
  if (passed === 0 && failed.length === 0) return null;
  const packages = (n: number) => `${n} package${n === 1 ? '' : 's'}`;
  return failed.length === 0
    ? `go test: ${packages(passed)} ok`
    : `go test: ${packages(passed)} ok, ${packages(failed.length)} FAIL (${failed.join(', ')})`;
};

const FINDERS: readonly SummaryFinder[] = [starter, jestOrVitest, pytest, cargo, goTest];

export function findTestSummary(output: string): string | null {
  const lines = stripAnsi(output).split(/\r?\n/);
  for (const find of FINDERS) {
    const summary = find(lines);
    if (summary !== null) return summary;
  }
  return null;
}
