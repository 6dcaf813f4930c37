/**
 * "No tests ran": a run that found or selected no test is neither a pass nor a failure. run_tests
 * and the engine's final check both ask here, after the runner finished (not timed out, not stopped).
 */
import { stripAnsi } from './output';
import type { TestReport } from './test-report-core';

/** How the runner ended. */
export interface RunnerExit {
  exitCode: number;
  timedOut: boolean;
  aborted: boolean;
}

/**
 * The runners' own words for finding nothing, whatever their exit code: vitest, mocha, jest, pytest
 * (collection, and exit 5's summary), unittest (3.12+ exits 5 and says "NO TESTS RAN"; before, "Ran 0
 * tests" and exit 0), go, cargo and node:test's counts (the parsed report covers those).
 */
const NOTHING_FOUND: readonly RegExp[] = [
  /^\s*(?:Error: )?No test files found\b.*$/m,
  /^\s*No tests found\b.*$/m,
  /^\s*collected 0 items\b.*$/m,
  /^\s*NO TESTS RAN\s*$/m,
  /^\s*Ran 0 tests in\b.*$/m,
  /^\s*no packages to test\b.*$/m,
  /^.*matched no packages\s*$/m,
];

/** unittest says what failed in one line at its end, as pytest and the rest do in their summaries. */
const UNITTEST_FAILED = /^FAILED \((?:failures|errors)=\d+/m;

/** A summary line of the JS runners naming failed suites or files: a file that did not load is no "no tests". */
const SUITES_FAILED = /^\s*Test (?:Suites:|Files)\s.*\b[1-9]\d* failed\b/m;

/** pytest's exit code for "no tests were collected" (also when -k deselected them all). */
const PYTEST_NO_TESTS = 5;

/**
 * The runner's own line saying no test ran, or null when tests ran (or the run failed for another
 * reason). Zero counted tests (all skipped or deselected count too) with no failure named is "no
 * tests"; so are the runners' "nothing found" messages. A non-zero exit counts only with those
 * messages or pytest's and unittest's exit 5, so a script whose other step failed is still a failure.
 */
export function noTestsRan(output: string, exit: RunnerExit, report: TestReport | null): string | null {
  if (exit.timedOut || exit.aborted) return null;
  if (report && report.failures.length > 0) return null;
  const text = stripAnsi(output).replace(/\r\n?/g, '\n');
  if (SUITES_FAILED.test(text) || UNITTEST_FAILED.test(text)) return null;
  const counts = report?.counts ?? null;
  if (counts && counts.passed + counts.failed > 0) return null;
  const said = NOTHING_FOUND.map((pattern) => pattern.exec(text)?.[0].trim()).find((line) => line !== undefined);
  if (said !== undefined) return said;
  if (!report || !counts) return null;
  const counted = report.summaryLine ?? `${report.format}: no test counted`;
  if (exit.exitCode === 0) return counted;
  return exit.exitCode === PYTEST_NO_TESTS && report.format === 'pytest' ? counted : null;
}
