import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTestReport } from '../../../src/tools/test-report';

/** Real runner output: vitest, pytest, cargo and node:test (Node 20, spec and TAP) captured from the runners themselves; jest, mocha and go in their documented formats. */
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'runner-output', name), 'utf8');

describe('parseTestReport', () => {
  it.each([
    [
      'vitest-fail.txt',
      'vitest',
      { passed: 1, failed: 2, skipped: 1, unit: 'tests' },
      'math.test.ts > math > subtracts',
      'AssertionError: expected 1 to be 2',
      'math.test.ts > math > divides',
    ],
    [
      'vitest-fail-colour.txt',
      'vitest',
      { passed: 1, failed: 2, skipped: 1, unit: 'tests' },
      'math.test.ts > math > subtracts',
      '6|     expect(sub(3, 2)).toBe(2);',
      'math.test.ts > math > divides',
    ],
    ['jest-fail.txt', 'jest', { passed: 4, failed: 2, skipped: 1, unit: 'tests' }, 'math › subtracts', 'Received: 5', 'math › divides'],
    ['pytest-fail.txt', 'pytest', { passed: 1, failed: 2, skipped: 1, unit: 'tests' }, 'test_subtract', 'E        +  where 2 = sub(3, 2)', 'test_divide'],
    [
      'pytest-fail-quiet.txt',
      'pytest',
      { passed: 1, failed: 2, skipped: 1, unit: 'tests' },
      'test_subtract',
      'tests/test_math.py:13: AssertionError',
      'test_divide',
    ],
    [
      'cargo-fail.txt',
      'cargo test',
      { passed: 1, failed: 2, skipped: 1, unit: 'tests' },
      'tests::divides',
      'assertion `left == right` failed: six over three',
      'tests::subtracts',
    ],
    ['node-test-fail.txt', 'node:test', { passed: 2, failed: 2, skipped: 2, unit: 'tests' }, 'suite > fails inner', '1 !== 2', 'fails top'],
    ['node-test-tap-fail.txt', 'node:test', { passed: 2, failed: 2, skipped: 2, unit: 'tests' }, 'fails inner', "failureType: 'testCodeFailure'", 'fails top'],
    ['mocha-fail.txt', 'mocha', { passed: 3, failed: 2, skipped: 1, unit: 'tests' }, 'math subtracts', '5 !== 1', 'math divides'],
    ['go-fail.txt', 'go test', { passed: 1, failed: 1, skipped: 1, unit: 'packages' }, 'TestSub', 'calc_test.go:12: Sub(3, 2) = 5; want 1', 'TestDiv'],
    ['go-fail-verbose.txt', 'go test', { passed: 2, failed: 1, skipped: 1, unit: 'tests' }, 'TestSub', 'calc_test.go:12: Sub(3, 2) = 5; want 1', null],
  ])('%s: format, counts and failures', (file, format, counts, firstName, firstContains, secondName) => {
    const report = parseTestReport(fixture(file));
    expect(report?.format).toBe(format);
    expect(report?.counts).toEqual(counts);
    const [first, second] = report?.failures ?? [];
    expect(first?.name).toBe(firstName);
    expect(first?.output).toContain(firstContains);
    expect(second?.name ?? null).toBe(secondName);
    // The first block is about the first failure only: the second one's header is not in it.
    if (second) expect(first?.output).not.toContain(second.output.split('\n')[0]?.trim());
  });

  it('keeps each failure block to its own test', () => {
    const vitest = parseTestReport(fixture('vitest-fail.txt'));
    expect(vitest?.failures[0]?.output.split('\n')[0]).toBe(' FAIL  math.test.ts > math > subtracts');
    expect(vitest?.failures[0]?.output).not.toContain('⎯');
    const jest = parseTestReport(fixture('jest-fail.txt'));
    expect(jest?.failures.map((f) => f.name)).toEqual(['math › subtracts', 'math › divides']);
    expect(jest?.failures[1]?.output).not.toContain('Test Suites:');
    const pytest = parseTestReport(fixture('pytest-fail.txt'));
    expect(pytest?.failures[1]?.output).not.toContain('short test summary');
    const cargo = parseTestReport(fixture('cargo-fail.txt'));
    expect(cargo?.failures[1]?.output.trimEnd().split('\n').pop()).toBe(' right: 1');
    const go = parseTestReport(fixture('go-fail.txt'));
    expect(go?.failures[1]?.output).toBe(
      '--- FAIL: TestDiv (0.00s)\n    --- FAIL: TestDiv/six_by_three (0.00s)\n        calc_test.go:25: Div(6, 3) = 2; want 3',
    );
    const node = parseTestReport(fixture('node-test-fail.txt'));
    // Only the two tests: not the suite's own row, nor the repeats under "✖ failing tests:".
    expect(node?.failures.map((f) => f.name)).toEqual(['suite > fails inner', 'fails top']);
    expect(node?.failures[0]?.output.split('\n').at(-1)).toBe('    }');
    expect(node?.summaryLine).toBe('tests 6, suites 1, pass 2, fail 2, cancelled 0, skipped 1, todo 1');
    const verbose = parseTestReport(fixture('go-fail-verbose.txt'));
    expect(verbose?.failures[0]?.output).toBe('--- FAIL: TestSub (0.00s)\n    calc_test.go:12: Sub(3, 2) = 5; want 1');
  });

  it('reads the starter project, naming the test file of each failure', () => {
    const output = [
      'tests/greet_test.sh',
      '  ok   - greets by name',
      'tests/slugify_test.sh',
      '  FAIL - lowercases',
      "         expected: 'hello-world'",
      "         actual:   'Hello-World'",
      '  ok   - trims',
      '',
      'Test files: 1 passed, 1 failed',
    ].join('\n');
    const report = parseTestReport(output);
    expect(report).toEqual({
      format: 'starter',
      counts: { passed: 1, failed: 1, skipped: 0, unit: 'test files' },
      summaryLine: 'Test files: 1 passed, 1 failed',
      failures: [
        { name: 'tests/slugify_test.sh: lowercases', output: "  FAIL - lowercases\n         expected: 'hello-world'\n         actual:   'Hello-World'" },
      ],
    });
  });

  it('sums cargo results over test binaries and keeps a failing summary line', () => {
    const output = [
      'test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s',
      'test result: ok. 4 passed; 0 failed; 2 ignored; 0 measured; 0 filtered out; finished in 0.01s',
    ].join('\n');
    const report = parseTestReport(output);
    expect(report?.counts).toEqual({ passed: 6, failed: 1, skipped: 2, unit: 'tests' });
    expect(report?.summaryLine).toMatch(/^test result: FAILED\. 2 passed/);
  });

  it('reads passing runs', () => {
    expect(parseTestReport('...\n3 passed in 0.01s\n')?.counts).toEqual({ passed: 3, failed: 0, skipped: 0, unit: 'tests' });
    expect(parseTestReport(' Test Files  2 passed (2)\n      Tests  9 passed | 1 todo (10)\n')?.counts).toEqual({
      passed: 9,
      failed: 0,
      skipped: 1,
      unit: 'tests',
    });
    expect(parseTestReport('✔ adds (0.4ms)\nℹ tests 1\nℹ suites 0\nℹ pass 1\nℹ fail 0\nℹ cancelled 0\nℹ skipped 0\nℹ todo 0\n')).toMatchObject({
      format: 'node:test',
      counts: { passed: 1, failed: 0, skipped: 0, unit: 'tests' },
      failures: [],
    });
    expect(parseTestReport('ok  \texample.com/a\t0.01s\nok  \texample.com/b\t(cached)\n')?.counts).toEqual({
      passed: 2,
      failed: 0,
      skipped: 0,
      unit: 'packages',
    });
  });

  it("reads pytest's xfailed as skipped, xpassed as passed, and errors as failed", () => {
    const summary = '==== 3 failed, 1 passed, 3 skipped, 2 deselected, 2 xfailed, 1 xpassed, 2 errors in 0.07s ====';
    expect(parseTestReport(`F.sxX\n${summary}\n`)?.counts).toEqual({ passed: 2, failed: 5, skipped: 5, unit: 'tests' });
    expect(parseTestReport('E\n1 error in 0.01s\n')?.counts).toEqual({ passed: 0, failed: 1, skipped: 0, unit: 'tests' });
  });

  it('recognises a format whose totals are missing, and nothing in unknown output', () => {
    const crashed = parseTestReport('=================================== FAILURES ===================================\n____ test_x ____\nE   boom\n');
    expect(crashed).toMatchObject({ format: 'pytest', counts: null, failures: [{ name: 'test_x' }] });
    expect(parseTestReport('all good, probably\nok 1 - tap style\n')).toBeNull();
  });
});
