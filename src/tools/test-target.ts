import { z } from 'zod';
import type { DetectedTestRunner } from './test-runner-detect';

/**
 * run_tests on part of the suite: a file, folder or test id (`test_path`) and a name filter, put
 * into the detected runner's own command line. Both become words of a shell command: the schema
 * refuses what could change the command's meaning (a leading "-", control characters, a path
 * outside the workspace) and each is single-quoted. The words taken from the project's own "test"
 * script stay as written, so the shell reads them as npm would.
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

/** What the workspace says of test_path (test-target-files.ts). */
export interface TargetFacts {
  /** A file or folder of the workspace; null for anything else (a test id, a pattern, a missing path). */
  kind: 'file' | 'dir' | null;
  /** node --test: the test files a folder or glob test_path names, in the order they run. */
  nodeTestFiles?: string[];
}

/** POSIX single quotes: the shell reads the word as written ("it's" → 'it'\''s'). */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

const PYTHON = /^python3?$/;
const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** A simple script split into its leading variable assignments, an `npx`, and the command's own words (as written). */
function scriptWords(script: string): { prefix: string[]; words: string[] } {
  const words = script.trim().split(/\s+/);
  const prefix: string[] = [];
  while (ENV_ASSIGNMENT.test(words[0] ?? '')) prefix.push(words.shift() as string);
  if (words[0] === 'npx') words.shift();
  return { prefix, words };
}

