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

  it('exits 5 when it finds no tests', async () => {
    const result = await new VirtualSandbox({ python: runtime, files: { 'app.py': 'print(1)\n' } }).exec('pytest');
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toMatch(/no tests ran in [\d.]+s/);
  });
});
