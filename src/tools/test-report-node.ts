/** The parser for node:test (`node --test`): its spec reporter and its TAP reporter. */
import { blockFrom, indentOf, lastIndexMatching, type TestFailure, type TestReportParser } from './test-report-core';

const SUMMARY_ROW = /^\s*(?:ℹ|#) (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) (\d+(?:\.\d+)?)\s*$/;
const SPEC_ROW = /^(\s*)(✔|✖|﹣|▶) (.+?)\s*$/;
const SPEC_DURATION = /\s+\([\d.]+m?s\)(\s+#\s+\w+)?$/;
/** A parent whose only failure is its subtests' (Node 22 prints this under it). */
const SUBTESTS_FAILED = /^'\d+ subtests? failed'$/;
const TAP_NOT_OK = /^(\s*)not ok \d+ - (.+?)(\s+#\s+\w+.*)?$/;

/**
 * node:test: the summary rows "ℹ tests 6", "ℹ pass 2", "ℹ fail 2", … (spec reporter; "# tests 6"
 * with TAP) after every file's results. A failing test is a "✖ name (1.2ms)" row with its error
 * indented below it; a suite's own "✖" row has nothing below it. The "✖ failing tests:" list Node
 * prints after the summary repeats them and is not read. Cancelled tests count as failed, todo as skipped.
 */
export const parseNodeTest: TestReportParser = (lines) => {
  const at = lastIndexMatching(lines, /^\s*(?:ℹ|#) tests \d+\s*$/);
  if (at < 0) return null;
  const values = new Map<string, number>();
  const shown: string[] = [];
  for (let i = at; i < lines.length; i++) {
    const row = SUMMARY_ROW.exec(lines[i] as string);
    if (!row) break;
    const [, name, value] = row as unknown as [string, string, string];
    values.set(name, Number(value));
    if (name !== 'duration_ms') shown.push(`${name} ${value}`);
  }
  const count = (name: string) => values.get(name) ?? 0;
  const counts = { passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo'), unit: 'tests' as const };
  const before = lines.slice(0, at);
  const tap = (lines[at] as string).trimStart().startsWith('#');
  return { format: 'node:test', counts, summaryLine: shown.join(', '), failures: tap ? tapFailures(before) : specFailures(before) };
};

/** The lines below row `start` that are indented deeper than it (blank lines included), as one block with the row. */
function nestedBlock(lines: readonly string[], start: number): string {
  const indent = indentOf(lines[start] as string);
  return blockFrom(lines, start, (line) => line.trim() !== '' && indentOf(line) <= indent);
}

function specFailures(lines: readonly string[]): TestFailure[] {
  const failures: TestFailure[] = [];
  const suites: { indent: number; name: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const row = SPEC_ROW.exec(lines[i] as string);
    if (!row) continue;
    const [, lead, mark, title] = row as unknown as [string, string, string, string];
    while (suites.length > 0 && (suites[suites.length - 1]?.indent ?? 0) >= lead.length) suites.pop();
    const name = title.replace(SPEC_DURATION, '');
    if (mark === '▶') suites.push({ indent: lead.length, name });
    if (mark !== '✖') continue;
    const output = nestedBlock(lines, i);
    const body = output.split('\n').slice(1);
    if (body.every((line) => line.trim() === '' || SUBTESTS_FAILED.test(line.trim()))) continue;
    failures.push({ name: [...suites.map((suite) => suite.name), name].join(' > '), output });
  }
  return failures;
}

function tapFailures(lines: readonly string[]): TestFailure[] {
  const failures: TestFailure[] = [];
  for (let i = 0; i < lines.length; i++) {
    const row = TAP_NOT_OK.exec(lines[i] as string);
    if (!row) continue;
    const output = nestedBlock(lines, i);
    if (/failureType: 'subtestsFailed'/.test(output)) continue;
    failures.push({ name: row[2] as string, output });
  }
  return failures;
}
