import { z } from 'zod';

/** One test as the guest runner reports it (validated: it comes from the program's runtime). */
const TestResultSchema = z.object({
  name: z.array(z.string()),
  state: z.enum(['pass', 'fail', 'skip', 'todo']),
  duration: z.number(),
  error: z.string().nullable(),
});
export const FileReportSchema = z.object({ tests: z.array(TestResultSchema), errors: z.array(z.string()) });
export type TestResult = z.infer<typeof TestResultSchema>;

/** One test file's outcome: its tests, or the error that kept it from running them. */
export interface FileOutcome {
  /** Relative to the working directory, as vitest prints it. */
  file: string;
  tests: TestResult[];
  /** Why the file failed outside its tests (did not load, no tests, an afterAll hook threw). */
  errors: string[];
  durationMs: number;
  output: string;
}

const RULE = '⎯';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function fileFailed(outcome: FileOutcome): boolean {
  return outcome.errors.length > 0 || outcome.tests.some((test) => test.state === 'fail');
}

function fileLine(outcome: FileOutcome): string {
  const failed = outcome.tests.filter((test) => test.state === 'fail').length;
  const skipped = outcome.tests.filter((test) => test.state === 'skip' || test.state === 'todo').length;
  const parts = [plural(outcome.tests.length, 'test'), failed ? `${failed} failed` : '', skipped ? `${skipped} skipped` : ''].filter(Boolean);
  const ran = outcome.tests.some((test) => test.state === 'pass' || test.state === 'fail');
  const mark = fileFailed(outcome) ? '×' : ran ? '✓' : '↓';
  let text = ` ${mark} ${outcome.file} (${parts.join(' | ')}) ${Math.round(outcome.durationMs)}ms\n`;
  if (!fileFailed(outcome)) return text;
  for (const test of outcome.tests) {
    const mark = test.state === 'pass' ? '✓' : test.state === 'fail' ? '×' : '↓';
    text += `   ${mark} ${test.name.join(' > ')}${test.state === 'todo' ? ' [todo]' : ''}\n`;
    if (test.error) text += `     → ${test.error.split('\n')[0] ?? ''}\n`;
  }
  for (const error of outcome.errors) text += `     → ${error.split('\n')[0] ?? ''}\n`;
  return text;
}

function section(title: string, blocks: string[], numbered: { done: number; total: number }): string {
  if (blocks.length === 0) return '';
  const bar = RULE.repeat(7);
  let text = `\n${bar} ${title} ${blocks.length} ${bar}\n\n`;
  for (const block of blocks) {
    numbered.done += 1;
    text += `${block.replace(/\s+$/, '')}\n${RULE.repeat(20)}[${numbered.done}/${numbered.total}]${RULE}\n\n`;
  }
  return text;
}

function countsLine(label: string, counts: [number, string][], total: number): string {
  const parts = counts.filter(([count]) => count > 0).map(([count, word]) => `${count} ${word}`);
  return `${label}  ${total === 0 ? 'no tests' : `${parts.join(' | ')} (${total})`}\n`;
}

/**
 * vitest's default report: one line per file (its tests listed when it failed), the failed files
 * and tests with their errors between ⎯ rules, and the "Test Files" / "Tests" summary that
 * run_tests counts. A file that failed outside its tests counts as one failed test.
 */
export function formatReport(outcomes: FileOutcome[], durationMs: number): string {
  let text = outcomes.map((outcome) => outcome.output + fileLine(outcome)).join('');
  const suiteBlocks = outcomes.flatMap((outcome) => outcome.errors.map((error) => ` FAIL  ${outcome.file} [ ${outcome.file} ]\n${error}`));
  const testBlocks = outcomes.flatMap((outcome) =>
    outcome.tests.filter((test) => test.state === 'fail').map((test) => ` FAIL  ${[outcome.file, ...test.name].join(' > ')}\n${test.error ?? ''}`),
  );
  const numbered = { done: 0, total: suiteBlocks.length + testBlocks.length };
  text += section('Failed Suites', suiteBlocks, numbered) + section('Failed Tests', testBlocks, numbered);
  const failedFiles = outcomes.filter(fileFailed).length;
  const all = outcomes.flatMap((outcome) => outcome.tests);
  const loadFailures = outcomes.filter((outcome) => outcome.errors.length > 0 && !outcome.tests.some((test) => test.state === 'fail')).length;
  const count = (state: TestResult['state']) => all.filter((test) => test.state === state).length;
  const failed = count('fail') + loadFailures;
  text += `\n${countsLine(
    ' Test Files',
    [
      [failedFiles, 'failed'],
      [outcomes.length - failedFiles, 'passed'],
    ],
    outcomes.length,
  )}`;
  text += countsLine(
    '      Tests',
    [
      [failed, 'failed'],
      [count('pass'), 'passed'],
      [count('skip'), 'skipped'],
      [count('todo'), 'todo'],
    ],
    all.length + loadFailures,
  );
  text += `   Duration  ${Math.round(durationMs)}ms\n`;
  return text;
}
