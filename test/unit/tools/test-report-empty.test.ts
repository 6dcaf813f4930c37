import { describe, expect, it } from 'vitest';
import { parseTestReport } from '../../../src/tools/test-report';
import { noTestsRan } from '../../../src/tools/test-report-empty';

const ended = (exitCode: number) => ({ exitCode, timedOut: false, aborted: false });
const check = (output: string, exitCode: number) => noTestsRan(output, ended(exitCode), parseTestReport(output));

const NODE_SPEC_NONE = 'ℹ tests 0\nℹ suites 0\nℹ pass 0\nℹ fail 0\nℹ cancelled 0\nℹ skipped 0\nℹ todo 0\nℹ duration_ms 12.09\n';
const CARGO_FILTERED = [
  '     Running unittests src/lib.rs (target/debug/deps/cz-f74c4ff3b6420198)',
  '',
  'running 0 tests',
  '',
  'test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 1 filtered out; finished in 0.00s',
  '',
].join('\n');

describe('noTestsRan: each runner’s way of running nothing', () => {
  it.each([
    ['node --test, spec reporter (exit 0)', NODE_SPEC_NONE, 0, 'tests 0, suites 0, pass 0, fail 0, cancelled 0, skipped 0, todo 0'],
    [
      'node --test, TAP (Node 20, exit 0)',
      'TAP version 13\n1..0\n# tests 0\n# suites 0\n# pass 0\n# fail 0\n# cancelled 0\n# skipped 0\n# todo 0\n# duration_ms 12.09\n',
      0,
      'tests 0, suites 0, pass 0, fail 0, cancelled 0, skipped 0, todo 0',
    ],
    [
      'vitest (exit 1)',
      'No test files found, exiting with code 1\n\ninclude: **/*.{test,spec}.?(c|m)[jt]s?(x)\n',
      1,
      'No test files found, exiting with code 1',
    ],
    ['vitest -t matching nothing (exit 0)', ' Test Files  1 skipped (1)\n      Tests  3 skipped (3)\n   Duration  210ms\n', 0, 'Tests  3 skipped (3)'],
    ['jest (exit 1)', 'No tests found, exiting with code 1\nRun with `--passWithNoTests` to exit with code 0\n', 1, 'No tests found, exiting with code 1'],
    ['jest -t matching nothing (exit 0)', 'Test Suites: 1 skipped, 0 of 1 total\nTests:       3 skipped, 3 total\n', 0, 'Tests: 3 skipped, 3 total'],
    ['pytest -q (exit 5)', '\nno tests ran in 2.00s\n', 5, 'no tests ran in 2.00s'],
    [
      'pytest, collected nothing (exit 5)',
      'rootdir: /tmp/e\ncollected 0 items\n\n============================ no tests ran in 1.98s =============================\n',
      5,
      'collected 0 items',
    ],
    [
      'pytest -k deselecting all (exit 5)',
      'collected 1 item / 1 deselected / 0 selected\n\n============================ 1 deselected in 1.53s =============================\n',
      5,
      '1 deselected in 1.53s',
    ],
    [
      'unittest before 3.12 (exit 0)',
      '\n----------------------------------------------------------------------\nRan 0 tests in 0.000s\n\nOK\n',
      0,
      'Ran 0 tests in 0.000s',
    ],
    [
      'unittest 3.12+ (exit 5)',
      '\n----------------------------------------------------------------------\nRan 0 tests in 0.000s\n\nNO TESTS RAN\n',
      5,
      'NO TESTS RAN',
    ],
    [
      'go, no test files (exit 0)',
      '?   \texample.com/m\t[no test files]\n?   \texample.com/m/util\t[no test files]\n',
      0,
      'go test: 0 ok, 0 FAIL, 2 without tests to run',
    ],
    ['go -run matching nothing (exit 0)', 'ok  \texample.com/m\t0.002s [no tests to run]\n', 0, 'go test: 0 ok, 0 FAIL, 1 without tests to run'],
    ['go, no packages (exit 0)', 'go: warning: "./..." matched no packages\nno packages to test\n', 0, 'no packages to test'],
    ['cargo, a filter matching nothing (exit 0)', CARGO_FILTERED, 0, expect.stringContaining('test result: ok. 0 passed; 0 failed')],
    ['mocha, no test (exit 0)', '\n\n  0 passing (1ms)\n\n', 0, '0 passing (1ms)'],
    ['mocha, no test file (exit 1)', 'Error: No test files found: "test"\n', 1, 'Error: No test files found: "test"'],
    ['the starter script, no test file (exit 0)', 'Test files: 0 passed, 0 failed\n', 0, 'Test files: 0 passed, 0 failed'],
  ])('%s', (_, output, exitCode, said) => {
    expect(check(output, exitCode)).toEqual(said);
  });
});

describe('noTestsRan: runs that did test, or failed for another reason', () => {
  it.each([
    ['node --test that ran tests', NODE_SPEC_NONE.replace('tests 0', 'tests 2').replace('pass 0', 'pass 2'), 0],
    ['node --test running nothing, then another step of the script failing', NODE_SPEC_NONE, 1],
    [
      'jest: a suite that did not load',
      ' FAIL  a.test.js\n  ● Test suite failed to run\n\n    SyntaxError\n\nTest Suites: 1 failed, 1 total\nTests:       0 total\n',
      1,
    ],
    ['vitest: a file that did not load', ' Test Files  1 failed (1)\n      Tests  no tests\n', 1],
    ['go: one package tested, one without test files', 'ok  \texample.com/m\t0.01s\n?   \texample.com/m/util\t[no test files]\n', 0],
    [
      'cargo: unit tests ran, no doc-tests',
      `${CARGO_FILTERED.replace('0 passed', '3 passed')}\n   Doc-tests m\n\nrunning 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out\n`,
      0,
    ],
    [
      'pytest: a collection error',
      'collected 0 items / 1 error\n\n==== ERRORS ====\n____ ERROR collecting test_a.py ____\nE   ImportError\n==== 1 error in 0.10s ====\n',
      2,
    ],
    [
      'unittest: a module that failed to import',
      'E\n======\nERROR: tests/ (unittest.loader._FailedTest.tests/)\n------\nRan 1 test in 0.001s\n\nFAILED (errors=1)\n',
      1,
    ],
    ['output no runner printed', 'Everything is fine\n', 0],
  ])('%s', (_, output, exitCode) => {
    expect(check(output, exitCode)).toBeNull();
  });

  it('a run that timed out or was stopped is not judged', () => {
    expect(noTestsRan(NODE_SPEC_NONE, { exitCode: 0, timedOut: true, aborted: false }, parseTestReport(NODE_SPEC_NONE))).toBeNull();
    expect(noTestsRan(NODE_SPEC_NONE, { exitCode: 0, timedOut: false, aborted: true }, parseTestReport(NODE_SPEC_NONE))).toBeNull();
  });
});
