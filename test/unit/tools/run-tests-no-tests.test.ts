import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { runTestsTool } from '../../../src/tools/run-tests';
import { LOAD_TIMEOUT_MS, loadPython, sharedPython } from '../sandbox/python/python-runtime-helpers';
import { harness } from './helpers';

const firstLine = (output: string) => output.split('\n')[0];

describe('run_tests says plainly when no test ran (offline node and vitest/jest)', () => {
  it.each([
    ['node --test', { 'package.json': '{"scripts":{"test":"node --test"}}', 'index.js': 'module.exports = 1;\n' }, 'No tests ran (exit code 0)', 'tests 0'],
    [
      'vitest run',
      { 'package.json': '{"scripts":{"test":"vitest run"}}', 'index.js': 'export const one = 1;\n' },
      'No tests ran (exit code 1)',
      'No test files found',
    ],
    ['jest', { 'package.json': '{"scripts":{"test":"jest"}}', 'index.js': 'module.exports = 1;\n' }, 'No tests ran (exit code 1)', 'No test files found'],
  ])('%s finding no test file', async (_, files, head, said) => {
    const result = await runTestsTool.run({}, harness(files).ctx);
    expect(result).toMatchObject({ ok: false, errorKind: 'no_tests' });
    expect(firstLine(result.output)).toContain(head);
    expect(firstLine(result.output)).toContain(said);
    expect(result.output).toContain('the runner finds no test in this project');
  });

  it('the starter project without its test files', async () => {
    const files = Object.fromEntries(Object.entries(STARTER_PROJECT).filter(([path]) => !path.endsWith('_test.sh')));
    const result = await runTestsTool.run({}, harness(files).ctx);
    expect(result).toMatchObject({ ok: false, errorKind: 'no_tests' });
    expect(firstLine(result.output)).toBe('No tests ran (exit code 0): the runner found or selected no test — "Test files: 0 passed, 0 failed"');
  });

  it('a name filter matching no test (vitest -t) ran no tests, and says what to check', async () => {
    const files = { 'package.json': '{"scripts":{"test":"vitest run"}}', 'a.test.js': "import { it } from 'vitest';\nit('adds', () => {});\n" };
    const result = await runTestsTool.run({ name: 'zzz-nothing' }, harness(files).ctx);
    expect(result).toMatchObject({ ok: false, errorKind: 'no_tests' });
    expect(firstLine(result.output)).toBe('No tests ran (exit code 0): the runner found or selected no test — "Tests  1 skipped (1)"');
    expect(result.output).toContain('check that test_path names test files (or a test id) and that name matches a test');
  });
});

describe('run_tests says plainly when no test ran (offline pytest and unittest)', () => {
  const { runtime } = sharedPython();
  beforeAll(() => loadPython(runtime), LOAD_TIMEOUT_MS);
  afterAll(() => runtime.dispose());

  it('pytest collecting nothing (exit 5) and -k deselecting every test', async () => {
    const empty = new VirtualSandbox({ python: runtime, files: { 'pytest.ini': '[pytest]\n', 'calc.py': 'x = 1\n' } });
    const none = await runTestsTool.run({}, harness({}, () => empty).ctx);
    expect(none).toMatchObject({ ok: false, errorKind: 'no_tests' });
    expect(firstLine(none.output)).toMatch(/^No tests ran \(exit code 5\): the runner found or selected no test — "no tests ran in [\d.]+s"$/);

    const tested = new VirtualSandbox({ python: runtime, files: { 'test_calc.py': 'def test_add():\n    assert 1 + 1 == 2\n' } });
    const deselected = await runTestsTool.run({ name: 'zzz' }, harness({}, () => tested).ctx);
    expect(deselected).toMatchObject({ ok: false, errorKind: 'no_tests' });
    expect(firstLine(deselected.output)).toMatch(/^No tests ran \(exit code 5\): .* "1 deselected in [\d.]+s"$/);
  }, 120_000);

  it('unittest finding no test (3.14 exits 5: "NO TESTS RAN")', async () => {
    const sandbox = new VirtualSandbox({
      python: runtime,
      files: { 'package.json': '{"scripts":{"test":"python -m unittest discover -s tests"}}', 'tests/helpers.py': 'X = 1\n' },
    });
    const result = await runTestsTool.run({}, harness({}, () => sandbox).ctx);
    expect(result).toMatchObject({ ok: false, errorKind: 'no_tests' });
    expect(firstLine(result.output)).toBe('No tests ran (exit code 5): the runner found or selected no test — "NO TESTS RAN"');
  }, 120_000);
});
