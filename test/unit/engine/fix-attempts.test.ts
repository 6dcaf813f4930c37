import { beforeAll, describe, expect, it } from 'vitest';
import { firstFailure, FixAttemptTracker, type FixCall, renderRepeatedFailure } from '../../../src/engine/fix-attempts';
import { REALISTIC_RUNS, type RecordedStep, scenarioSteps } from './scenario-steps';

const fixCall = (step: RecordedStep): FixCall => ({ tool: step.tool, args: step.args, ok: step.ok, errorKind: step.errorKind, output: step.resultText });

/** The real first run_tests result of the demo: the starter runner's output, one test failing. */
let demoFailure = '';
beforeAll(async () => {
  const failed = (await scenarioSteps('demo', 'react')).find((s) => s.tool === 'run_tests' && !s.ok);
  if (!failed) throw new Error('the demo has no failing test run');
  demoFailure = failed.resultText;
});

const DEMO_TEST = 'tests/slugify_test.sh: lowercases and joins words with dashes';

const testsFailed = (output: string): FixCall => ({ tool: 'run_tests', args: {}, ok: false, errorKind: 'tests_failed', output });
const testsPassed: FixCall = { tool: 'run_tests', args: {}, ok: true, output: 'Tests passed (exit code 0) — 0 failed, 6 passed, 0 skipped (starter)' };
const edited = (path: string, search: string): FixCall => ({ tool: 'edit_file', args: { path, search, replace: 'x' }, ok: true, output: `Edited ${path}` });
const refused = (path: string, errorKind: string, search = 'old line'): FixCall => ({
  tool: 'edit_file',
  args: { path, search, replace: 'x' },
  ok: false,
  errorKind,
  output: `Could not edit ${path}. The search text was not found in the file (${errorKind}).\nMore detail.`,
});

function observeAll(calls: readonly FixCall[], tracker = new FixAttemptTracker()) {
  return calls.map((call) => tracker.observe(call));
}

