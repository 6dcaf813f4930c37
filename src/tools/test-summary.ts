import type { ExecResult } from '../sandbox/port';
import { cleanOutput, formatCount, plural, splitLines, truncateMiddle } from './output';
import type { TestCounts, TestReport } from './test-report';

/** Failure blocks longer than this many lines keep their head and tail. */
export const FAILURE_MAX_LINES = 80;
/** Lines of output shown when no failure could be picked out (or for a passing run). */
export const FAILED_TAIL_LINES = 60;
export const PASSED_TAIL_LINES = 15;

/** "1 failed, 2 passed, 1 skipped" (+ " packages" / " test files" when the runner does not count tests). */
export function describeCounts(counts: TestCounts): string {
  const text = `${formatCount(counts.failed)} failed, ${formatCount(counts.passed)} passed, ${formatCount(counts.skipped)} skipped`;
  return counts.unit === 'tests' ? text : `${text} ${counts.unit}`;
}

/** The first line of run_tests' result: the verdict, then the counts or why there are none. */
export function verdictLine(result: ExecResult, report: TestReport | null, exit: string): string {
  const finished = !result.timedOut && !result.aborted;
  const head = !finished ? `Tests did not finish: ${exit}` : `Tests ${result.exitCode === 0 ? 'passed' : 'FAILED'} (exit code ${result.exitCode})`;
  if (report?.counts) return `${head} — ${describeCounts(report.counts)} (${report.format})`;
  if (report) return `${head} — counts unavailable (${report.format} output without its totals)`;
  return `${head} — counts unavailable (output format not recognised)`;
}

/** The last `count` lines of the cleaned output, marked. */
export function outputTail(output: string, count: number): string {
  const lines = splitLines(cleanOutput(output));
  if (lines.length === 0) return '--- output ---\n(empty)';
  const shown = lines.slice(-count);
  const label = shown.length < lines.length ? `--- output (last ${count} of ${formatCount(lines.length)} lines) ---` : '--- output ---';
  return `${label}\n${truncateMiddle(shown.join('\n'))}`;
}

function capBlock(block: string): string {
  const lines = splitLines(cleanOutput(block));
  if (lines.length <= FAILURE_MAX_LINES) return truncateMiddle(lines.join('\n'));
  const half = FAILURE_MAX_LINES / 2;
  return truncateMiddle([...lines.slice(0, half), `[… ${formatCount(lines.length - FAILURE_MAX_LINES)} lines omitted …]`, ...lines.slice(-half)].join('\n'));
}

/**
 * The failing tests the model gets to see: the first `limit` blocks as the runner printed them,
 * then how many were left out and how to see them.
 */
export function failureSection(report: TestReport, limit: number): string {
  const { failures } = report;
  const total = Math.max(failures.length, report.counts?.unit === 'tests' ? report.counts.failed : 0);
  const shown = failures.slice(0, limit);
  const parts = shown.map((failure, i) => {
    const title = i === 0 && limit === 1 ? 'First failure' : `Failure ${i + 1}`;
    const of = total > 1 ? ` (of ${formatCount(total)})` : '';
    return `${title}${of}: ${failure.name}\n${capBlock(failure.output)}`;
  });
  const left = failures.length - shown.length;
  if (left > 0) {
    parts.push(
      `[${plural(left, 'more failure')} not shown: ${failures
        .slice(shown.length, shown.length + 5)
        .map((f) => f.name)
        .join('; ')}${left > 5 ? '; …' : ''}. Call run_tests with all_failures: true (or max_failures) to see them.]`,
    );
  }
  return parts.join('\n\n');
}
