/** Parsers for the JavaScript runners: vitest, jest and mocha (default reporters). */
import { blockFrom, countOf, lastIndexMatching, type TestFailure, type TestReportParser } from './test-report-core';

const VITEST_SEPARATOR = /^\s*⎯{3,}/;
const VITEST_FAIL = /^\s*FAIL\s+(.+?)\s*$/;

/**
 * vitest: "      Tests  1 failed | 2 passed | 1 skipped (4)" near the end; each failure starts with
 * " FAIL  file > suite > test" under "Failed Tests N", its error below, until a ⎯⎯⎯ rule.
 * Tests failing with the same error are listed as consecutive FAIL lines above one error block.
 */
export const parseVitest: TestReportParser = (lines) => {
  const at = lastIndexMatching(lines, /^\s*Tests\s{2,}.*\(\d+\)\s*$/);
  const section = lines.findIndex((line) => /⎯+\s*Failed (Tests|Suites) \d+\s*⎯+/.test(line));
  if (at < 0 && section < 0) return null;
  const summaryLine = at < 0 ? null : (lines[at] as string).trim().replace(/^Tests\s+/, 'Tests  ');
  const counts = summaryLine === null ? null : testCounts(summaryLine);

  const failures: TestFailure[] = [];
  const filesAt = lastIndexMatching(lines, /^\s*Test Files\s{2,}/);
  const end = filesAt >= 0 ? filesAt : at >= 0 ? at : lines.length;
  for (let i = Math.max(section, 0); i < end; i++) {
    const header = VITEST_FAIL.exec(lines[i] as string);
    if (!header) continue;
    let seenBody = false;
    const output = blockFrom(lines.slice(0, end), i, (line) => {
      if (VITEST_SEPARATOR.test(line)) return true;
      if (VITEST_FAIL.test(line)) return seenBody;
      if (line.trim() !== '') seenBody = true;
      return false;
    });
    failures.push({ name: header[1] as string, output });
  }
  return { format: 'vitest', counts, summaryLine, failures };
};

const JEST_BULLET = /^\s*● (.+?)\s*$/;
const JEST_FILE = /^\s?(PASS|FAIL)\s+(\S.*?)\s*$/;

/**
 * jest: "Tests:       1 failed, 1 skipped, 3 passed, 5 total"; each failure is a "  ● suite › test"
 * block under its " FAIL  file" line. "● Console" blocks are console output, not failures.
 */
export const parseJest: TestReportParser = (lines) => {
  const at = lastIndexMatching(lines, /^\s*Tests:\s+.*\b\d+ total\b/);
  const hasSuites = lastIndexMatching(lines, /^\s*Test Suites:\s/) >= 0;
  if (at < 0 && !hasSuites) return null;
  const summaryLine = at < 0 ? null : (lines[at] as string).trim().replace(/^Tests:\s+/, 'Tests: ');
  const counts = summaryLine === null ? null : testCounts(summaryLine);

  const failures: TestFailure[] = [];
  const seen = new Set<string>();
  let file = '';
  const stop = lines.findIndex((line) => /^\s*(Summary of all failing tests|Test Suites:)/.test(line));
  const end = stop < 0 ? lines.length : stop;
  for (let i = 0; i < end; i++) {
    const line = lines[i] as string;
    const fileHeader = JEST_FILE.exec(line);
    if (fileHeader) {
      file = fileHeader[2] as string;
      continue;
    }
    const bullet = JEST_BULLET.exec(line);
    if (!bullet || /^Console\b/.test(bullet[1] as string)) continue;
    const title = bullet[1] as string;
    const name = title === 'Test suite failed to run' && file !== '' ? `${file}: ${title}` : title;
    if (seen.has(name)) continue;
    seen.add(name);
    const output = blockFrom(lines.slice(0, end), i, (next) => JEST_BULLET.test(next) || JEST_FILE.test(next));
    failures.push({ name, output });
  }
  return { format: 'jest', counts, summaryLine, failures };
};

const MOCHA_FAILURE = /^\s*(\d+)\) (.*)$/;

/**
 * mocha (spec reporter): "  2 passing (8ms)", "  1 pending", "  1 failing", then numbered
 * failures "  1) suite\n       test:\n     Error: …" until the next number.
 */
export const parseMocha: TestReportParser = (lines) => {
  const passingAt = lastIndexMatching(lines, /^\s*\d+ passing\b/);
  const failingAt = lastIndexMatching(lines, /^\s*\d+ failing\s*$/);
  if (passingAt < 0 && failingAt < 0) return null;
  const pendingAt = lastIndexMatching(lines, /^\s*\d+ pending\s*$/);
  const number = (index: number) => (index < 0 ? 0 : Number(/\d+/.exec(lines[index] as string)?.[0] ?? 0));
  const counts = { passed: number(passingAt), failed: number(failingAt), skipped: number(pendingAt), unit: 'tests' as const };
  const summaryLine = [passingAt, pendingAt, failingAt]
    .filter((index) => index >= 0)
    .map((index) => (lines[index] as string).trim())
    .join(', ');

  const failures: TestFailure[] = [];
  for (let i = failingAt + 1; failingAt >= 0 && i < lines.length; i++) {
    const header = MOCHA_FAILURE.exec(lines[i] as string);
    if (!header) continue;
    // The title runs over several lines (suite, then test) and ends with ":".
    const title = [(header[2] as string).trim()];
    let j = i;
    while (!(title[title.length - 1] as string).endsWith(':') && j + 1 < lines.length && title.length < 6) {
      j++;
      const next = (lines[j] as string).trim();
      if (next === '') break;
      title.push(next);
    }
    const name = title.join(' ').replace(/:$/, '');
    const output = blockFrom(lines, i, (next) => MOCHA_FAILURE.test(next));
    failures.push({ name, output });
  }
  return { format: 'mocha', counts, summaryLine, failures };
};

/** Counts from a vitest or jest "Tests" line; todo tests count as skipped. */
function testCounts(summaryLine: string) {
  return {
    passed: countOf(summaryLine, 'passed'),
    failed: countOf(summaryLine, 'failed'),
    skipped: countOf(summaryLine, 'skipped') + countOf(summaryLine, 'todo'),
    unit: 'tests' as const,
  };
}
