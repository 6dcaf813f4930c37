import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PYTHON_VERSION } from '../../../../src/sandbox/python/python-info';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';
import { LOAD_TIMEOUT_MS, loadPython, sharedPython } from './python-runtime-helpers';

const { runtime } = sharedPython();
const sandbox = (files: Record<string, string> = {}) => new VirtualSandbox({ files, python: runtime });

beforeAll(() => loadPython(runtime), LOAD_TIMEOUT_MS);
afterAll(() => runtime.dispose());

describe('python3 in the virtual sandbox', () => {
  it('reports the version of the Python it runs', async () => {
    const sb = sandbox();
    const real = await sb.exec('python3 -c "import sys; print(sys.version.split()[0])"');
    expect(real.stdout.trim()).toBe(PYTHON_VERSION);
    const shown = await sb.exec('python3 --version && python -V');
    expect(shown).toMatchObject({ exitCode: 0, stdout: `Python ${PYTHON_VERSION}\nPython ${PYTHON_VERSION}\n` });
  });

  it('runs -c with its arguments in sys.argv', async () => {
    const result = await sandbox().exec(`python3 -c "import sys; print(sys.argv)" one 'two words'`);
    expect(result).toMatchObject({ exitCode: 0, stdout: "['-c', 'one', 'two words']\n" });
  });

  it('runs a file from another folder with argv, importing modules beside it, in the shell cwd', async () => {
    const sb = sandbox({
      'app/main.py': 'import os, sys\nfrom helper import shout\nprint(shout(sys.argv[1]), sys.argv[0], os.getcwd())\n',
      'app/helper.py': 'def shout(text):\n    return text.upper() + "!"\n',
    });
    await sb.exec('mkdir -p docs && cd docs');
    const result = await sb.exec('python3 ../app/main.py hello');
    expect(result).toMatchObject({ exitCode: 0, stdout: 'HELLO! ../app/main.py /workspace/docs\n', stderr: '' });
  });

  it('says so when the file does not exist', async () => {
    const result = await sandbox().exec('python3 missing.py');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("can't open file '/workspace/missing.py'");
  });

  it('reads stdin: piped data, input() and a script given on stdin', async () => {
    const sb = sandbox();
    const piped = await sb.exec(`printf 'a\\nb\\n' | python3 -c "import sys; print(sys.stdin.read().upper(), end='')"`);
    expect(piped.stdout).toBe('A\nB\n');
    const asked = await sb.exec(`echo Ada | python3 -c "print('hi', input())"`);
    expect(asked.stdout).toBe('hi Ada\n');
    const script = await sb.exec(`echo 'print(6 * 7)' | python3 -`);
    expect(script.stdout).toBe('42\n');
  });

  it('exits with sys.exit codes, and 1 with a traceback on an uncaught exception', async () => {
    const sb = sandbox({ 'bad.py': 'def f():\n    raise ValueError("boom")\nf()\n' });
    expect((await sb.exec('python3 -c "import sys; sys.exit(3)"')).exitCode).toBe(3);
    expect((await sb.exec('python3 -c "raise SystemExit(0)"')).exitCode).toBe(0);
    const message = await sb.exec(`python3 -c "import sys; sys.exit('no config')"`);
    expect(message).toMatchObject({ exitCode: 1, stderr: 'no config\n' });
    const crash = await sb.exec('python3 bad.py; echo "status $?"');
    expect(crash.stdout).toBe('status 1\n');
    expect(crash.stderr).toMatch(/^Traceback \(most recent call last\):\n {2}File "\/workspace\/bad.py", line 3/);
    expect(crash.stderr).toContain('ValueError: boom');
    expect(crash.stderr).not.toMatch(/runpy|phasegate/);
  });

  it('runs -m json.tool and -m doctest', async () => {
    const sb = sandbox({
      'calc.py': 'def add(a, b):\n    """\n    >>> add(2, 2)\n    5\n    """\n    return a + b\n',
    });
    const json = await sb.exec(`echo '{"b": 1, "a": [1, 2]}' | python3 -m json.tool --sort-keys`);
    expect(json).toMatchObject({ exitCode: 0, stdout: '{\n    "a": [\n        1,\n        2\n    ],\n    "b": 1\n}\n' });
    const doctest = await sb.exec('python3 -m doctest calc.py');
    expect(doctest.exitCode).toBe(1);
    expect(doctest.stdout).toContain('Expected:\n    5\nGot:\n    4');
  });

  it('points pip and python3 -m pip at the standard library, with a failing exit code', async () => {
    const sb = sandbox();
    for (const command of ['pip install requests', 'pip3 install -r requirements.txt', 'python3 -m pip install numpy']) {
      const result = await sb.exec(command);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('packages cannot be installed here');
      expect(result.stderr).toContain('standard library');
    }
  });
});

describe('python3 -m unittest', () => {
  const project = (passing: boolean) => ({
    'calc.py': `def add(a, b):\n    return a + b${passing ? '' : ' + 1'}\n\n\ndef mul(a, b):\n    return a * b\n`,
    'tests/__init__.py': '',
    'tests/test_calc.py':
      'import unittest\nfrom calc import add, mul\n\n\nclass CalcTest(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(2, 3), 5)\n\n    def test_mul(self):\n        self.assertEqual(mul(2, 3), 6)\n',
    'tests/test_more.py':
      'import unittest\nfrom calc import add\n\n\nclass MoreTest(unittest.TestCase):\n    def test_zero(self):\n        self.assertEqual(add(0, 0), 0)\n',
  });

  it('discovers and runs every test of a passing project', async () => {
    const sb = sandbox(project(true));
    const result = await sb.exec('python3 -m unittest');
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(/Ran 3 tests in [\d.]+s\n\nOK\n$/);
    const verbose = await sb.exec('python3 -m unittest discover -s tests -t . -v');
    expect(verbose.exitCode).toBe(0);
    expect(verbose.stderr).toContain('test_mul (tests.test_calc.CalcTest.test_mul) ... ok');
  });

  it('fails with the failures counted, and passes once the file is fixed', async () => {
    const sb = sandbox(project(false));
    const failing = await sb.exec('python3 -m unittest discover');
    expect(failing.exitCode).toBe(1);
    expect(failing.stderr).toContain('AssertionError: 6 != 5');
    expect(failing.stderr).toMatch(/Ran 3 tests in [\d.]+s\n\nFAILED \(failures=2\)\n$/);
    // The next run imports calc.py as it is now, not as the last run left it in sys.modules.
    await sb.writeFile('/workspace/calc.py', project(true)['calc.py']);
    const fixed = await sb.exec('python3 -m unittest');
    expect(fixed.exitCode).toBe(0);
    expect(fixed.stderr).toMatch(/Ran 3 tests in [\d.]+s\n\nOK\n$/);
  });
});
