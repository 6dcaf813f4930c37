import { z } from 'zod';
import type { DetectedTestRunner } from './test-runner-detect';

/**
 * run_tests on part of the suite: a file, folder or test id (`test_path`) and a name filter, put
 * into the detected runner's own command line. Both become words of a shell command: the schema
 * refuses what could change the command's meaning (a leading "-", control characters, a path
 * outside the workspace) and every word is single-quoted.
 */

/** The runners run_tests can aim at part of a suite, each with its own syntax. */
export type TestFlavour = 'node' | 'vitest' | 'jest' | 'pytest' | 'unittest' | 'go' | 'cargo';

const CONTROL = /[\u0000-\u001f\u007f]/;

const word = (what: string, max: number) =>
  z
    .string()
    .min(1, `${what} is empty`)
    .max(max, `${what} is longer than ${max} characters`)
    .refine((text) => !CONTROL.test(text), `${what} holds a control character (a newline, a tab…); it would change the command`)
    .refine((text) => !text.startsWith('-'), `${what} starts with "-", which the runner would read as an option`);

export const testPathSchema = word('test_path', 500)
  .refine((path) => !path.startsWith('/') && !path.startsWith('~'), 'test_path must be relative to the workspace root')
  .refine((path) => !path.split(/[/\\]/).includes('..'), 'test_path must stay inside the workspace (no ".." segment)')
  .describe(
    'Only this test file, folder or test id, relative to the workspace root (pytest "tests/test_x.py::test_y", unittest "tests.test_x.TestY", ' +
      'go a package folder, cargo an integration test file tests/NAME.rs or a test path).',
  );

export const testNameSchema = word('name', 200).describe(
  "Only tests whose name matches, in the runner's own syntax: node --test-name-pattern, vitest/jest -t, pytest -k, unittest -k, go test -run, cargo test's filter.",
);

export interface TestTarget {
  test_path?: string | undefined;
  name?: string | undefined;
}

/** POSIX single quotes: the shell reads the word as written ("it's" → 'it'\''s'). */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

const PYTHON = /^python3?$/;

/** Which runner a package.json "test" script starts, when it is one simple command; null otherwise. */
export function flavourOfScript(script: string): TestFlavour | null {
  if (/[;&|<>`$()\n]/.test(script)) return null;
  const words = script.trim().split(/\s+/);
  while (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0] ?? '')) words.shift();
  if (words[0] === 'npx') words.shift();
  const [first = '', second = '', third = ''] = words;
  if (first === 'vitest') return 'vitest';
  if (first === 'jest') return 'jest';
  if (first === 'node' && words.includes('--test')) return 'node';
  if (first === 'pytest' || (PYTHON.test(first) && second === '-m' && third === 'pytest')) return 'pytest';
  if (PYTHON.test(first) && second === '-m' && third === 'unittest') return 'unittest';
  if (first === 'go' && second === 'test') return 'go';
  if (first === 'cargo' && second === 'test') return 'cargo';
  return null;
}

export function flavourOf(runner: DetectedTestRunner): TestFlavour | null {
  return runner.id === 'npm' ? flavourOfScript(runner.script ?? '') : runner.id;
}

export type TargetedCommand = { ok: true; command: string } | { ok: false; error: string };

/**
 * The command that runs only `target` with the detected runner. A package.json script is replaced by
 * the runner it starts (its other options are not kept); a script that is not one known runner is refused.
 */
export function targetedCommand(runner: DetectedTestRunner, target: TestTarget): TargetedCommand {
  const flavour = flavourOf(runner);
  if (flavour === null) {
    return {
      ok: false,
      error:
        `run_tests cannot aim the "test" script \`${runner.script ?? runner.command}\` at one test: it is not a single command of a runner it knows ` +
        '(node --test, vitest, jest, pytest, unittest, go test, cargo test). Run the whole suite (no test_path or name), or run the test with run_command.',
    };
  }
  const path = target.test_path === undefined ? [] : [shellQuote(target.test_path)];
  const name = target.name;
  switch (flavour) {
    case 'node':
      return ok([
        'node',
        '--test',
        ...(name === undefined ? [] : [`--test-name-pattern=${shellQuote(name)}`]),
        ...(path.length > 0 ? path : scriptPaths(runner)),
      ]);
    case 'vitest':
      return ok(['npx', 'vitest', 'run', ...path, ...flag('-t', name)]);
    case 'jest':
      return ok(['npx', 'jest', ...path, ...flag('-t', name)]);
    case 'pytest':
      return ok(['python', '-m', 'pytest', '-q', ...path, ...flag('-k', name)]);
    case 'unittest':
      return ok(['python', '-m', 'unittest', ...path, ...flag('-k', name)]);
    case 'go':
      return ok(['go', 'test', target.test_path === undefined ? './...' : shellQuote(goPackage(target.test_path)), ...flag('-run', name)]);
    case 'cargo':
      return cargoCommand(target);
  }
}

const ok = (words: string[]): TargetedCommand => ({ ok: true, command: words.join(' ') });
const flag = (option: string, value: string | undefined) => (value === undefined ? [] : [option, shellQuote(value)]);

/** The files or folders a `node --test` script names (its words after --test that are not options), quoted again. */
function scriptPaths(runner: DetectedTestRunner): string[] {
  const words = (runner.script ?? '').trim().split(/\s+/);
  return words
    .slice(words.indexOf('--test') + 1)
    .filter((w) => w !== '' && !w.startsWith('-'))
    .map((w) => shellQuote(w.replace(/^(['"])(.*)\1$/, '$2')));
}

/** go test takes packages: a file names its folder; a folder becomes "./folder" (and "folder/..." stays). */
function goPackage(path: string): string {
  const folder = path.endsWith('.go') ? (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.') : path.replace(/\/+$/, '');
  return folder === '.' || folder === '' ? '.' : folder.startsWith('./') ? folder : `./${folder}`;
}

/** cargo test: an integration test file is `--test NAME`; a test path and a name are the one filter cargo takes. */
function cargoCommand(target: TestTarget): TargetedCommand {
  const path = target.test_path;
  const file = path === undefined ? null : /^(?:\.\/)?tests\/([^/]+)\.rs$/.exec(path);
  if (path !== undefined && file === null && target.name !== undefined) {
    return {
      ok: false,
      error: 'cargo test takes one name filter: give the test path as test_path or the name, not both (or a tests/NAME.rs file with a name).',
    };
  }
  if (path !== undefined && file === null && path.endsWith('.rs')) {
    return {
      ok: false,
      error: `cargo test runs a file only when it is an integration test (tests/NAME.rs); for ${path}, give the test's path (module::test) instead.`,
    };
  }
  const filter = file === null ? (path ?? target.name) : target.name;
  return ok(['cargo', 'test', ...(file?.[1] === undefined ? [] : ['--test', shellQuote(file[1])]), ...(filter === undefined ? [] : [shellQuote(filter)])]);
}
