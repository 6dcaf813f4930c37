import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';
import { parsePytest } from '../../../../src/tools/test-report-native';
import { LOAD_TIMEOUT_MS, loadPython, sharedPython } from './python-runtime-helpers';

const { runtime } = sharedPython();

beforeAll(() => loadPython(runtime), LOAD_TIMEOUT_MS);
afterAll(() => runtime.dispose());

const CALC = [
  'def add(a, b):',
  '    return a + b',
  '',
  '',
  'def div(a, b):',
  '    if b == 0:',
  '        raise ZeroDivisionError("cannot divide by zero")',
  '    return a / b',
  '',
].join('\n');

const run = (test: string, command = 'pytest -v -rfEsxX') =>
  new VirtualSandbox({ python: runtime, files: { 'calc.py': CALC, 'test_calc.py': test } }).exec(command);

const countsOf = (stdout: string) => parsePytest(stdout.split('\n'))?.counts;
const lines = (...source: string[]) => `${source.join('\n')}\n`;

describe("Phasegate's offline pytest: raises, approx, parametrize, skip and xfail", () => {
  it('pytest.raises as a context manager and a call, with match=, .value and .type', async () => {
    const result = await run(
      lines(
        'import pytest',
        'from calc import div',
        'def test_context():',
        '    with pytest.raises(ZeroDivisionError, match=r"divide by \\w+") as info:',
        '        div(1, 0)',
        '    assert info.type is ZeroDivisionError',
        '    assert str(info.value) == "cannot divide by zero"',
        'def test_call():',
        '    info = pytest.raises(ValueError, int, "x")',
        '    assert "invalid literal" in str(info.value)',
        'def test_tuple():',
        '    with pytest.raises((KeyError, ZeroDivisionError)):',
        '        div(2, 0)',
        'def test_did_not_raise():',
        '    with pytest.raises(ZeroDivisionError):',
        '        div(2, 1)',
        'def test_no_match():',
        '    with pytest.raises(ZeroDivisionError, match="by one"):',
        '        div(1, 0)',
        'def test_other_error_goes_through():',
        '    with pytest.raises(KeyError):',
        '        div(1, 0)',
      ),
    );
    expect(result.stdout).toContain('test_calc.py::test_context PASSED');
    expect(result.stdout).toContain('test_calc.py::test_call PASSED');
    expect(result.stdout).toContain('test_calc.py::test_tuple PASSED');
    expect(result.stdout).toContain("FAILED test_calc.py::test_did_not_raise - Failed: DID NOT RAISE <class 'ZeroDivisionError'>");
    expect(result.stdout).toContain('FAILED test_calc.py::test_no_match - Regex pattern did not match.');
    expect(result.stdout).toContain('FAILED test_calc.py::test_other_error_goes_through - ZeroDivisionError: cannot divide by zero');
    expect(countsOf(result.stdout)).toEqual({ passed: 3, failed: 3, skipped: 0, unit: 'tests' });
    expect(result.exitCode).toBe(1);
  });

  it('pytest.approx compares numbers, sequences and dicts within rel and abs', async () => {
    const result = await run(
      lines(
        'from pytest import approx',
        'def test_numbers():',
        '    assert 0.1 + 0.2 == approx(0.3)',
        '    assert 0.1 + 0.2 != 0.3',
        '    assert 100.5 == approx(100, rel=0.01)',
        '    assert 100.5 != approx(100, rel=0.001)',
        '    assert 10.4 == approx(10, abs=0.5)',
        '    assert 10.6 != approx(10, abs=0.5)',
        'def test_containers():',
        '    assert [0.1 + 0.2, 2.0] == approx([0.3, 2.0])',
        '    assert (0.1 + 0.2,) == approx((0.3,))',
        '    assert {"a": 0.1 + 0.2, "b": 1} == approx({"a": 0.3, "b": 1})',
        '    assert [0.3] != approx([0.3, 0.3])',
        '    assert {"a": 0.3} != approx({"b": 0.3})',
        'def test_shows_the_tolerance():',
        '    assert 0.5 == approx(0.3)',
      ),
    );
    expect(result.stdout).toContain('test_calc.py::test_numbers PASSED');
    expect(result.stdout).toContain('test_calc.py::test_containers PASSED');
    expect(result.stdout).toContain('E       AssertionError: assert 0.5 == 0.3 ± 3.0e-07');
    expect(countsOf(result.stdout)).toEqual({ passed: 2, failed: 1, skipped: 0, unit: 'tests' });
  });

  it('parametrize: one or several names, ids in the test id, stacked decorators, pytest.param', async () => {
    const result = await run(
      lines(
        'import pytest',
        'from calc import add',
        '@pytest.mark.parametrize("a,b", [(1, 2), (2, 2)])',
        'def test_pairs(a, b):',
        '    assert add(a, b) > 2',
        '@pytest.mark.parametrize(("word",), [("x",)])',
        'def test_tuple_names(word):',
        '    assert word == "x"',
        '@pytest.mark.parametrize("n", [1, 2, 3])',
        'def test_one_name(n):',
        '    assert n != 2',
        '@pytest.mark.parametrize("x", [0, 1])',
        '@pytest.mark.parametrize("y", [2, 3])',
        'def test_stacked(x, y):',
        '    assert x < y',
        '@pytest.mark.parametrize("s", ["ab", pytest.param("cd", id="named"), pytest.param("", marks=pytest.mark.xfail(reason="empty"))])',
        'def test_param(s):',
        '    assert s',
        '@pytest.mark.parametrize("v", [object()], ids=["custom"])',
        'def test_ids(v):',
        '    assert v',
        'class TestInClass:',
        '    @pytest.mark.parametrize("k", [True, None])',
        '    def test_method(self, k):',
        '        assert k is not False',
      ),
    );
    const ids = [...result.stdout.matchAll(/^(test_calc\.py::\S+) (PASSED|FAILED|XFAIL)/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(ids).toEqual([
      'test_calc.py::test_pairs[1-2] PASSED',
      'test_calc.py::test_pairs[2-2] PASSED',
      'test_calc.py::test_tuple_names[x] PASSED',
      'test_calc.py::test_one_name[1] PASSED',
      'test_calc.py::test_one_name[2] FAILED',
      'test_calc.py::test_one_name[3] PASSED',
      'test_calc.py::test_stacked[2-0] PASSED',
      'test_calc.py::test_stacked[2-1] PASSED',
      'test_calc.py::test_stacked[3-0] PASSED',
      'test_calc.py::test_stacked[3-1] PASSED',
      'test_calc.py::test_param[ab] PASSED',
      'test_calc.py::test_param[named] PASSED',
      'test_calc.py::test_param[] XFAIL',
      'test_calc.py::test_ids[custom] PASSED',
      'test_calc.py::TestInClass::test_method[True] PASSED',
      'test_calc.py::TestInClass::test_method[None] PASSED',
    ]);
    expect(result.stdout).toContain('FAILED test_calc.py::test_one_name[2] - assert 2 != 2');
    expect(countsOf(result.stdout)).toEqual({ passed: 14, failed: 1, skipped: 1, unit: 'tests' });
  });

  it('skip, skipif, xfail and fail, counted in the summary as pytest prints them', async () => {
    const result = await run(
      lines(
        'import sys',
        'import pytest',
        'from calc import add',
        '@pytest.mark.skip(reason="not today")',
        'def test_skip_mark():',
        '    assert False',
        '@pytest.mark.skipif(sys.version_info > (3,), reason="too new")',
        'def test_skipif_true():',
        '    assert False',
        '@pytest.mark.skipif(False, reason="never")',
        'def test_skipif_false():',
        '    assert True',
        'def test_skip_call():',
        '    pytest.skip("decided at run time")',
        '@pytest.mark.xfail(reason="known bug")',
        'def test_xfail():',
        '    assert add(1, 1) == 3',
        '@pytest.mark.xfail(reason="fixed already")',
        'def test_xpass():',
        '    assert add(1, 1) == 2',
        '@pytest.mark.xfail(raises=KeyError)',
        'def test_xfail_wrong_error():',
        '    raise ValueError("not the one")',
        '@pytest.mark.xfail(strict=True, reason="must fail")',
        'def test_xpass_strict():',
        '    pass',
        'def test_fail_call():',
        '    pytest.fail("gave up")',
        'def test_xfail_call():',
        '    pytest.xfail("not ready")',
      ),
    );
    expect(result.stdout).toContain('test_calc.py::test_skip_mark SKIPPED (not today)');
    expect(result.stdout).toContain('test_calc.py::test_skipif_true SKIPPED (too new)');
    expect(result.stdout).toContain('test_calc.py::test_skipif_false PASSED');
    expect(result.stdout).toContain('test_calc.py::test_skip_call SKIPPED (decided at run time)');
    expect(result.stdout).toContain('XFAIL test_calc.py::test_xfail - known bug');
    expect(result.stdout).toContain('XPASS test_calc.py::test_xpass - fixed already');
    expect(result.stdout).toContain('FAILED test_calc.py::test_xfail_wrong_error - ValueError: not the one');
    expect(result.stdout).toContain('FAILED test_calc.py::test_xpass_strict - Failed: [XPASS(strict)] must fail');
    expect(result.stdout).toContain('FAILED test_calc.py::test_fail_call - Failed: gave up');
    expect(result.stdout).toMatch(/=+ 3 failed, 1 passed, 3 skipped, 2 xfailed, 1 xpassed in [\d.]+s =+/);
    expect(countsOf(result.stdout)).toEqual({ passed: 2, failed: 3, skipped: 5, unit: 'tests' });
    expect(result.exitCode).toBe(1);
  });

  it('applies marks of a class and a module: parametrize, usefixtures, filterwarnings; checks pytest.warns', async () => {
    const result = await run(
      lines(
        'import warnings',
        'import pytest',
        'pytestmark = pytest.mark.usefixtures("counter")',
        'calls = []',
        '@pytest.fixture',
        'def counter():',
        '    calls.append(1)',
        '@pytest.mark.parametrize("n", [1, 2])',
        'class TestClassParam:',
        '    def test_a(self, n):',
        '        assert n > 0',
        '    def test_b(self, n):',
        '        assert n < 3',
        '@pytest.mark.filterwarnings("error::UserWarning")',
        'def test_warning_is_an_error():',
        '    warnings.warn("careful", UserWarning)',
        'def test_warns():',
        '    with pytest.warns(UserWarning, match="care"):',
        '        warnings.warn("careful", UserWarning)',
        'def test_did_not_warn():',
        '    with pytest.warns(DeprecationWarning):',
        '        pass',
        'def test_usefixtures_ran():',
        '    assert len(calls) == 8',
      ),
    );
    expect(result.stdout).toContain('test_calc.py::TestClassParam::test_a[1] PASSED');
    expect(result.stdout).toContain('test_calc.py::TestClassParam::test_b[2] PASSED');
    expect(result.stdout).toContain('FAILED test_calc.py::test_warning_is_an_error - UserWarning: careful');
    expect(result.stdout).toContain('test_calc.py::test_warns PASSED');
    expect(result.stdout).toContain("FAILED test_calc.py::test_did_not_warn - Failed: DID NOT WARN. No warnings of type <class 'DeprecationWarning'>");
    expect(result.stdout).toContain('test_calc.py::test_usefixtures_ran PASSED');
    expect(countsOf(result.stdout)).toEqual({ passed: 6, failed: 2, skipped: 0, unit: 'tests' });
  });

  it('prints the progress letters for skipped, xfailed and xpassed tests, and passes when nothing failed', async () => {
    const result = await run(
      lines(
        'import pytest',
        'def test_ok():',
        '    pass',
        '@pytest.mark.skip',
        'def test_skipped():',
        '    pass',
        '@pytest.mark.xfail',
        'def test_xfailed():',
        '    assert False',
        '@pytest.mark.xfail',
        'def test_xpassed():',
        '    pass',
      ),
      'pytest',
    );
    expect(result.stdout).toContain('test_calc.py .sxX');
    expect(result.stdout).toMatch(/=+ 1 passed, 1 skipped, 1 xfailed, 1 xpassed in [\d.]+s =+/);
    expect(result.exitCode).toBe(0);
  });
});
