import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src/protocol/events';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { runTestsTool } from '../../../src/tools/run-tests';
import { LOAD_TIMEOUT_MS, loadPython, sharedPython } from '../sandbox/python/python-runtime-helpers';
import { harness } from './helpers';

const started = (events: EventPayload[]) => events.flatMap((e) => (e.type === 'command_started' ? [e.command] : []));

const MATH_JS = 'exports.add = (a, b) => a - b;\nexports.mul = (a, b) => a * b;\n';
const nodeTest = (name: string, body: string) =>
  [
    `const { it } = require('node:test');`,
    `const assert = require('node:assert/strict');`,
    `const { add, mul } = require('../math');`,
    `it('${name}', () => ${body});`,
  ].join('\n');

describe('run_tests with test_path and name in the virtual sandbox', () => {
  it('node --test runs only the file given', async () => {
    const h = harness({
      'package.json': '{"scripts":{"test":"node --test"}}',
      'math.js': MATH_JS,
      'test/add.test.js': nodeTest('adds', 'assert.equal(add(2, 3), 5)'),
      'test/mul.test.js': nodeTest('multiplies', 'assert.equal(mul(2, 3), 6)'),
    });
    const whole = await runTestsTool.run({}, h.ctx);
    expect(whole.output.split('\n')[0]).toBe('Tests FAILED (exit code 1) — 1 failed, 1 passed, 0 skipped (node:test)');
    const one = await runTestsTool.run({ test_path: 'test/mul.test.js' }, h.ctx);
    expect(one.output.split('\n')[0]).toBe('Tests passed (exit code 0) — 0 failed, 1 passed, 0 skipped (node:test)');
    expect(one.output).toContain('Runner: node --test \'test/mul.test.js\' (detected from package.json "test" script: node --test)');
  });

  it('node --test runs only the tests --test-name-pattern names (or those of a suite it names)', async () => {
    const h = harness({
      'package.json': '{"scripts":{"test":"node --test test/"}}',
      'math.js': MATH_JS,
      'test/math.test.js': [
        "const { describe, it } = require('node:test');",
        "const assert = require('node:assert/strict');",
        "const { add, mul } = require('../math');",
        "describe('products', () => { it('multiplies', () => assert.equal(mul(2, 3), 6)); it('squares', () => assert.equal(mul(3, 3), 9)); });",
        "it('adds', () => assert.equal(add(2, 3), 5));",
      ].join('\n'),
    });
    const byTest = await runTestsTool.run({ name: '^multiplies$' }, h.ctx);
    expect(byTest.output.split('\n')[0]).toBe('Tests passed (exit code 0) — 0 failed, 1 passed, 0 skipped (node:test)');
    const bySuite = await runTestsTool.run({ name: 'products' }, h.ctx);
    expect(bySuite.output.split('\n')[0]).toBe('Tests passed (exit code 0) — 0 failed, 2 passed, 0 skipped (node:test)');
    const failing = await runTestsTool.run({ name: 'add' }, h.ctx);
    expect(failing.output.split('\n')[0]).toBe('Tests FAILED (exit code 1) — 1 failed, 0 passed, 0 skipped (node:test)');
    expect(started(h.events)).toEqual([
      "node --test --test-name-pattern='^multiplies$' test/",
      "node --test --test-name-pattern='products' test/",
      "node --test --test-name-pattern='add' test/",
    ]);
  });

  it('node --test keeps the script’s glob for the shell to expand and its reporter option, adding the name filter', async () => {
    const files = {
      'math.js': MATH_JS,
      'test/add.test.js': nodeTest('adds', 'assert.equal(add(2, 3), 5)'),
      'test/mul.test.js': nodeTest('multiplies', 'assert.equal(mul(2, 3), 6)'),
    };
    for (const script of ['node --test test/*.test.js', 'node --test --test-reporter spec test/']) {
      const h = harness({ ...files, 'package.json': JSON.stringify({ scripts: { test: script } }) });
      const result = await runTestsTool.run({ name: 'multiplies' }, h.ctx);
      expect(result.output.split('\n')[0]).toBe('Tests passed (exit code 0) — 0 failed, 1 passed, 0 skipped (node:test)');
    }
  });

  it('node --test on a folder runs the test files in it, named one by one; a folder without any ran no tests', async () => {
    const h = harness({
      'package.json': '{"scripts":{"test":"node --test"}}',
      'math.js': MATH_JS,
      'test/add.test.js': nodeTest('adds', 'assert.equal(add(2, 3), 5)'),
      'test/unit/mul.test.js': nodeTest('multiplies', 'assert.equal(mul(2, 3), 6)').replace("'../math'", "'../../math'"),
      'test/unit/square.test.js': nodeTest('squares', 'assert.equal(mul(3, 3), 9)').replace("'../math'", "'../../math'"),
      'test/unit/helpers.js': 'module.exports = {};\n',
      'lib/util.js': 'module.exports = {};\n',
    });
    const folder = await runTestsTool.run({ test_path: 'test/unit' }, h.ctx);
    expect(folder.output.split('\n')[0]).toBe('Tests passed (exit code 0) — 0 failed, 2 passed, 0 skipped (node:test)');
    const glob = await runTestsTool.run({ test_path: 'test/**/*.test.js', name: 'adds|squares' }, h.ctx);
    expect(glob.output.split('\n')[0]).toBe('Tests FAILED (exit code 1) — 1 failed, 1 passed, 0 skipped (node:test)');
    expect(started(h.events)).toEqual([
      "node --test 'test/unit/mul.test.js' 'test/unit/square.test.js'",
      "node --test --test-name-pattern='adds|squares' 'test/add.test.js' 'test/unit/mul.test.js' 'test/unit/square.test.js'",
    ]);
    const none = await runTestsTool.run({ test_path: 'lib' }, h.ctx);
    expect(none).toMatchObject({ ok: false, errorKind: 'no_tests', output: expect.stringMatching(/^No tests ran: lib names no file node --test would run/) });
    expect(started(h.events)).toHaveLength(2);
  });

  it('the virtual node reads --test-name-pattern in both forms, and refuses a missing or invalid pattern', async () => {
    const sandbox = new VirtualSandbox({ files: { 'test/a.test.js': "const { it } = require('node:test');\nit('one', () => {});\nit('two', () => {});\n" } });
    expect((await sandbox.exec('node --test --test-name-pattern two test/')).stdout).toMatch(/✔ two[\s\S]*ℹ tests 1\n/);
    expect((await sandbox.exec('node --test --test-name-pattern')).stderr).toBe('node: --test-name-pattern requires an argument\n');
    const invalid = await sandbox.exec("node --test --test-name-pattern='(' test/");
    expect(invalid).toMatchObject({ exitCode: 9, stderr: 'node: --test-name-pattern: invalid regular expression: (\n' });
  });

  it('vitest runs the file given and only the tests -t names', async () => {
    const h = harness({
      'package.json': '{"scripts":{"test":"vitest run"}}',
      'math.js': MATH_JS,
      'math.test.js': [
        "import { describe, expect, it } from 'vitest';",
        "import { add, mul } from './math.js';",
        "describe('math', () => {",
        "  it('adds', () => expect(add(2, 3)).toBe(5));",
        "  it('multiplies', () => expect(mul(2, 3)).toBe(6));",
        '});',
      ].join('\n'),
      'other.test.js': "import { it } from 'vitest';\nit('fails', () => { throw new Error('boom'); });\n",
    });
    const result = await runTestsTool.run({ test_path: 'math.test.js', name: 'multiplies' }, h.ctx);
    expect(started(h.events)).toEqual(["npx vitest run 'math.test.js' -t 'multiplies'"]);
    expect(result.ok).toBe(true);
    expect(result.output.split('\n')[0]).toBe('Tests passed (exit code 0) — 0 failed, 1 passed, 1 skipped (vitest)');
  });

  it('jest (the offline runner) runs only the tests -t names', async () => {
    const h = harness({
      'package.json': '{"scripts":{"test":"jest"}}',
      'math.js': MATH_JS,
      'math.test.js':
        "const { add, mul } = require('./math');\ntest('adds', () => expect(add(2, 3)).toBe(5));\ntest('multiplies', () => expect(mul(2, 3)).toBe(6));\n",
    });
    const result = await runTestsTool.run({ name: 'multiplies' }, h.ctx);
    expect(started(h.events)).toEqual(["npx jest -t 'multiplies'"]);
    expect(result.output.split('\n')[0]).toMatch(/^Tests passed \(exit code 0\) — 0 failed, 1 passed, 1 skipped \(/);
  });

  it('a name with quotes and shell syntax stays one argument: nothing else runs', async () => {
    const h = harness({ 'package.json': '{"scripts":{"test":"vitest run"}}', 'a.test.js': "import { it } from 'vitest';\nit('a', () => {});\n" });
    await runTestsTool.run({ name: "x'; touch pwned; echo '$(touch pwned2)" }, h.ctx);
    expect(await h.sandbox.stat('/workspace/pwned')).toBeNull();
    expect(await h.sandbox.stat('/workspace/pwned2')).toBeNull();
  });

  it('refuses to aim a script it does not know, and runs nothing', async () => {
    const h = harness({ 'package.json': '{"scripts":{"test":"bash tests/run.sh"}}' });
    const result = await runTestsTool.run({ name: 'greet' }, h.ctx);
    expect(result).toMatchObject({ ok: false, errorKind: 'invalid_arguments' });
    expect(result.output).toMatch(/^run_tests cannot aim the "test" script `bash tests\/run\.sh` at one test/);
    expect(h.events).toEqual([]);
  });
});

describe('run_tests with test_path and name on unittest (offline Python)', () => {
  const { runtime } = sharedPython();
  beforeAll(() => loadPython(runtime), LOAD_TIMEOUT_MS);
  afterAll(() => runtime.dispose());

  const CALC_TESTS = [
    'import unittest',
    'from calc import add',
    '',
    'class TestAdd(unittest.TestCase):',
    '    def test_positive(self):',
    '        self.assertEqual(add(2, 3), 5)',
    '',
    '    def test_zero(self):',
    '        self.assertEqual(add(0, 0), 0)',
    '',
  ].join('\n');
  const ran = (output: string) => /Ran (\d+) tests?/.exec(output)?.[1];

  it('a folder runs through discover -s, a file and a dotted id as they are, a name through -k', async () => {
    const sandbox = new VirtualSandbox({
      python: runtime,
      files: {
        'package.json': '{"scripts":{"test":"python -m unittest discover -s tests -p \'*_test.py\'"}}',
        'calc.py': 'def add(a, b):\n    return a + b\n',
        'tests/calc_test.py': CALC_TESTS,
        'tests/more/sub_test.py': 'import unittest\n\nclass TestSub(unittest.TestCase):\n    def test_sub(self):\n        self.assertEqual(3 - 1, 2)\n',
        'tests/more/__init__.py': '',
      },
    });
    const h = harness({}, () => sandbox);
    const folder = await runTestsTool.run({ test_path: 'tests/more' }, h.ctx);
    const file = await runTestsTool.run({ test_path: 'tests/calc_test.py', name: 'zero' }, h.ctx);
    const byName = await runTestsTool.run({ name: 'positive' }, h.ctx);
    const whole = await runTestsTool.run({}, h.ctx);
    expect(started(h.events)).toEqual([
      "python -m unittest discover -s 'tests/more' -p '*_test.py'",
      "python -m unittest 'tests/calc_test.py' -k 'zero'",
      "python -m unittest discover -s tests -p '*_test.py' -k 'positive'",
      'npm test',
    ]);
    expect([folder, file, byName, whole].map((r) => [r.ok, ran(r.output)])).toEqual([
      [true, '1'],
      [true, '1'],
      [true, '1'],
      // The name filter of the run before did not stay behind in the interpreter.
      [true, '3'],
    ]);
    const none = await runTestsTool.run({ test_path: 'tests/more', name: 'zzz' }, h.ctx);
    expect(none).toMatchObject({ ok: false, errorKind: 'no_tests' });
  }, 120_000);
});

describe('run_tests with test_path and name on the offline pytest', () => {
  const { runtime } = sharedPython();
  beforeAll(() => loadPython(runtime), LOAD_TIMEOUT_MS);
  afterAll(() => runtime.dispose());

  it('runs a test id, and -k selects by name', async () => {
    const sandbox = new VirtualSandbox({
      python: runtime,
      files: {
        'calc.py': 'def add(a, b):\n    return a + b\n',
        'tests/test_calc.py': 'from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n\n\ndef test_broken():\n    assert add(1, 1) == 3\n',
        'tests/test_more.py': 'from calc import add\n\n\ndef test_negative():\n    assert add(-1, -1) == -2\n',
      },
    });
    const h = harness({}, () => sandbox);
    const byId = await runTestsTool.run({ test_path: 'tests/test_calc.py::test_add' }, h.ctx);
    expect(byId.output.split('\n')[0]).toBe('Tests passed (exit code 0) — 0 failed, 1 passed, 0 skipped (pytest)');
    const byName = await runTestsTool.run({ name: 'negative or broken' }, h.ctx);
    expect(byName.output.split('\n')[0]).toBe('Tests FAILED (exit code 1) — 1 failed, 1 passed, 0 skipped (pytest)');
    expect(started(h.events)).toEqual(["python -m pytest -q 'tests/test_calc.py::test_add'", "python -m pytest -q -k 'negative or broken'"]);
  }, 120_000);
});
