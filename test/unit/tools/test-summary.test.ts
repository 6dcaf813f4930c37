import { describe, expect, it } from 'vitest';
import type { ExecResult } from '../../../src/sandbox/port';
import type { TestReport } from '../../../src/tools/test-report';
import { describeCounts, FAILURE_MAX_LINES, failureSection, outputTail, verdictLine } from '../../../src/tools/test-summary';

const exec = (exitCode: number, extra: Partial<ExecResult> = {}): ExecResult => ({
  exitCode,
  stdout: '',
  stderr: '',
  timedOut: false,
  aborted: false,
  durationMs: 1,
  cwd: '/workspace',
  ...extra,
});

const report = (failures: number, counted = failures): TestReport => ({
  format: 'pytest',
  counts: { passed: 3, failed: counted, skipped: 1, unit: 'tests' },
  summaryLine: null,
  failures: Array.from({ length: failures }, (_, i) => ({ name: `test_${i + 1}`, output: `____ test_${i + 1} ____\nE  boom ${i + 1}` })),
});

describe('run_tests summary pieces', () => {
  it('describes counts with their unit', () => {
    expect(describeCounts({ passed: 2, failed: 1, skipped: 0, unit: 'tests' })).toBe('1 failed, 2 passed, 0 skipped');
    expect(describeCounts({ passed: 1200, failed: 0, skipped: 0, unit: 'packages' })).toBe('0 failed, 1,200 passed, 0 skipped packages');
  });

  it('leads with the verdict, counts or why there are none', () => {
    expect(verdictLine(exec(0), report(0), 'exit code 0')).toBe('Tests passed (exit code 0) — 0 failed, 3 passed, 1 skipped (pytest)');
    expect(verdictLine(exec(1), null, 'exit code 1')).toBe('Tests FAILED (exit code 1) — counts unavailable (output format not recognised)');
    expect(verdictLine(exec(1), { ...report(1), counts: null }, 'exit code 1')).toBe(
      'Tests FAILED (exit code 1) — counts unavailable (pytest output without its totals)',
    );
    expect(verdictLine(exec(124, { timedOut: true }), null, 'exit code 124 — timed out')).toMatch(/^Tests did not finish: exit code 124 — timed out/);
  });

  it('shows the first failure and names the ones left out', () => {
    const text = failureSection(report(3), 1);
    expect(text.split('\n').slice(0, 3)).toEqual(['First failure (of 3): test_1', '____ test_1 ____', 'E  boom 1']);
    expect(text).not.toContain('boom 2');
    expect(text).toMatch(/\[2 more failures not shown: test_2; test_3\. Call run_tests with all_failures: true/);
    const both = failureSection(report(3), 2);
    expect(both).toContain('Failure 2 (of 3): test_2');
    expect(both).toMatch(/\[1 more failure not shown: test_3\./);
  });

  it('counts failures the runner reported beyond the blocks it printed', () => {
    expect(failureSection(report(1, 4), 1).split('\n')[0]).toBe('First failure (of 4): test_1');
  });

  it('cuts a very long failure block to its head and tail', () => {
    const long: TestReport = { ...report(0), failures: [{ name: 'big', output: Array.from({ length: 500 }, (_, i) => `frame ${i + 1}`).join('\n') }] };
    const text = failureSection(long, 1);
    expect(text).toContain(`[… ${500 - FAILURE_MAX_LINES} lines omitted …]`);
    expect(text).toContain('frame 1\n');
    expect(text.endsWith('frame 500')).toBe(true);
  });

  it('shows an output tail, cleaned', () => {
    expect(outputTail('a\n\u001b[31mb\u001b[0m\nc\n', 2)).toBe('--- output (last 2 of 3 lines) ---\nb\nc');
    expect(outputTail('', 5)).toBe('--- output ---\n(empty)');
  });
});
