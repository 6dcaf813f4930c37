import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { runTestsTool } from '../../../src/tools/run-tests';
import { detectTestRunner } from '../../../src/tools/test-runner-detect';
import { harness } from './helpers';

const detect = (files: Record<string, string>) => detectTestRunner(new VirtualSandbox({ files }));

describe('detectTestRunner', () => {
  it.each([
    ['package.json test script', { 'package.json': '{"scripts":{"test":"vitest run"}}', 'vitest.config.ts': '' }, 'npm', 'npm test'],
    [
      'vitest config without a test script',
      { 'package.json': '{"scripts":{"build":"tsc"}}', 'vitest.config.mts': 'export default {}' },
      'vitest',
      'npx vitest run',
    ],
    ['pytest.ini', { 'pytest.ini': '[pytest]\n' }, 'pytest', 'python -m pytest -q'],
    ['conftest.py', { 'conftest.py': '' }, 'pytest', 'python -m pytest -q'],
    ['pyproject.toml with [tool.pytest.ini_options]', { 'pyproject.toml': '[tool.pytest.ini_options]\naddopts = "-q"\n' }, 'pytest', 'python -m pytest -q'],
    ['test_*.py files', { 'pkg/tests/test_core.py': 'def test_x(): pass\n' }, 'pytest', 'python -m pytest -q'],
    ['go.mod', { 'go.mod': 'module example.com/x\n' }, 'go', 'go test ./...'],
    ['Cargo.toml', { 'Cargo.toml': '[package]\nname = "x"\n' }, 'cargo', 'cargo test'],
  ])('detects %s', async (_label, files, id, command) => {
    const detection = await detect(files);
    expect(detection).toMatchObject({ ok: true, runner: { id, command } });
  });

  it("ignores pyproject.toml without pytest settings and npm's placeholder script", async () => {
    const detection = await detect({
      'pyproject.toml': '[project]\nname = "x"\n',
      'package.json': '{"scripts":{"test":"echo \\"Error: no test specified\\" && exit 1"}}',
    });
    expect(detection.ok).toBe(false);
    if (detection.ok) return;
    expect(detection.error).toMatch(/No test runner found/);
    expect(detection.error).toMatch(/go\.mod/);
    expect(detection.error).toMatch(/Cargo\.toml/);
    expect(detection.error).toMatch(/pytest\.ini/);
    expect(detection.error).toMatch(/"no test specified" placeholder/);
  });

  it('explains an unreadable package.json instead of crashing', async () => {
    const detection = await detect({ 'package.json': '{ not json' });
    expect(detection.ok).toBe(false);
    if (!detection.ok) expect(detection.error).toMatch(/package\.json is not valid JSON/);
  });
});

/** A sandbox whose test command prints `output` (through a script, so it runs in the virtual shell). */
function withRunnerOutput(output: string, exitCode: number) {
  return harness({
    'package.json': '{"scripts":{"test":"bash print.sh"}}',
    'out.txt': output,
    'print.sh': `cat out.txt\nexit ${exitCode}\n`,
  });
}