describe('FixAttemptTracker: the same failing test', () => {
  it('the third failing run of the same test hands back the two earlier attempts', () => {
    const results = observeAll([
      testsFailed(demoFailure),
      edited('src/slugify.sh', 'echo "$1" | sed -E'),
      testsFailed(demoFailure),
      { tool: 'run_command', args: { command: 'sed -i s/a/b/ src/slugify.sh' }, ok: true, output: 'exit code 0' },
      edited('src/slugify.sh', '  tr A-Z a-z\n  more'),
      testsFailed(demoFailure),
    ]);
    expect(results.slice(0, 5)).toEqual([null, null, null, null, null]);
    const third = results[5];
    expect(third).toEqual({
      target: `the failing test "${DEMO_TEST}"`,
      attempt: 3,
      earlier: [
        { n: 1, tried: 'ran the tests with no change since the previous run', error: "expected: 'hello-world' actual: 'Hello-World'" },
        { n: 2, tried: 'ran the tests after editing src/slugify.sh (search `echo "$1" | sed -E`)', error: "expected: 'hello-world' actual: 'Hello-World'" },
      ],
    });
    expect(third && renderRepeatedFailure(third)).toBe(
      `This is attempt 3 at the failing test "${DEMO_TEST}". Earlier attempts: ` +
        "attempt 1: ran the tests with no change since the previous run, failed because expected: 'hello-world' actual: 'Hello-World'; " +
        "attempt 2: ran the tests after editing src/slugify.sh (search `echo \"$1\" | sed -E`), failed because expected: 'hello-world' actual: 'Hello-World'. " +
        'Try a different approach instead of repeating it.',
    );
  });

  it('keeps reminding after the third attempt, listing the last four', () => {
    const results = observeAll(Array.from({ length: 7 }, () => testsFailed(demoFailure)));
    expect(results.map((r) => r?.attempt ?? null)).toEqual([null, null, 3, 4, 5, 6, 7]);
    expect(results[3]?.earlier.map((a) => a.n)).toEqual([1, 2, 3]);
    expect(results[6]?.earlier.map((a) => a.n)).toEqual([3, 4, 5, 6]);
  });

  it('names the writes first and at most three of the changes', () => {
    const tracker = new FixAttemptTracker();
    const command = (c: string): FixCall => ({ tool: 'run_command', args: { command: c }, ok: true, output: '' });
    observeAll(
      [command('touch a'), edited('a.sh', 'one'), edited('b.sh', 'two'), { tool: 'create_file', args: { path: 'c.sh' }, ok: true, output: '' }],
      tracker,
    );
    observeAll([testsFailed(demoFailure), testsFailed(demoFailure)], tracker);
    expect(tracker.observe(testsFailed(demoFailure))?.earlier[0]?.tried).toBe(
      'ran the tests after editing a.sh (search `one`), editing b.sh (search `two`), creating c.sh and 1 more change',
    );
  });

  it.each([
    { name: 'a passing run', between: [testsPassed] },
    {
      name: 'a run where another test fails',
      between: [testsFailed('Tests FAILED\n\nFirst failure: tests/other.sh: something else\n  FAIL - something else\n  boom')],
    },
  ])('$name clears the target', ({ between }) => {
    const results = observeAll([testsFailed(demoFailure), testsFailed(demoFailure), ...between, testsFailed(demoFailure), testsFailed(demoFailure)]);
    expect(results.every((r) => r === null)).toBe(true);
  });

  it('a run that still names the test further down keeps counting it', () => {
    const other = 'Tests FAILED\n\nFirst failure (of 2): tests/a.sh: first\n  boom\n\n[1 more failure not shown: ' + DEMO_TEST + '.]';
    const results = observeAll([testsFailed(demoFailure), testsFailed(demoFailure), testsFailed(other), testsFailed(demoFailure)]);
    expect(results.map((r) => r?.attempt ?? null)).toEqual([null, null, null, 3]);
  });

  it('counts runs whose output names no test as the failing suite', () => {
    const unknown = testsFailed('Tests FAILED (exit code 1) — counts unavailable (output format not recognised)\n\n--- output ---\nboom');
    const results = observeAll([unknown, unknown, unknown]);
    expect(results[2]).toMatchObject({ target: 'the failing test suite', attempt: 3 });
    expect(results[2]?.earlier[0]?.error).toBe('Tests FAILED (exit code 1) — counts unavailable (output format not recognised)');
  });

  it('ignores test runs that did not fail on a test (timeout, no runner, refused)', () => {
    const timeout: FixCall = { tool: 'run_tests', args: {}, ok: false, errorKind: 'timeout', output: 'Tests did not finish' };
    expect(observeAll([testsFailed(demoFailure), testsFailed(demoFailure), timeout, timeout]).every((r) => r === null)).toBe(true);
  });
});

