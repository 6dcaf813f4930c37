import { joinPath } from '../paths';
import { literalProperties, type LiteralProperty, type LiteralValue } from './config-literals';
import type { FsOverlay } from './fs-overlay';
import { CONFIG_EXTENSIONS } from './offline-vitest-config';
import type { TestFlavour } from './offline-vitest-discovery';
import { compileTestGlob } from './test-glob';

/** Which files under the project are test files: from the config, or the runner's defaults. */
export interface TestFileSelection {
  /** `relative` to the project root ("src/a.test.ts"), `absolute` as the sandbox has it (jest's patterns see that). */
  takes(relative: string, absolute: string): boolean;
  /** What it looked for, for "No test files found". */
  lookedFor: string;
}

export type SelectionOutcome = { ok: true; selection: TestFileSelection } | { ok: false; error: string };

/** vitest's and jest's default test files: `*.test.*`/`*.spec.*`, and jest's `__tests__/` folders. */
const DEFAULT_TEST_FILE = /(^|\/)[^/]+\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)__tests__\/(.+\/)?[^/]+\.[cm]?[jt]sx?$/;
const DEFAULT_FILES = '**/*.{test,spec}.{js,mjs,cjs,ts,mts,cts,jsx,tsx} and __tests__/';
/** vitest's own defaults, for `...configDefaults.exclude` and the like. */
const VITEST_DEFAULTS: Record<string, string[]> = {
  'configDefaults.include': ['**/*.{test,spec}.?(c|m)[jt]s?(x)'],
  defaultInclude: ['**/*.{test,spec}.?(c|m)[jt]s?(x)'],
  'configDefaults.exclude': ['**/node_modules/**', '**/.git/**'],
  defaultExclude: ['**/node_modules/**', '**/.git/**'],
};

const isTypeDeclaration = (relative: string) => /\.d\.[cm]?ts$/.test(relative);
const inNodeModules = (relative: string) => relative.split('/').includes('node_modules');

/** The runner's defaults: not in node_modules or hidden folders (nor `dist` for vitest). */
function defaultInclude(flavour: TestFlavour): (relative: string) => boolean {
  return (relative) => {
    const folders = relative.split('/').slice(0, -1);
    return DEFAULT_TEST_FILE.test(relative) && !folders.some((part) => part.startsWith('.') || (flavour === 'vitest' && part === 'dist'));
  };
}

/** A setting the config sets in a way that cannot be read without running it. */
class UnreadableSetting extends Error {}

function unreadable(setting: string, file: string, why: string): never {
  throw new UnreadableSetting(
    `Unsupported: ${setting} in ${file} ${why}; Phasegate's offline vitest/jest runner reads config files without running them, so it takes plain lists of strings only`,
  );
}

/** A plain string or list of strings (and spreads the caller knows) as a list, else a clear failure. */
function stringList(value: LiteralValue, setting: string, file: string, spreads: Record<string, string[]> = {}): string[] {
  if (value.kind === 'string') return [value.value];
  if (value.kind !== 'list') return unreadable(setting, file, 'is set by code (a variable, a call or an expression)');
  return value.items.flatMap((item) => {
    if (item.kind === 'string') return [item.value];
    const known = spreads[item.name];
    return known ?? unreadable(setting, file, `spreads ...${item.name}, which it does not know`);
  });
}