describe('run_tests', () => {
  it('runs the starter project and leads with the verdict and counts', async () => {
    const h = harness(STARTER_PROJECT);
    const result = await runTestsTool.run({}, h.ctx);
    expect(result.ok).toBe(true);
    const [verdict, summary, runner] = result.output.split('\n');
    expect(verdict).toBe('Tests passed (exit code 0) — 0 failed, 1 passed, 0 skipped test files (starter)');
    expect(summary).toBe('Runner summary: Test files: 1 passed, 0 failed');
    expect(runner).toBe('Runner: npm test (detected from package.json "test" script: bash tests/run.sh)');
    expect(result.output).toContain('tests/greet_test.sh\n  ok   - greets by name');
    expect(h.events[0]).toMatchObject({ type: 'command_started', command: 'npm test' });
    expect(h.events.map((e) => e.type)).toEqual(['command_started', 'command_output', 'command_finished']);
    expect(h.events[0]).toMatchObject({ cwd: '/workspace' });
  });

  it('shows only the first failure of a failing starter project, and all of them on request', async () => {
    const h = harness({ ...STARTER_PROJECT, 'src/greet.sh': 'greet() {\n  echo "Bye, ${1:-world}!"\n}\n' });
    const result = await runTestsTool.run({}, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output.split('\n')[0]).toBe('Tests FAILED (exit code 1) — 1 failed, 0 passed, 0 skipped test files (starter)');
    expect(result.output).toContain("First failure (of 2): tests/greet_test.sh: greets by name\n  FAIL - greets by name\n         expected: 'Hello, Ada!'");
    expect(result.output).not.toContain("expected: 'Hello, world!'");
    expect(result.output).toMatch(/\[1 more failure not shown: tests\/greet_test\.sh: greets the world by default\. Call run_tests with all_failures: true/);
    const all = await runTestsTool.run({ all_failures: true }, h.ctx);
    expect(all.output).toContain('Failure 1 (of 2): tests/greet_test.sh: greets by name');
    expect(all.output).toContain(
      "Failure 2 (of 2): tests/greet_test.sh: greets the world by default\n  FAIL - greets the world by default\n         expected: 'Hello, world!'",
    );
    expect(all.output).not.toContain('not shown');
    expect(h.events[h.events.length - 1]).toMatchObject({ type: 'command_finished', exitCode: 1 });
  });

  it('extracts the first failure of a vitest run through the tool, with max_failures for more', async () => {
    const fixture = readFileSync(join(import.meta.dirname, 'runner-output', 'vitest-fail-colour.txt'), 'utf8');
    const h = withRunnerOutput(fixture, 1);
    const result = await runTestsTool.run({}, h.ctx);
    const lines = result.output.split('\n');
    expect(lines[0]).toBe('Tests FAILED (exit code 1) — 2 failed, 1 passed, 1 skipped (vitest)');
    expect(lines[1]).toBe('Runner summary: Tests  2 failed | 1 passed | 1 skipped (4)');
    expect(result.output).toContain(
      'First failure (of 2): math.test.ts > math > subtracts\n FAIL  math.test.ts > math > subtracts\nAssertionError: expected 1 to be 2',
    );
    expect(result.output).not.toContain('\u001b');
    expect(result.output).not.toContain('expected 2 to be 3');
    // The viewer still gets the colours.
    expect(h.events.some((e) => e.type === 'command_output' && e.chunk.includes('\u001b['))).toBe(true);
    const two = await runTestsTool.run({ max_failures: 2 }, h.ctx);
    expect(two.output).toContain('Failure 2 (of 2): math.test.ts > math > divides');
  });

  it('counts a node --test run in the virtual sandbox and names its failing test', async () => {
    const h = harness({
      'package.json': '{"name":"calc","scripts":{"test":"node --test"}}',
      'math.js': 'exports.add = (a, b) => a - b;\nexports.mul = (a, b) => a * b;\n',
      'test/math.test.js': [
        "const { describe, it } = require('node:test');",
        "const assert = require('node:assert/strict');",
        "const { add, mul } = require('../math');",
        "describe('math', () => {",
        "  it('adds', () => assert.equal(add(2, 3), 5));",
        "  it('multiplies', () => assert.equal(mul(2, 3), 6));",
        "  it.skip('divides', () => {});",
        '});',
      ].join('\n'),
    });
    const result = await runTestsTool.run({}, h.ctx);
    const lines = result.output.split('\n');
    expect(lines[0]).toBe('Tests FAILED (exit code 1) — 1 failed, 1 passed, 1 skipped (node:test)');
    expect(lines[1]).toBe('Runner summary: tests 3, suites 1, pass 1, fail 1, cancelled 0, skipped 1, todo 0');
    expect(result.output).toMatch(/First failure: math > adds\n {2}✖ adds \([\d.]+ms\)\n {4}AssertionError: Expected values to be strictly equal:/);
  });

  it('says counts are unavailable for unknown output and shows its tail', async () => {
    const output = Array.from({ length: 100 }, (_, i) => `log line ${i + 1}`).join('\n');
    const h = withRunnerOutput(`${output}\nsomething broke\n`, 2);
    const result = await runTestsTool.run({}, h.ctx);
    const lines = result.output.split('\n');
    expect(lines[0]).toBe('Tests FAILED (exit code 2) — counts unavailable (output format not recognised)');
    expect(result.output).toMatch(/--- output \(last 60 of 10\d lines\) ---\nlog line 42\n/);
    expect(lines[lines.length - 1]).toBe('something broke');
    expect(result.output).not.toContain('log line 41\n');
  });

  it('summarises binary output instead of showing it', async () => {
    const h = withRunnerOutput(`\u0000\u0001\u0002binary\u0000junk`, 1);
    const result = await runTestsTool.run({}, h.ctx);
    expect(result.output).toMatch(/--- output ---\n\[binary output, \d+ bytes, not shown\]/);
  });

  it('runs the detected command for other runners from the workspace root, explaining a missing tool', async () => {
    const h = harness({ 'pytest.ini': '[pytest]\n', 'tests/test_x.py': 'def test_x(): pass\n' });
    await h.sandbox.exec('cd tests');
    const result = await runTestsTool.run({}, h.ctx);
    expect(h.events[0]).toMatchObject({ type: 'command_started', command: 'python -m pytest -q', cwd: '/workspace' });
    expect(result.ok).toBe(false);
    expect(result.output.split('\n')[0]).toBe('Tests FAILED (exit code 127) — counts unavailable (output format not recognised)');
    expect(result.output).toMatch(/exit code 127 means the command was not found; this sandbox may not have python/);
  });

  it('fails clearly when no runner is found, without running anything', async () => {
    const h = harness({ 'README.md': '# nothing to test\n' });
    const result = await runTestsTool.run({}, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/No test runner found/);
    expect(result.output).toMatch(/run_command/);
    expect(h.events).toEqual([]);
  });

  it('takes the failure options, test_path and name, and nothing else', () => {
    expect(runTestsTool.schema.safeParse({}).success).toBe(true);
    expect(runTestsTool.schema.safeParse({ all_failures: true }).success).toBe(true);
    expect(runTestsTool.schema.safeParse({ max_failures: 3 }).success).toBe(true);
    expect(runTestsTool.schema.safeParse({ max_failures: 0 }).success).toBe(false);
    expect(runTestsTool.schema.safeParse({ test_path: 'tests/a.py', name: 'b' }).success).toBe(true);
    expect(runTestsTool.schema.safeParse({ pattern: 'x' }).success).toBe(false);
  });
});
