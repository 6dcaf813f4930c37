import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';
import { parsePytest } from '../../../../src/tools/test-report-native';
import { LOAD_TIMEOUT_MS, loadPython, sharedPython } from './python-runtime-helpers';

const { runtime } = sharedPython();

beforeAll(() => loadPython(runtime), LOAD_TIMEOUT_MS);
afterAll(() => runtime.dispose());

const countsOf = (stdout: string) => parsePytest(stdout.split('\n'))?.counts;
const lines = (...source: string[]) => `${source.join('\n')}\n`;
const sandbox = (files: Record<string, string>) => new VirtualSandbox({ python: runtime, files });

/** Each fixture appends to events.log in the workspace, so the test sees setup and teardown order. */
const EVENT_LOG = lines('def log(line):', '    with open("/workspace/events.log", "a") as f:', '        f.write(line + "\\n")');
const LOGGING_CONFTEST = lines(
  'import pytest',
  'from eventlog import log',
  '@pytest.fixture(scope="session")',
  'def database():',
  '    log("database up")',
  '    yield {"rows": []}',
  '    log("database down")',
  '@pytest.fixture',
  'def row(database):',
  '    database["rows"].append("r")',
  '    log("row up")',
  '    yield len(database["rows"])',
  '    database["rows"].pop()',
  '    log("row down")',
);

