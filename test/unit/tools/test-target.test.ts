import { describe, expect, it } from 'vitest';
import { checkCommand } from '../../../src/shell/check-command';
import { runTestsTool } from '../../../src/tools/run-tests';
import type { DetectedTestRunner } from '../../../src/tools/test-runner-detect';
import { flavourOfScript, shellQuote, targetedCommand } from '../../../src/tools/test-target';

const npm = (script: string): DetectedTestRunner => ({ id: 'npm', command: 'npm test', reason: 'script', script });
const runner = (id: DetectedTestRunner['id'], command: string): DetectedTestRunner => ({ id, command, reason: 'r' });
const commandOf = (r: DetectedTestRunner, target: { test_path?: string; name?: string }) => {
  const result = targetedCommand(r, target);
  if (!result.ok) throw new Error(result.error);
  return result.command;
};

describe('run_tests on part of the suite: the command in each runner’s syntax', () => {
  it('node --test: the name pattern before the path; without a path, the script’s own folders', () => {
    expect(commandOf(npm('node --test'), { test_path: 'test/math.test.js', name: 'adds' })).toBe("node --test --test-name-pattern='adds' 'test/math.test.js'");
    expect(commandOf(npm('node --test test/'), { name: 'math > adds' })).toBe("node --test --test-name-pattern='math > adds' test/");
  });

  it('node --test keeps the script’s own words: globs unquoted, options with their values, variables and --import', () => {
    expect(commandOf(npm('node --test test/*.test.js'), { name: 'adds' })).toBe("node --test --test-name-pattern='adds' test/*.test.js");
    expect(commandOf(npm('node --test --test-reporter spec test/'), { name: 'adds' })).toBe(
      "node --test --test-reporter spec --test-name-pattern='adds' test/",
    );
    expect(commandOf(npm('node --test-reporter=tap --test "test/**/*.test.js"'), { name: 'adds' })).toBe(
      'node --test-reporter=tap --test --test-name-pattern=\'adds\' "test/**/*.test.js"',
    );
    expect(commandOf(npm('NODE_ENV=test node --import tsx --test test/*.test.ts'), { test_path: 'test/a.test.ts' })).toBe(
      "NODE_ENV=test node --import tsx --test 'test/a.test.ts'",
    );
    // The script's own pattern would widen the filter (node runs tests matching any): the name replaces it.
    expect(commandOf(npm('node --test --test-name-pattern=unit test/'), { name: 'adds' })).toBe("node --test --test-name-pattern='adds' test/");
  });

  it('node --test: a folder or glob test_path becomes the files it names (node 21+ takes no folder)', () => {
    const facts = { kind: 'dir' as const, nodeTestFiles: ['test/a.test.js', 'test/unit/b.test.js'] };
    expect(targetedCommand(npm('node --test'), { test_path: 'test' }, facts)).toEqual({
      ok: true,
      command: "node --test 'test/a.test.js' 'test/unit/b.test.js'",
    });
    expect(targetedCommand(npm('node --test'), { test_path: 'lib' }, { kind: 'dir', nodeTestFiles: [] })).toMatchObject({
      ok: false,
      noTests: true,
      error: expect.stringMatching(/^No tests ran: lib names no file node --test would run/),
    });
    const many = Array.from({ length: 301 }, (_, i) => `test/t${i}.test.js`);
    expect(targetedCommand(npm('node --test'), { test_path: 'test' }, { kind: 'dir', nodeTestFiles: many })).toMatchObject({
      ok: false,
      error: expect.stringContaining('names 301 test files'),
    });
  });

  it('unittest: a folder is discover -s with the script’s -p and -t; a file or id as it is; -k replaces the script’s', () => {
    const script = npm("python3 -m unittest discover -s tests -p '*_test.py' -t . -v");
    expect(targetedCommand(script, { test_path: 'tests/unit' }, { kind: 'dir' })).toEqual({
      ok: true,
      command: "python3 -m unittest discover -s 'tests/unit' -p '*_test.py' -t . -v",
    });
    expect(targetedCommand(script, { test_path: 'tests/unit/calc_test.py', name: 'zero' }, { kind: 'file' })).toEqual({
      ok: true,
      command: "python3 -m unittest 'tests/unit/calc_test.py' -v -k 'zero'",
    });
    expect(commandOf(script, { name: 'zero' })).toBe("python3 -m unittest discover -s tests -p '*_test.py' -t . -v -k 'zero'");
    expect(commandOf(npm('python -m unittest -k slow'), { name: 'zero' })).toBe("python -m unittest -k 'zero'");
  });

  it('vitest and jest: the path, then -t', () => {
    expect(commandOf(npm('vitest run'), { test_path: 'src/a.test.ts', name: 'adds' })).toBe("npx vitest run 'src/a.test.ts' -t 'adds'");
    expect(commandOf(runner('vitest', 'npx vitest run'), { name: 'adds two' })).toBe("npx vitest run -t 'adds two'");
    expect(commandOf(npm('jest --coverage'), { test_path: 'src/a.test.js', name: 'adds' })).toBe("npx jest 'src/a.test.js' -t 'adds'");
    expect(commandOf(npm('NODE_ENV=test npx jest'), { test_path: 'src' })).toBe("npx jest 'src'");
  });

  it('pytest and unittest: a test id or path, then -k', () => {
    expect(commandOf(runner('pytest', 'python -m pytest -q'), { test_path: 'tests/test_a.py::TestX::test_y[1-2]' })).toBe(
      "python -m pytest -q 'tests/test_a.py::TestX::test_y[1-2]'",
    );
    expect(commandOf(runner('pytest', 'python -m pytest -q'), { name: 'negative and not slow' })).toBe("python -m pytest -q -k 'negative and not slow'");
    expect(commandOf(npm('python3 -m unittest discover'), { test_path: 'tests.test_calc.TestAdd', name: 'zero' })).toBe(
      "python3 -m unittest 'tests.test_calc.TestAdd' -k 'zero'",
    );
  });

  it('go test: a package (a file names its folder), then -run', () => {
    expect(commandOf(runner('go', 'go test ./...'), { test_path: 'internal/calc', name: '^TestAdd$' })).toBe("go test './internal/calc' -run '^TestAdd$'");
    expect(commandOf(runner('go', 'go test ./...'), { test_path: 'internal/calc/add_test.go' })).toBe("go test './internal/calc'");
    expect(commandOf(runner('go', 'go test ./...'), { test_path: 'pkg/...' })).toBe("go test './pkg/...'");
    expect(commandOf(runner('go', 'go test ./...'), { name: 'TestAdd' })).toBe("go test ./... -run 'TestAdd'");
  });

  it('cargo test: an integration test file is --test, a test path or a name is the filter', () => {
    expect(commandOf(runner('cargo', 'cargo test'), { test_path: 'tests/api.rs', name: 'creates' })).toBe("cargo test --test 'api' 'creates'");
    expect(commandOf(runner('cargo', 'cargo test'), { test_path: 'calc::tests::adds' })).toBe("cargo test 'calc::tests::adds'");
    expect(commandOf(runner('cargo', 'cargo test'), { name: 'adds' })).toBe("cargo test 'adds'");
    expect(targetedCommand(runner('cargo', 'cargo test'), { test_path: 'calc::tests', name: 'adds' })).toMatchObject({ ok: false, error: /one name filter/ });
    expect(targetedCommand(runner('cargo', 'cargo test'), { test_path: 'src/lib.rs' })).toMatchObject({
      ok: false,
      error: /integration test \(tests\/NAME\.rs\)/,
    });
  });

  it('refuses a "test" script that is not one known runner, saying what to do instead', () => {
    for (const script of ['bash tests/run.sh', 'vitest run && eslint .', 'mocha', 'jest $(cat args)']) expect(flavourOfScript(script)).toBeNull();
    const refused = targetedCommand(npm('bash tests/run.sh'), { name: 'greet' });
    expect(refused).toEqual({
      ok: false,
      error:
        'run_tests cannot aim the "test" script `bash tests/run.sh` at one test: it is not a single command of a runner it knows (node --test, vitest, jest, pytest, unittest, go test, cargo test). Run the whole suite (no test_path or name), or run the test with run_command.',
    });
  });

  it('quotes every word, so no argument changes the command', () => {
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(commandOf(runner('pytest', 'python -m pytest -q'), { name: "x' ; touch pwned ; echo '$(id)`id`" })).toBe(
      "python -m pytest -q -k 'x'\\'' ; touch pwned ; echo '\\''$(id)`id`'",
    );
  });
});