/** Which runner a package.json "test" script starts, when it is one simple command; null otherwise. */
export function flavourOfScript(script: string): TestFlavour | null {
  if (/[;&|<>`$()\n]/.test(script)) return null;
  const { words } = scriptWords(script);
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

/** ok: the command; otherwise why none (`noTests`: the target names no test file, so nothing would run). */
export type TargetedCommand = { ok: true; command: string } | { ok: false; error: string; noTests?: true };

/**
 * The command that runs only `target` with the detected runner. node --test and unittest keep the
 * project's script (its options, and its paths as written, so the shell still expands its globs);
 * vitest, jest, pytest, go and cargo get the runner's own command. A script that is not one known
 * runner is refused.
 */
export function targetedCommand(runner: DetectedTestRunner, target: TestTarget, facts: TargetFacts = { kind: null }): TargetedCommand {
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
      return nodeCommand(runner.script ?? 'node --test', target, facts);
    case 'vitest':
      return ok(['npx', 'vitest', 'run', ...path, ...flag('-t', name)]);
    case 'jest':
      return ok(['npx', 'jest', ...path, ...flag('-t', name)]);
    case 'pytest':
      return ok(['python', '-m', 'pytest', '-q', ...path, ...flag('-k', name)]);
    case 'unittest':
      return unittestCommand(runner.script ?? 'python -m unittest', target, facts);
    case 'go':
      return ok(['go', 'test', target.test_path === undefined ? './...' : shellQuote(goPackage(target.test_path)), ...flag('-run', name)]);
    case 'cargo':
      return cargoCommand(target);
  }
}

const ok = (words: string[]): TargetedCommand => ({ ok: true, command: words.join(' ') });
const flag = (option: string, value: string | undefined) => (value === undefined ? [] : [option, shellQuote(value)]);

/** A folder or pattern naming more node test files than this is refused: aim at fewer. */
export const MAX_NODE_TEST_FILES = 300;

/** node's options that take the next word as their value (unless written `--option=value`). */
const NODE_VALUE_OPTIONS: ReadonlySet<string> = new Set([
  '--test-reporter',
  '--test-reporter-destination',
  '--test-name-pattern',
  '--test-skip-pattern',
  '--test-concurrency',
  '--test-timeout',
  '--test-shard',
  '--test-isolation',
  '--test-global-setup',
  '--test-coverage-include',
  '--test-coverage-exclude',
  '--test-coverage-branches',
  '--test-coverage-functions',
  '--test-coverage-lines',
  '--import',
  '--require',
  '-r',
  '--loader',
  '--experimental-loader',
  '--env-file',
  '--env-file-if-exists',
  '--conditions',
  '-C',
  '--input-type',
  '--watch-path',
  '--disable-warning',
  '--title',
]);

/** A node command line's words after `node`: its options (each with its value) and its paths, as written. */
function nodeArguments(words: readonly string[]): { options: string[][]; paths: string[] } {
  const options: string[][] = [];
  const paths: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (!word.startsWith('-')) paths.push(word);
    else if (NODE_VALUE_OPTIONS.has(word) && i + 1 < words.length) options.push([word, words[++i] as string]);
    else options.push([word]);
  }
  return { options, paths };
}

/**
 * node --test: the script's options stay (a name filter replaces its own patterns), then the
 * paths: the script's as written without test_path, else test_path, or the files a folder or glob
 * test_path names (test-target-files.ts).
 */
function nodeCommand(script: string, target: TestTarget, facts: TargetFacts): TargetedCommand {
  const { prefix, words } = scriptWords(script);
  const { options, paths } = nodeArguments(words.slice(1));
  const name = target.name;
  const kept = name === undefined ? options : options.filter(([option = '']) => option !== '--test-name-pattern' && !option.startsWith('--test-name-pattern='));
  let targets = paths;
  if (target.test_path !== undefined) {
    const files = facts.nodeTestFiles;
    if (files !== undefined && files.length === 0) {
      return {
        ok: false,
        noTests: true,
        error: `No tests ran: ${target.test_path} names no file node --test would run (test files are *.test.js, *-test.js, *_test.js, test-*.js, test.js and any script in a test/ folder; .mjs, .cjs and TypeScript too).`,
      };
    }
    if (files !== undefined && files.length > MAX_NODE_TEST_FILES) {
      return {
        ok: false,
        error: `${target.test_path} names ${files.length} test files, more than run_tests gives node --test at once (${MAX_NODE_TEST_FILES}): aim at a narrower folder or pattern, or run the whole suite.`,
      };
    }
    targets = (files ?? [target.test_path]).map(shellQuote);
  }
  const pattern = name === undefined ? [] : [`--test-name-pattern=${shellQuote(name)}`];
  return ok([...prefix, 'node', ...kept.flat(), ...pattern, ...targets]);
}

/** unittest's options that take the next word as their value (unless written `--option=value`). */
const UNITTEST_VALUE_OPTIONS: ReadonlySet<string> = new Set(['-k', '-p', '--pattern', '-s', '--start-directory', '-t', '--top-level-directory', '--durations']);
/** Options only `unittest discover` takes. */
const DISCOVER_OPTIONS: ReadonlySet<string> = new Set(['-p', '--pattern', '-s', '--start-directory', '-t', '--top-level-directory']);

/** The option an option group sets: "-k" for ["-k", "x"], "--pattern" for ["--pattern=x"]. */
const optionOf = (group: readonly string[]) => (group[0] ?? '').split('=', 1)[0] as string;

/**
 * unittest: without test_path, the script as written (its own -k replaced by name's); a folder is
 * `discover -s DIR` with the script's other options (-p, -t, -v…); a file or a dotted test id is
 * given as it is, without discover's options.
 */
function unittestCommand(script: string, target: TestTarget, facts: TargetFacts): TargetedCommand {
  const { prefix, words } = scriptWords(script);
  const [python = 'python'] = words;
  const rest = words.slice(3);
  const discover = rest[0] === 'discover';
  const options: string[][] = [];
  const positional: string[] = [];
  for (let i = discover ? 1 : 0; i < rest.length; i++) {
    const word = rest[i] as string;
    if (!word.startsWith('-')) positional.push(word);
    else if (UNITTEST_VALUE_OPTIONS.has(word) && i + 1 < rest.length) options.push([word, rest[++i] as string]);
    else options.push([word]);
  }
  const name = flag('-k', target.name);
  const own = target.name === undefined ? options : options.filter((group) => optionOf(group) !== '-k');
  const head = [...prefix, python, '-m', 'unittest'];
  if (target.test_path === undefined) return ok([...head, ...(discover ? ['discover'] : []), ...own.flat(), ...positional, ...name]);
  const path = shellQuote(target.test_path);
  if (facts.kind === 'dir') {
    const kept = own.filter((group) => !['-s', '--start-directory'].includes(optionOf(group)));
    return ok([...head, 'discover', '-s', path, ...kept.flat(), ...name]);
  }
  return ok([...head, path, ...own.filter((group) => !DISCOVER_OPTIONS.has(optionOf(group))).flat(), ...name]);
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