describe("Phasegate's offline pytest: fixtures", () => {
  it('takes fixtures from conftest.py files from the rootdir down and the test file, with scopes and yield teardown', async () => {
    const sb = sandbox({
      'eventlog.py': EVENT_LOG,
      'conftest.py': LOGGING_CONFTEST,
      'tests/conftest.py': lines(
        'import pytest',
        'from eventlog import log',
        '@pytest.fixture(scope="module")',
        'def per_module():',
        '    log("module up")',
        '    yield object()',
        '    log("module down")',
      ),
      'tests/test_a.py': lines(
        'import pytest',
        'from eventlog import log',
        '@pytest.fixture',
        'def local(row, per_module):',
        '    return ("local", row)',
        'def test_first(local, per_module):',
        '    log("test_first")',
        '    assert local == ("local", 1)',
        'def test_fails_but_tears_down(row):',
        '    log("test_fails")',
        '    assert row == 99',
        'def test_same_module_object(per_module, database):',
        '    assert database["rows"] == []',
      ),
      'tests/deeper/test_b.py': lines('from eventlog import log', 'def test_b(row, per_module):', '    log("test_b")', '    assert row == 1'),
    });
    const result = await sb.exec('pytest -v');
    expect(result.stdout).toContain('tests/test_a.py::test_first PASSED');
    expect(result.stdout).toContain('tests/test_a.py::test_fails_but_tears_down FAILED');
    expect(result.stdout).toContain('tests/deeper/test_b.py::test_b PASSED');
    expect(countsOf(result.stdout)).toEqual({ passed: 3, failed: 1, skipped: 0, unit: 'tests' });
    expect((await sb.readFile('/workspace/events.log')).split('\n').filter(Boolean)).toEqual([
      'database up',
      'module up',
      'row up',
      'test_b',
      'row down',
      'module down',
      'module up',
      'row up',
      'test_first',
      'row down',
      'row up',
      'test_fails',
      'row down',
      'module down',
      'database down',
    ]);
  });

  it('runs autouse fixtures, parametrized fixtures with request.param, and fixtures in a test class', async () => {
    const result = await sandbox({
      'conftest.py': lines(
        'import os',
        'import pytest',
        '@pytest.fixture(autouse=True)',
        'def environment(monkeypatch):',
        '    monkeypatch.setenv("MODE", "test")',
      ),
      'test_params.py': lines(
        'import os',
        'import pytest',
        '@pytest.fixture(params=[1, 2], ids=["one", "two"])',
        'def number(request):',
        '    return request.param * 10',
        'def test_number(number):',
        '    assert os.environ["MODE"] == "test"',
        '    assert number in (10, 20)',
        '@pytest.fixture',
        'def plain(request):',
        '    return request.param',
        'def test_plain_has_no_param(plain):',
        '    pass',
        'class TestBox:',
        '    @pytest.fixture',
        '    def box(self):',
        '        return [self.__class__.__name__]',
        '    def test_box(self, box):',
        '        assert box == ["TestBox"]',
      ),
    }).exec('pytest -v');
    expect(result.stdout).toContain('test_params.py::test_number[one] PASSED');
    expect(result.stdout).toContain('test_params.py::test_number[two] PASSED');
    expect(result.stdout).toContain('test_params.py::TestBox::test_box PASSED');
    expect(result.stdout).toContain('ERROR test_params.py::test_plain_has_no_param - AttributeError: request.param exists only');
    expect(countsOf(result.stdout)).toEqual({ passed: 3, failed: 1, skipped: 0, unit: 'tests' });
  });

  it('has tmp_path, capsys and monkeypatch, undoing the patches after the test', async () => {
    const sb = sandbox({
      'settings.py': 'NAME = "real"\n',
      'test_builtins.py': lines(
        'import os',
        'import sys',
        'import tempfile',
        'import settings',
        'def test_tmp_path(tmp_path):',
        '    assert str(tmp_path).startswith(tempfile.gettempdir())',
        '    assert list(tmp_path.iterdir()) == []',
        '    (tmp_path / "out.txt").write_text("hi")',
        '    assert (tmp_path / "out.txt").read_text() == "hi"',
        'def test_tmp_path_is_fresh(tmp_path):',
        '    assert list(tmp_path.iterdir()) == []',
        'def test_capsys(capsys):',
        '    print("to out")',
        '    print("to err", file=sys.stderr)',
        '    captured = capsys.readouterr()',
        '    assert captured.out == "to out\\n"',
        '    assert captured.err == "to err\\n"',
        '    assert capsys.readouterr().out == ""',
        'def test_monkeypatch(monkeypatch, tmp_path):',
        '    monkeypatch.setattr(settings, "NAME", "fake")',
        '    monkeypatch.setattr("os.sep", "!")',
        '    monkeypatch.delattr(settings, "NAME")',
        '    monkeypatch.setenv("PG_VAR", "1")',
        '    monkeypatch.delenv("HOME", raising=False)',
        '    monkeypatch.setitem(sys.modules, "fake_module", settings)',
        '    monkeypatch.chdir(tmp_path)',
        '    monkeypatch.syspath_prepend(str(tmp_path))',
        '    assert not hasattr(settings, "NAME") and os.sep == "!" and os.environ["PG_VAR"] == "1"',
        '    assert os.getcwd() == str(tmp_path) and sys.path[0] == str(tmp_path)',
        'def test_monkeypatch_undone(tmp_path):',
        '    assert settings.NAME == "real" and os.sep == "/" and "PG_VAR" not in os.environ',
        '    assert "fake_module" not in sys.modules and os.getcwd() == "/workspace"',
        '    assert not any(p.startswith(tempfile.gettempdir()) for p in sys.path)',
      ),
    });
    const result = await sb.exec('pytest -v');
    expect(countsOf(result.stdout)).toEqual({ passed: 5, failed: 0, skipped: 0, unit: 'tests' });
    expect(result.exitCode).toBe(0);
    expect(await sb.exists('/workspace/out.txt')).toBe(false);
  });

  it('fails a test asking for an unknown fixture the way pytest does, and names fixtures the subset lacks', async () => {
    const result = await sandbox({
      'test_missing.py': lines(
        'def test_unknown(no_such_thing):',
        '    pass',
        'def test_capfd(capfd):',
        '    pass',
        'def test_tmpdir(tmpdir):',
        '    pass',
        'def test_mocker(mocker):',
        '    pass',
      ),
    }).exec('pytest -q');
    expect(result.stdout).toContain("E       FixtureLookupError: fixture 'no_such_thing' not found");
    expect(result.stdout).toContain("fixture 'capfd' not found: the built-in fixture capfd is not in Phasegate's offline pytest");
    expect(result.stdout).toContain("fixture 'tmpdir' not found: the built-in fixture tmpdir (use tmp_path) is not in");
    expect(result.stdout).toContain("fixture 'mocker' not found: the fixture mocker (from the plugin pytest-mock; use unittest.mock)");
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(/^4 errors in [\d.]+s$/);
    expect(countsOf(result.stdout)).toEqual({ passed: 0, failed: 4, skipped: 0, unit: 'tests' });
    expect(result.exitCode).toBe(1);
  });

  it('fails naming what is missing when a conftest.py uses hooks or plugins, or a test a plugin mark', async () => {
    const hook = await sandbox({
      'conftest.py': 'def pytest_addoption(parser):\n    parser.addoption("--slow")\n',
      'test_x.py': 'def test_x():\n    pass\n',
    }).exec('pytest');
    expect(hook.stdout).toContain("ERROR conftest.py - Unsupported: the hook pytest_addoption (in conftest.py) is not in Phasegate's offline pytest");
    expect(hook.stdout).toMatch(/=+ 1 error in [\d.]+s =+/);
    expect(hook.exitCode).toBe(2);
    const plugins = await sandbox({ 'conftest.py': 'pytest_plugins = ["pytest_asyncio"]\n', 'test_x.py': 'def test_x():\n    pass\n' }).exec('pytest -q');
    expect(plugins.stdout).toContain('pytest_plugins (plugins, asked for in conftest.py) is not in');
    expect(plugins.exitCode).toBe(2);
    const mark = await sandbox({ 'test_x.py': 'import pytest\n\n@pytest.mark.asyncio\nasync def test_x():\n    pass\n' }).exec('pytest -q');
    expect(mark.stdout).toContain('pytest.mark.asyncio (from the plugin pytest-asyncio) is not in');
    expect(mark.exitCode).toBe(2);
    const option = await sandbox({ 'test_x.py': 'def test_x():\n    pass\n' }).exec('pytest --cov=src');
    expect(option.stderr).toContain("ERROR: the option --cov=src is not in Phasegate's offline pytest");
    expect(option.exitCode).toBe(4);
  });
});

