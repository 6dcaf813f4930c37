/** Parsers for pytest, go test, cargo test and the starter project's tests/run.sh. */
import { blockFrom, countOf, indentOf, lastIndexMatching, type TestFailure, type TestReportParser } from './test-report-core';

const PYTEST_COUNT = String.raw`\d+ (?:passed|failed|errors?|skipped|deselected|xfailed|xpassed|warnings?|rerun)`;
const PYTEST_SUMMARY = new RegExp(String.raw`^[=\s]*(?:${PYTEST_COUNT}(?:, ${PYTEST_COUNT})*|no tests ran) in \d+(?:\.\d+)?s\b`);
const PYTEST_SECTION = /^=+ (FAILURES|ERRORS) =+\s*$/;
const PYTEST_TEST_HEADER = /^_{3,} (.+?) _{3,}\s*$/;

/**
 * pytest: "===== 1 failed, 2 passed, 1 skipped in 0.12s =====" (no rules with -q); failures are
 * "____ test_name ____" blocks in the FAILURES and ERRORS sections.
 */
export const parsePytest: TestReportParser = (lines) => {
  const at = lastIndexMatching(lines, PYTEST_SUMMARY);
  const sectionAt = lines.findIndex((line) => PYTEST_SECTION.test(line));
  if (at < 0 && sectionAt < 0) return null;
  const summaryLine = at < 0 ? null : (lines[at] as string).replace(/^[=\s]+/, '').replace(/\s*=+\s*$/, '');
  const counts =
    summaryLine === null
      ? null
      : {
          passed: countOf(summaryLine, 'passed') + countOf(summaryLine, 'xpassed'),
          failed: countOf(summaryLine, 'failed') + countOf(summaryLine, 'errors?'),
          skipped: countOf(summaryLine, 'skipped') + countOf(summaryLine, 'xfailed'),
          unit: 'tests' as const,
        };
  const failures: TestFailure[] = [];
  let inSection = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (/^={3,}/.test(line)) inSection = PYTEST_SECTION.test(line);
    const header = inSection ? PYTEST_TEST_HEADER.exec(line) : null;
    if (!header) continue;
    const output = blockFrom(lines, i, (next) => PYTEST_TEST_HEADER.test(next) || /^={3,}/.test(next));
    failures.push({ name: header[1] as string, output });
  }
  return { format: 'pytest', counts, summaryLine, failures };
};

const GO_PACKAGE = /^(ok|FAIL|\?)\s+(\S+)\s+(?:\d+(?:\.\d+)?s|\(cached\)|\[[^\]]+\])/;
const GO_RESULT = /^(\s*)--- (PASS|FAIL|SKIP): (\S+)/;

/**
 * go test: a "ok  pkg 0.01s" / "FAIL pkg 0.02s" / "?  pkg [no test files]" line per package (a
 * package without test files, or where -run matched none, counts as skipped).
 * Without -v only failing tests are named ("--- FAIL: TestX (0.00s)" with their log lines
 * indented below), so passing counts are per package unless -v printed "--- PASS" lines.
 */
export const parseGoTest: TestReportParser = (lines) => {
  const packages = { passed: 0, failed: 0, skipped: 0 };
  const failedPackages: string[] = [];
  const tests = { passed: 0, failed: 0, skipped: 0 };
  for (const line of lines) {
    const pkg = GO_PACKAGE.exec(line);
    if (pkg) {
      // "ok  pkg 0.01s [no tests to run]": -run matched nothing there.
      if (pkg[1] === 'ok' && !line.includes('[no tests to run]')) packages.passed++;
      else if (pkg[1] === 'ok') packages.skipped++;
      else if (pkg[1] === 'FAIL') {
        packages.failed++;
        failedPackages.push(pkg[2] as string);
      } else packages.skipped++;
    }
    const result = GO_RESULT.exec(line);
    if (result && result[1] === '') {
      if (result[2] === 'PASS') tests.passed++;
      else if (result[2] === 'FAIL') tests.failed++;
      else tests.skipped++;
    }
  }
  const packageCount = packages.passed + packages.failed + packages.skipped;
  if (packageCount === 0 && tests.failed === 0 && tests.passed === 0) return null;

  const verbose = tests.passed > 0;
  const counts = verbose ? { ...tests, unit: 'tests' as const } : packageCount > 0 ? { ...packages, unit: 'packages' as const } : null;
  const summaryLine =
    packageCount === 0
      ? null
      : `go test: ${packages.passed} ok, ${packages.failed} FAIL${failedPackages.length > 0 ? ` (${failedPackages.join(', ')})` : ''}${
          packages.skipped > 0 ? `, ${packages.skipped} without tests to run` : ''
        }`;

  const failures: TestFailure[] = [];
  for (let i = 0; i < lines.length; i++) {
    const header = GO_RESULT.exec(lines[i] as string);
    if (!header || header[2] !== 'FAIL' || header[1] !== '') continue;
    const name = header[3] as string;
    const output = blockFrom(lines, i, (next) => /^(=== |--- |FAIL\b|ok\s|PASS\b|\?\s)/.test(next));
    failures.push({ name, output: output.includes('\n') ? output : `${output}\n${verboseLog(lines, i, name)}`.trimEnd() });
  }
  return { format: 'go test', counts, summaryLine, failures };
};

