import { describe, expect, it } from 'vitest';
import { findTestSummary } from '../../../src/tools/test-summary';

describe('findTestSummary', () => {
  it('reads the starter project summary', () => {
    expect(findTestSummary('tests/greet_test.sh\n  ok   - greets\n\nTest files: 2 passed, 1 failed\n')).toBe(
      'Test files: 2 passed, 1 failed',
    );
  });

  it('reads vitest output, colours included', () => {
    const output = [
      ' \u001b[32m✓\u001b[39m test/a.test.ts (3 tests) 5ms',
      '',
      '\u001b[2m Test Files \u001b[22m \u001b[1m\u001b[31m1 failed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[1m\u001b[32m2 passed\u001b[39m\u001b[22m (3)',
      '\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[31m1 failed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[1m\u001b[32m8 passed\u001b[39m\u001b[22m (9)',
      '\u001b[2m   Duration \u001b[22m 1.2s',
    ].join('\n');
    expect(findTestSummary(output)).toBe('Tests: 1 failed | 8 passed (9)');
  });

  it('reads jest output', () => {
    const output = 'Test Suites: 1 failed, 1 passed, 2 total\nTests:       2 failed, 5 passed, 7 total\nSnapshots:   0 total\n';
    expect(findTestSummary(output)).toBe('Tests: 2 failed, 5 passed, 7 total');
  });

  it('reads pytest output with and without rules', () => {
    expect(findTestSummary('F..\n=========== 1 failed, 2 passed in 0.12s ===========\n')).toBe('1 failed, 2 passed in 0.12s');
    expect(findTestSummary('...\n3 passed in 0.01s\n')).toBe('3 passed in 0.01s');
    expect(findTestSummary('== 1 failed, 2 passed, 1 warning in 0.30s ==\n')).toBe('1 failed, 2 passed, 1 warning in 0.30s');
  });

  it('reads cargo output, preferring a failing test binary', () => {
    const output = [
      'test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s',
      'test result: ok. 4 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s',
    ].join('\n');
    expect(findTestSummary(output)).toBe(
      'test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s',
    );
  });

  it('reads go test output per package', () => {
    expect(findTestSummary('ok  \texample.com/a\t0.01s\nok  \texample.com/b\t0.02s\n')).toBe('go test: 2 packages ok');
    const failing = '--- FAIL: TestX (0.00s)\nFAIL\nFAIL\texample.com/c\t0.01s\nok  \texample.com/a\t0.01s\n';
    expect(findTestSummary(failing)).toBe('go test: 1 package ok, 1 package FAIL (example.com/c)');
  });

  it('returns null for output it does not recognise', () => {
    expect(findTestSummary('all good, probably\n')).toBeNull();
  });
});