describe("Phasegate's offline pytest: configuration", () => {
  const project = (config: Record<string, string>) =>
    sandbox({
      ...config,
      'src/shop/__init__.py': '',
      'src/shop/cart.py': 'def total(prices):\n    return sum(prices)\n',
      'tests/test_cart.py': 'from shop.cart import total\n\n\ndef test_total():\n    assert total([1, 2]) == 3\n',
      'scratch/test_not_in_testpaths.py': 'def test_never():\n    assert False\n',
    });

  it.each([
    ['pyproject.toml', '[tool.pytest.ini_options]\ntestpaths = ["tests"]\npythonpath = ["src"]\n'],
    ['pytest.ini', '[pytest]\ntestpaths = tests\npythonpath = src\n'],
    ['setup.cfg', '[metadata]\nname = shop\n\n[tool:pytest]\ntestpaths = tests\npythonpath = src\n'],
  ])('reads testpaths and pythonpath from %s, whose folder is the rootdir', async (name, text) => {
    const sb = project({ [name]: text });
    const result = await sb.exec('pytest');
    expect(result.stdout).toContain(`configfile: ${name}`);
    expect(result.stdout).toContain('rootdir: /workspace');
    expect(result.stdout).toContain('testpaths: tests');
    expect(result.stdout).toMatch(/=+ 1 passed in [\d.]+s =+/);
    const fromTests = await sb.exec('cd tests && pytest test_cart.py -v');
    expect(fromTests.stdout).toContain('rootdir: /workspace');
    expect(fromTests.stdout).toContain('tests/test_cart.py::test_total PASSED');
  });

  it('reads python_files, collect_ignore and the markers pytest_configure adds; skips a module that asks to be', async () => {
    const result = await sandbox({
      'pytest.ini': '[pytest]\npython_files = check_*.py\n',
      'conftest.py': lines('collect_ignore = ["ignored"]', 'def pytest_configure(config):', '    config.addinivalue_line("markers", "slow: slow tests")'),
      'ignored/check_ignored.py': 'def test_ignored():\n    assert False\n',
      'test_not_matched.py': 'def test_not_collected():\n    assert False\n',
      'check_config.py': 'def test_markers(pytestconfig):\n    assert pytestconfig.getini("markers") == ["slow: slow tests"]\n',
      'check_module_skip.py': 'import pytest\npytest.skip("not on this platform", allow_module_level=True)\n',
    }).exec('pytest -v -rs');
    expect(result.stdout).toContain('collected 1 item / 1 skipped');
    expect(result.stdout).toContain('check_config.py::test_markers PASSED');
    expect(result.stdout).toContain('SKIPPED [1] check_module_skip.py: not on this platform');
    expect(result.stdout).toMatch(/=+ 1 passed, 1 skipped in [\d.]+s =+/);
  });

  it('takes -o to override the config, -W warning filters and --strict-markers', async () => {
    const sb = sandbox({
      'pytest.ini': '[pytest]\nmarkers =\n    slow: takes long\n',
      'test_w.py': lines(
        'import warnings',
        'import pytest',
        '@pytest.mark.xfail(reason="fixed")',
        'def test_xpass():',
        '    pass',
        'def test_deprecated():',
        '    warnings.warn("old", DeprecationWarning)',
        '@pytest.mark.slow',
        'def test_slow():',
        '    pass',
      ),
    });
    const plain = await sb.exec('pytest -q --strict-markers');
    expect(plain.stdout.trim().split('\n').at(-1)).toMatch(/^2 passed, 1 xpassed in [\d.]+s$/);
    const strict = await sb.exec('pytest -q -o xfail_strict=true -W error::DeprecationWarning');
    expect(strict.stdout).toContain('FAILED test_w.py::test_xpass - Failed: [XPASS(strict)] fixed');
    expect(strict.stdout).toContain('FAILED test_w.py::test_deprecated - DeprecationWarning: old');
    await sb.writeFile('/workspace/test_u.py', 'import pytest\n\n@pytest.mark.unregistered\ndef test_u():\n    pass\n');
    const unregistered = await sb.exec('pytest -q --strict-markers');
    expect(unregistered.stdout).toContain("ERROR test_u.py - ValueError: 'unregistered' not found in the markers configuration option");
    expect(unregistered.exitCode).toBe(2);
  });

  it('ignores a pyproject.toml without a pytest table: no testpaths, no pythonpath', async () => {
    const result = await project({ 'pyproject.toml': '[project]\nname = "shop"\n' }).exec('pytest');
    expect(result.stdout).not.toContain('configfile:');
    expect(result.stdout).toContain('collected 1 item / 1 error');
    expect(result.stdout).toContain("ERROR tests/test_cart.py - ModuleNotFoundError: No module named 'shop'");
    expect(result.stdout).toContain('Interrupted: 1 error during collection');
    expect(result.exitCode).toBe(2);
  });
});
