import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';
import { parsePytest } from '../../../../src/tools/test-report-native';
import { LOAD_TIMEOUT_MS, loadPython, sharedPython } from './python-runtime-helpers';

const { runtime } = sharedPython();

beforeAll(() => loadPython(runtime), LOAD_TIMEOUT_MS);
afterAll(() => runtime.dispose());

const project = (addBody: string) =>
  new VirtualSandbox({
    python: runtime,
    files: {
      'calc.py': `def add(a, b):\n    return ${addBody}\n`,
      'tests/test_calc.py':
        'from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n\n\ndef test_zero():\n    assert add(0, 0) == 0\n\n\nclass TestLists:\n    def test_in(self):\n        assert 5 in [add(1, 4)]\n',
      'tests/sum_test.py': 'from calc import add\n\n\ndef test_negative():\n    assert add(-1, -1) == -2\n',
      'tests/helpers.py': 'def test_not_collected():\n    assert False\n',
    },
  });

const countsOf = (stdout: string) => parsePytest(stdout.split('\n'))?.counts;

describe("Phasegate's offline pytest", () => {
  it('discovers test files, functions and Test classes, and ends with the summary run_tests counts', async () => {
    const result = await project('a + b').exec('pytest');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("Phasegate's offline pytest");
    expect(result.stdout).toContain('collected 4 items');
    expect(countsOf(result.stdout)).toEqual({ passed: 4, failed: 0, skipped: 0, unit: 'tests' });
  });

  it('fails with the compared values, names each failure, and counts them', async () => {
    const result = await project('a + b + 1').exec('python3 -m pytest');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('E       AssertionError: assert 6 == 5');
    expect(result.stdout).toContain('FAILED tests/test_calc.py::test_add - assert 6 == 5');
    expect(result.stdout).toContain('FAILED tests/test_calc.py::TestLists::test_in - assert 5 in [6]');
    expect(countsOf(result.stdout)).toEqual({ passed: 0, failed: 4, skipped: 0, unit: 'tests' });
  });

  it('takes -q, -k and a path', async () => {
    const result = await project('a + b').exec('pytest -q -k negative tests');
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(/^1 passed, 3 deselected in [\d.]+s$/);
  });

  it('fails a test that uses what the subset lacks, naming it', async () => {
    const sb = project('a + b');
    await sb.writeFile(
      '/workspace/tests/test_more.py',
      'import pytest\n\n\ndef test_exit():\n    pytest.exit("done")\n\n\ndef test_fixture(capfd):\n    assert capfd\n',
    );
    const result = await sb.exec('pytest -q');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("FAILED tests/test_more.py::test_exit - Unsupported: pytest.exit is not in Phasegate's offline pytest");
    expect(result.stdout).toContain("ERROR tests/test_more.py::test_fixture - FixtureLookupError: fixture 'capfd' not found: the built-in");
    expect(countsOf(result.stdout)).toMatchObject({ passed: 4, failed: 2 });
  });

  it('selects with -k expressions, -m marks and node ids, and stops at the first failure with -x', async () => {
    const sb = project('a + b');
    await sb.writeFile(
      '/workspace/tests/test_marks.py',
      'import pytest\n\n\n@pytest.mark.slow\ndef test_slow():\n    pass\n\n\ndef test_fast():\n    assert 1 == 2\n\n\ndef test_after():\n    pass\n',
    );
    const byKeyword = await sb.exec('pytest -v -k "add or negative and not zero"');
    expect(byKeyword.stdout).toContain('collected 7 items / 5 deselected / 2 selected');
    expect(byKeyword.stdout).toContain('tests/test_calc.py::test_add PASSED');
    expect(byKeyword.stdout).toContain('tests/sum_test.py::test_negative PASSED');
    const byMark = await sb.exec('pytest -q -m slow');
    expect(byMark.stdout.trim().split('\n').at(-1)).toMatch(/^1 passed, 6 deselected in [\d.]+s$/);
    const byNodeId = await sb.exec('pytest -v tests/test_calc.py::TestLists tests/test_marks.py::test_slow');
    expect(countsOf(byNodeId.stdout)).toEqual({ passed: 2, failed: 0, skipped: 0, unit: 'tests' });
    const firstFailure = await sb.exec('pytest -x tests/test_marks.py');
    expect(firstFailure.stdout).toContain('stopping after 1 failures');
    expect(firstFailure.stdout).toMatch(/=+ 1 failed, 1 passed in [\d.]+s =+/);
  });

  it('runs unittest.TestCase classes and xunit-style setup, and shows captured output of a failing test', async () => {
    const sb = project('a + b');
    await sb.writeFile(
      '/workspace/tests/test_styles.py',
      [
        'import unittest',
        'from calc import add',
        'class TestCaseStyle(unittest.TestCase):',
        '    def setUp(self):',
        '        self.base = 10',
        '    def test_add(self):',
        '        self.assertEqual(add(self.base, 1), 11)',
        '    def test_wrong(self):',
        '        print("checking wrong")',
        '        self.assertEqual(add(self.base, 1), 12)',
        '    @unittest.skip("later")',
        '    def test_skipped(self):',
        '        pass',
        'class TestXunit:',
        '    def setup_method(self, method):',
        '        self.name = method.__name__',
        '    def test_name(self):',
        '        assert self.name == "test_name"',
        'log = []',
        'def setup_module(module):',
        '    log.append("module")',
        'def setup_function(function):',
        '    log.append(function.__name__)',
        'def test_plain():',
        '    assert log == ["module", "test_plain"]',
        '',
      ].join('\n'),
    );
    const result = await sb.exec('pytest -q tests/test_styles.py');
    expect(result.stdout).toContain('FAILED tests/test_styles.py::TestCaseStyle::test_wrong - 11 != 12');
    expect(result.stdout).toContain('- Captured stdout call -');
    expect(result.stdout).toContain('checking wrong');
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(/^1 failed, 3 passed, 1 skipped in [\d.]+s$/);
  });

  it('ends at the time limit inside a test that captures its output, and the next run is as usual', async () => {
    const sb = project('a + b');
    await sb.writeFile('/workspace/tests/test_spin.py', 'def test_spin(capsys):\n    print("spinning")\n    while True:\n        pass\n');
    const stuck = await sb.exec('pytest -q', { timeoutMs: 1500 });
    expect(stuck).toMatchObject({ exitCode: 124, timedOut: true });
    await sb.exec('rm tests/test_spin.py');
    const next = await sb.exec('pytest -q');
    expect(next.stdout).toContain("Phasegate's offline pytest");
    expect(countsOf(next.stdout)).toEqual({ passed: 4, failed: 0, skipped: 0, unit: 'tests' });
  });

  it('runs a warm 20-test file well within a second', async () => {
    const tests = Array.from({ length: 20 }, (_, i) => `def test_${i}():\n    assert ${i} + 1 == ${i + 1}\n`).join('\n');
    const sb = new VirtualSandbox({ python: runtime, files: { 'test_many.py': tests } });
    await sb.exec('pytest -q');
    const started = performance.now();
    const result = await sb.exec('pytest -q');
    const elapsed = performance.now() - started;
    expect(countsOf(result.stdout)).toEqual({ passed: 20, failed: 0, skipped: 0, unit: 'tests' });
    expect(elapsed).toBeLessThan(1000);
  });

  it('exits 5 when it finds no tests', async () => {
    const result = await new VirtualSandbox({ python: runtime, files: { 'app.py': 'print(1)\n' } }).exec('pytest');
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toMatch(/no tests ran in [\d.]+s/);
  });
});
