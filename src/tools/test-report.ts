import { stripAnsi } from './output';
import type { TestReport, TestReportParser } from './test-report-core';
import { parseJest, parseMocha, parseVitest } from './test-report-js';
import { parseCargoTest, parseGoTest, parsePytest, parseStarter } from './test-report-native';
import { parseNodeTest } from './test-report-node';

export type { TestCounts, TestFailure, TestReport } from './test-report-core';

/** Most specific formats first: a vitest run can print lines that look like go's "ok  pkg". */
const PARSERS: readonly TestReportParser[] = [parseStarter, parseNodeTest, parseCargoTest, parsePytest, parseVitest, parseJest, parseMocha, parseGoTest];

/**
 * Reads a test run's output (stdout and stderr together, colours allowed): which runner
 * printed it, its counts, and each failing test's block. Null when no known format appears.
 */
export function parseTestReport(output: string): TestReport | null {
  const lines = stripAnsi(output).replace(/\r\n?/g, '\n').split('\n');
  for (const parse of PARSERS) {
    const report = parse(lines);
    if (report) return report;
  }
  return null;
}