function globs(patterns: string[], setting: string, file: string): ((relative: string) => boolean)[] {
  return patterns.map((pattern) => {
    try {
      return compileTestGlob(pattern);
    } catch (error) {
      return unreadable(setting, file, `holds ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

function regexes(sources: string[], setting: string, file: string): RegExp[] {
  return sources.map((source) => {
    try {
      return new RegExp(source);
    } catch {
      return unreadable(setting, file, `holds ${JSON.stringify(source)}, which is not a regular expression`);
    }
  });
}

/** The one property `name` (with `parent`, when given) of a config, or undefined; twice is more than the runner can read. */
function onlyProperty(properties: LiteralProperty[], name: string, setting: string, file: string, parent?: string): LiteralValue | undefined {
  const found = properties.filter((property) => property.name === name && (parent === undefined || property.parent === parent));
  if (found.length > 1) unreadable(setting, file, 'is set more than once (projects)');
  return found[0]?.value;
}

/** Settings that move the root or split the project: the patterns read could not be applied as they are. */
function refuseAlongside(properties: LiteralProperty[], others: { name: string; parent?: string | null }[], setting: string, file: string): void {
  const other = others.find(({ name, parent }) =>
    properties.some((property) => property.name === name && (parent === undefined || property.parent === parent)),
  );
  if (other) unreadable(setting, file, `is set beside ${other.parent ? `${other.parent}.` : ''}${other.name}, which the runner does not honour`);
}

function firstFile(fs: FsOverlay, dir: string, names: string[]): string | null {
  return names.find((name) => fs.stat(joinPath(dir, name))?.type === 'file') ?? null;
}

/** vitest.config.* (else vite.config.*): `test.include` and `test.exclude`. */
function vitestSelection(fs: FsOverlay, dir: string): TestFileSelection | null {
  const file = firstFile(fs, dir, [...CONFIG_EXTENSIONS.map((ext) => `vitest.config.${ext}`), ...CONFIG_EXTENSIONS.map((ext) => `vite.config.${ext}`)]);
  if (file === null) return null;
  const properties = literalProperties(fs.readText(joinPath(dir, file)));
  const include = onlyProperty(properties, 'include', 'test.include', file, 'test');
  const exclude = onlyProperty(properties, 'exclude', 'test.exclude', file, 'test');
  if (include === undefined && exclude === undefined) return null;
  const others = [
    { name: 'projects', parent: 'test' },
    { name: 'workspace', parent: 'test' },
    { name: 'dir', parent: 'test' },
    { name: 'root', parent: null },
  ];
  refuseAlongside(properties, others, include === undefined ? 'test.exclude' : 'test.include', file);
  const includePatterns = include === undefined ? null : stringList(include, 'test.include', file, VITEST_DEFAULTS);
  const excludePatterns = exclude === undefined ? null : stringList(exclude, 'test.exclude', file, VITEST_DEFAULTS);
  const included = includePatterns === null ? defaultInclude('vitest') : anyOf(globs(includePatterns, 'test.include', file));
  const excluded = excludePatterns === null ? () => false : anyOf(globs(excludePatterns, 'test.exclude', file));
  const parts = [includePatterns === null ? DEFAULT_FILES : `test.include ${includePatterns.join(', ')}`];
  if (excludePatterns !== null) parts.push(`not test.exclude ${excludePatterns.join(', ')}`);
  return {
    takes: (relative) => included(relative) && !excluded(relative),
    lookedFor: `${parts.join(', ')} (from ${file}) outside node_modules`,
  };
}

const anyOf =
  (matchers: ((relative: string) => boolean)[]) =>
  (relative: string): boolean =>
    matchers.some((match) => match(relative));

/** jest's settings as plain values: from JSON (jest.config.json, package.json "jest") or a JS config's literals. */
type JestSettings = Partial<Record<'testMatch' | 'testRegex' | 'testPathIgnorePatterns', LiteralValue>>;

function jestSettingsFromJson(value: unknown, file: string): JestSettings {
  const settings: JestSettings = {};
  if (!value || typeof value !== 'object') return settings;
  for (const name of ['testMatch', 'testRegex', 'testPathIgnorePatterns'] as const) {
    if (!(name in value)) continue;
    const other = ['projects', 'rootDir', 'roots'].find((key) => key in value);
    if (other) unreadable(name, file, `is set beside ${other}, which the runner does not honour`);
    const setting: unknown = (value as Record<string, unknown>)[name];
    if (typeof setting === 'string') settings[name] = { kind: 'string', value: setting };
    else if (Array.isArray(setting) && setting.every((item) => typeof item === 'string'))
      settings[name] = { kind: 'list', items: setting.map((item: string) => ({ kind: 'string', value: item })) };
    else settings[name] = { kind: 'code' };
  }
  return settings;
}

/** The JSON text's value, or undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function jestSettings(fs: FsOverlay, dir: string): { file: string; settings: JestSettings } | null {
  const file = firstFile(fs, dir, [...CONFIG_EXTENSIONS.map((ext) => `jest.config.${ext}`), 'jest.config.json']);
  if (file?.endsWith('.json')) {
    const parsed = parseJson(fs.readText(joinPath(dir, file)));
    if (parsed === undefined) return unreadable('the config', file, 'is not valid JSON');
    return { file, settings: jestSettingsFromJson(parsed, file) };
  }
  if (file !== null) {
    const properties = literalProperties(fs.readText(joinPath(dir, file)));
    const settings: JestSettings = {};
    for (const name of ['testMatch', 'testRegex', 'testPathIgnorePatterns'] as const) {
      const value = onlyProperty(properties, name, name, file);
      if (value === undefined) continue;
      settings[name] = value;
      refuseAlongside(properties, [{ name: 'projects' }, { name: 'rootDir' }, { name: 'roots' }], name, file);
    }
    return { file, settings };
  }
  const packagePath = joinPath(dir, 'package.json');
  if (fs.stat(packagePath)?.type !== 'file') return null;
  // A broken package.json is npm's to report.
  const parsed = parseJson(fs.readText(packagePath));
  if (parsed && typeof parsed === 'object' && 'jest' in parsed)
    return { file: 'package.json "jest"', settings: jestSettingsFromJson(parsed.jest, 'package.json "jest"') };
  return null;
}

/** jest's `testMatch` (globs, `!` ones exclude) or `testRegex`, and `testPathIgnorePatterns`, with `<rootDir>` as the project. */
function jestSelection(fs: FsOverlay, dir: string): TestFileSelection | null {
  const found = jestSettings(fs, dir);
  if (found === null) return null;
  const { file, settings } = found;
  const { testMatch, testRegex, testPathIgnorePatterns } = settings;
  if (testMatch === undefined && testRegex === undefined && testPathIgnorePatterns === undefined) return null;
  if (testMatch !== undefined && testRegex !== undefined) unreadable('testMatch and testRegex', file, 'are both set (jest refuses that too)');
  const withRoot = (text: string, root: string) => text.split('<rootDir>').join(root);
  const parts = [DEFAULT_FILES];
  let included: (relative: string, absolute: string) => boolean = defaultInclude('jest');
  if (testMatch !== undefined) {
    const patterns = stringList(testMatch, 'testMatch', file).map((pattern) => withRoot(pattern, '.').replace(/^(!?)\.\//, '$1'));
    const positive = anyOf(
      globs(
        patterns.filter((pattern) => !pattern.startsWith('!')),
        'testMatch',
        file,
      ),
    );
    const negative = anyOf(
      globs(
        patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1)),
        'testMatch',
        file,
      ),
    );
    included = (relative) => positive(relative) && !negative(relative);
    parts[0] = `testMatch ${patterns.join(', ')}`;
  } else if (testRegex !== undefined) {
    const sources = stringList(testRegex, 'testRegex', file);
    const patterns = regexes(sources, 'testRegex', file);
    included = (_relative, absolute) => patterns.some((pattern) => pattern.test(absolute));
    parts[0] = `testRegex ${sources.join(', ')}`;
  }
  let ignored: (absolute: string) => boolean = () => false;
  if (testPathIgnorePatterns !== undefined) {
    const sources = stringList(testPathIgnorePatterns, 'testPathIgnorePatterns', file).map((source) => withRoot(source, dir === '/' ? '' : dir));
    const patterns = regexes(sources, 'testPathIgnorePatterns', file);
    ignored = (absolute) => patterns.some((pattern) => pattern.test(absolute));
    parts.push(`not testPathIgnorePatterns ${sources.join(', ')}`);
  }
  return {
    takes: (relative, absolute) => included(relative, absolute) && !ignored(absolute),
    lookedFor: `${parts.join(', ')} (from ${file}) outside node_modules`,
  };
}

/**
 * The test files the project's config asks for, read as plain literals (the config is never run),
 * or the runner's defaults; a setting it cannot read is an error naming it, never ignored.
 * node_modules stays out whatever the config says.
 */
export function testFileSelection(fs: FsOverlay, dir: string, flavour: TestFlavour): SelectionOutcome {
  try {
    const configured = flavour === 'vitest' ? vitestSelection(fs, dir) : jestSelection(fs, dir);
    const selection = configured ?? { takes: defaultInclude(flavour), lookedFor: `${DEFAULT_FILES} outside node_modules` };
    return {
      ok: true,
      selection: {
        takes: (relative, absolute) => !inNodeModules(relative) && !isTypeDeclaration(relative) && selection.takes(relative, absolute),
        lookedFor: selection.lookedFor,
      },
    };
  } catch (error) {
    if (error instanceof UnreadableSetting) return { ok: false, error: error.message };
    throw error;
  }
}