/** With -v, go prints a test's log between its "=== RUN" line and its result line. */
function verboseLog(lines: readonly string[], resultAt: number, name: string): string {
  let start = resultAt - 1;
  while (start >= 0 && !(lines[start] as string).startsWith(`=== RUN   ${name}`)) start--;
  if (start < 0) return '';
  const log = lines.slice(start + 1, resultAt).filter((line) => !/^=== (PAUSE|CONT)\s/.test(line));
  return log.length === 0 ? '' : `${log.join('\n')}\n`;
}

const CARGO_RESULT = /^\s*test result: (ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored/;
const CARGO_FAILURE = /^---- (.+?) stdout ----\s*$/;

/**
 * cargo test: one "test result: FAILED. 1 passed; 1 failed; 1 ignored; …" per test binary
 * (summed here); each failure's captured output is a "---- name stdout ----" block.
 */
export const parseCargoTest: TestReportParser = (lines) => {
  const results = lines.filter((line) => CARGO_RESULT.test(line));
  const blocks = lines.some((line) => CARGO_FAILURE.test(line));
  if (results.length === 0 && !blocks) return null;
  const counts = { passed: 0, failed: 0, skipped: 0, unit: 'tests' as const };
  for (const line of results) {
    const found = CARGO_RESULT.exec(line) as RegExpExecArray;
    counts.passed += Number(found[2]);
    counts.failed += Number(found[3]);
    counts.skipped += Number(found[4]);
  }
  const summaryLine = results.length === 0 ? null : (results.find((line) => line.includes('FAILED')) ?? (results[results.length - 1] as string)).trim();
  const failures: TestFailure[] = [];
  for (let i = 0; i < lines.length; i++) {
    const header = CARGO_FAILURE.exec(lines[i] as string);
    if (!header) continue;
    const output = blockFrom(lines, i, (next) => CARGO_FAILURE.test(next) || /^failures:\s*$/.test(next) || CARGO_RESULT.test(next));
    failures.push({ name: header[1] as string, output });
  }
  return { format: 'cargo test', counts: results.length === 0 ? null : counts, summaryLine, failures };
};

const STARTER_SUMMARY = /^\s*Test files: (\d+) passed, (\d+) failed\s*$/;
const STARTER_FAIL = /^ {2}FAIL - (.+)$/;

/**
 * The starter project's tests/run.sh: each test file's name on its own line, "  ok   - what"
 * or "  FAIL - what" with indented expected/actual lines, then "Test files: N passed, M failed".
 */
export const parseStarter: TestReportParser = (lines) => {
  const at = lastIndexMatching(lines, STARTER_SUMMARY);
  if (at < 0) return null;
  const summaryLine = (lines[at] as string).trim();
  const found = STARTER_SUMMARY.exec(summaryLine) as RegExpExecArray;
  const counts = { passed: Number(found[1]), failed: Number(found[2]), skipped: 0, unit: 'test files' as const };
  const failures: TestFailure[] = [];
  let file = '';
  for (let i = 0; i < at; i++) {
    const line = lines[i] as string;
    if (line.trim() !== '' && indentOf(line) === 0) file = line.trim();
    const header = STARTER_FAIL.exec(line);
    if (!header) continue;
    const output = blockFrom(lines, i, (next) => indentOf(next) <= 2 || next.trim() === '');
    failures.push({ name: file === '' ? (header[1] as string) : `${file}: ${header[1] as string}`, output });
  }
  return { format: 'starter', counts, summaryLine, failures };
};