describe('FixAttemptTracker: edit refusals', () => {
  it('counts each file on its own', () => {
    const results = observeAll([
      refused('src/a.ts', 'no_match', 'first try'),
      refused('src/b.ts', 'no_match'),
      refused('src/a.ts', 'ambiguous', 'second try'),
      refused('src/b.ts', 'stale_read'),
      refused('./src/a.ts', 'syntax_error'),
      refused('src/b.ts', 'no_match'),
    ]);
    expect(results.slice(0, 4)).toEqual([null, null, null, null]);
    expect(results[4]).toEqual({
      target: 'editing src/a.ts',
      attempt: 3,
      earlier: [
        { n: 1, tried: 'edit_file with search `first try`', error: 'The search text was not found in the file (no_match).' },
        { n: 2, tried: 'edit_file with search `second try`', error: 'The search text was not found in the file (ambiguous).' },
      ],
    });
    expect(results[5]).toMatchObject({ target: 'editing src/b.ts', attempt: 3 });
  });

  it('an edit that lands clears its file only', () => {
    const results = observeAll([
      refused('src/a.ts', 'no_match'),
      refused('src/b.ts', 'no_match'),
      refused('src/a.ts', 'no_match'),
      refused('src/b.ts', 'no_match'),
      edited('src/a.ts', 'fixed'),
      refused('src/a.ts', 'no_match'),
      refused('src/b.ts', 'no_match'),
    ]);
    expect(results.map((r) => r && `${r.target} #${r.attempt}`)).toEqual([null, null, null, null, null, null, 'editing src/b.ts #3']);
  });

  it.each(['unread', 'invalid_arguments', 'not_found', 'no_change', 'refused_by_gate'])('does not count %s', (errorKind) => {
    expect(observeAll(Array.from({ length: 4 }, () => refused('src/a.ts', errorKind))).every((r) => r === null)).toBe(true);
  });

  it('describes a multi-edit call and counts a create_file refused for its syntax on the same file', () => {
    const multi: FixCall = {
      tool: 'edit_file',
      args: {
        path: 'a.ts',
        edits: [
          { search: 'let x = 1;\nlet y;', replace: '' },
          { search: 'z', replace: '' },
        ],
      },
      ok: false,
      errorKind: 'no_match',
      output: 'Could not edit a.ts. Edit 1 of 2: not found.',
    };
    const create: FixCall = {
      tool: 'create_file',
      args: { path: 'a.ts', content: 'a\nb\n' },
      ok: false,
      errorKind: 'syntax_error',
      output: 'a.ts would have syntax errors.',
    };
    const results = observeAll([multi, create, multi]);
    expect(results[2]?.earlier).toEqual([
      { n: 1, tried: 'edit_file with 2 edits, the first with search `let x = 1;`', error: 'Edit 1 of 2: not found.' },
      { n: 2, tried: 'create_file with the whole file (2 lines)', error: 'a.ts would have syntax errors.' },
    ]);
  });
});

describe('firstFailure', () => {
  it.each([
    {
      name: 'vitest',
      output:
        'Tests FAILED\n\nFirst failure (of 2): math.test.ts > math > subtracts\n FAIL  math.test.ts > math > subtracts\nAssertionError: expected 1 to be 2\n ❯ math.test.ts:5:3',
      expected: { name: 'math.test.ts > math > subtracts', reason: 'AssertionError: expected 1 to be 2' },
    },
    {
      name: 'several shown',
      output: 'Tests FAILED\n\nFailure 1 (of 3): test_1\n____ test_1 ____\nE  boom 1\n\nFailure 2 (of 3): test_2\nE  boom 2',
      expected: { name: 'test_1', reason: 'E boom 1' },
    },
    {
      name: 'only one failing',
      output: 'Tests FAILED\n\nFirst failure: go_test_x\n--- FAIL: go_test_x\n  x_test.go:9: bad',
      expected: { name: 'go_test_x', reason: 'x_test.go:9: bad' },
    },
    { name: 'no failure named', output: 'Tests FAILED (exit code 2)\n\n--- output ---\npanic', expected: { name: '', reason: 'Tests FAILED (exit code 2)' } },
  ])('$name', ({ output, expected }) => {
    expect(firstFailure(output)).toEqual(expected);
  });

  it('reads the starter runner through the real run_tests result', () => {
    expect(firstFailure(demoFailure)).toEqual({ name: DEMO_TEST, reason: "expected: 'hello-world' actual: 'Hello-World'" });
  });
});

describe('FixAttemptTracker on real runs', () => {
  it.each(REALISTIC_RUNS)('the %s scenario (%s mode) never repeats a failed fix', async (scenario, mode) => {
    const tracker = new FixAttemptTracker();
    for (const step of await scenarioSteps(scenario, mode)) expect(tracker.observe(fixCall(step))).toBeNull();
  });
});
