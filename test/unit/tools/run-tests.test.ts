import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { runTestsTool } from '../../../src/tools/run-tests';
import { detectTestRunner } from '../../../src/tools/test-runner-detect';
import { harness } from './helpers';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

const detect = (files: Record<string, string>) => detectTestRunner(new VirtualSandbox({ files }));

describe('detectTestRunner', () => {
  it.each([
    ['package.json test script', { 'package.json': '{"scripts":{"test":"vitest run"}}', 'vitest.config.ts': '' }, 'npm', 'npm test'],
    ['vitest config without a test script', { 'package.json': '{"scripts":{"build":"tsc"}}', 'vitest.config.mts': 'export default {}' }, 'vitest', 'npx vitest run'],
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

  it('ignores pyproject.toml without pytest settings and npm\'s placeholder script', async () => {
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

describe('run_tests', () => {
  it('runs the starter project and leads with the passing summary', async () => {
    const h = harness(STARTER_PROJECT);
    const result = await runTestsTool.run({}, h.ctx);
    expect(result.ok).toBe(true);
    const [verdict, runner] = result.output.split('\n');
    expect(verdict).toBe('Tests passed (exit code 0) — Test files: 1 passed, 0 failed');
    expect(runner).toBe('Runner: npm test (detected from package.json "test" script: bash tests/run.sh)');
    expect(result.output).toContain('tests/greet_test.sh\n  ok   - greets by name');
    expect(h.events[0]).toMatchObject({ type: 'command_started', command: 'npm test' });
    expect(h.events.map((e) => e.type)).toEqual(['command_started', 'command_output', 'command_finished']);
    expect(h.events[0]).toMatchObject({ cwd: '/workspace' });
  });

  it('reports a failing starter project with the summary first', async () => {
    const h = harness({ ...STARTER_PROJECT, 'src/greet.sh': 'greet() {\n  echo "Bye, ${1:-world}!"\n}\n' });
    const result = await runTestsTool.run({}, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output.split('\n')[0]).toBe('Tests FAILED (exit code 1) — Test files: 0 passed, 1 failed');
    expect(result.output).toContain("expected: 'Hello, Ada!'");
    expect(h.events[h.events.length - 1]).toMatchObject({ type: 'command_finished', exitCode: 1 });
  });

  it('runs the detected command for other runners from the workspace root, explaining a missing tool', async () => {
    const h = harness({ 'pytest.ini': '[pytest]\n', 'tests/test_x.py': 'def test_x(): pass\n' });
    await h.sandbox.exec('cd tests');
    const result = await runTestsTool.run({}, h.ctx);
    expect(h.events[0]).toMatchObject({ type: 'command_started', command: 'python -m pytest -q', cwd: '/workspace' });
    expect(result.ok).toBe(false);
    expect(result.output.split('\n')[0]).toBe('Tests FAILED (exit code 127)');
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

  it('takes no arguments', () => {
    expect(runTestsTool.schema.safeParse({}).success).toBe(true);
    expect(runTestsTool.schema.safeParse({ pattern: 'x' }).success).toBe(false);
  });
});