it('every targeted command is a test command, allowed where only read-only commands and tests are (verification)', () => {
  const runners = [npm('node --test'), npm('jest'), runner('vitest', 'npx vitest run'), runner('pytest', 'python -m pytest -q'), npm('python -m unittest')];
  const targets = [
    runner('go', 'go test ./...'),
    runner('cargo', 'cargo test'),
    npm('node --test --test-reporter spec test/*.test.js'),
    npm("python -m unittest discover -s tests -p '*_test.py'"),
  ].map((r) => commandOf(r, { name: "a'; touch x" }));
  const folders = [npm('node --test'), npm('python -m unittest discover')].map((r) => {
    const result = targetedCommand(r, { test_path: 'tests/a b', name: "a'; touch x" }, { kind: 'dir', nodeTestFiles: ['tests/a b/c.test.js'] });
    if (!result.ok) throw new Error(result.error);
    return result.command;
  });
  for (const command of [...runners.map((r) => commandOf(r, { test_path: 'tests/a b', name: "a'; touch x" })), ...targets, ...folders]) {
    expect(checkCommand(command, 'readonly_or_tests')).toMatchObject({ allowed: true });
  }
});

describe('run_tests arguments', () => {
  const parse = (args: unknown) => runTestsTool.schema.safeParse(args);
  const message = (args: unknown) => {
    const result = parse(args);
    return result.success ? null : result.error.issues.map((issue) => issue.message).join('; ');
  };

  it('take a relative test_path and a name', () => {
    expect(parse({ test_path: 'tests/test_a.py::test_b', name: 'b and not c' }).success).toBe(true);
  });

  it('refuse what would change the command or leave the workspace, and say why', () => {
    expect(message({ test_path: '--collect-only' })).toBe('test_path starts with "-", which the runner would read as an option');
    expect(message({ name: '-x' })).toBe('name starts with "-", which the runner would read as an option');
    expect(message({ name: 'a\nrm -rf /' })).toBe('name holds a control character (a newline, a tab…); it would change the command');
    expect(message({ test_path: '/etc/passwd' })).toBe('test_path must be relative to the workspace root');
    expect(message({ test_path: 'tests/../../x' })).toBe('test_path must stay inside the workspace (no ".." segment)');
    expect(message({ test_path: '' })).toBe('test_path is empty');
    expect(message({ name: 'n'.repeat(201) })).toBe('name is longer than 200 characters');
  });
});
