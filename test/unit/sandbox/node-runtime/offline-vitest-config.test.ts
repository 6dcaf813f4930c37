import { describe, expect, it } from 'vitest';
import { literalProperties } from '../../../../src/sandbox/node-runtime/config-literals';
import { compileTestGlob } from '../../../../src/sandbox/node-runtime/test-glob';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';

const lines = (...text: string[]) => `${text.join('\n')}\n`;
const passing = (name: string) => lines("import { it, expect } from 'vitest';", `it('${name}', () => { expect(1).toBe(1); });`);
const jestPassing = (name: string) => lines(`test('${name}', () => { expect(1).toBe(1); });`);

/** Runs `command` in a project and lists the test files the report names. */
async function run(files: Record<string, string>, command: string) {
  const result = await new VirtualSandbox({ files }).exec(command, { timeoutMs: 20_000 });
  const ran = [...result.stdout.matchAll(/^ [✓❯×] (\S+)/gm)].map((match) => match[1]).sort();
  return { ...result, ran };
}

describe('offline vitest: include and exclude from the config', () => {
  it('runs only what test.include takes, minus test.exclude (vitest defaults spread in), not coverage.include', async () => {
    const { ran, exitCode, stdout } = await run(
      {
        'vitest.config.ts': lines(
          "import { configDefaults, defineConfig } from 'vitest/config';",
          '// include: ["src/**"] in a comment is not the setting',
          'export default defineConfig({',
          '  test: {',
          "    include: ['tests/**/*.check.ts', 'tests/*.spec.?(c|m)[jt]s'],",
          "    exclude: [...configDefaults.exclude, 'tests/slow/**'],",
          "    coverage: { include: ['src/**'] },",
          '  },',
          '});',
        ),
        'tests/fast.check.ts': passing('fast'),
        'tests/deep/more.check.ts': passing('deep'),
        'tests/top.spec.mjs': passing('top'),
        'tests/slow/slow.check.ts': passing('slow'),
        'src/unit.test.ts': passing('default pattern, not included'),
      },
      'vitest run',
    );
    expect(ran).toEqual(['tests/deep/more.check.ts', 'tests/fast.check.ts', 'tests/top.spec.mjs']);
    expect(stdout).toContain(' Test Files  3 passed (3)\n');
    expect(exitCode).toBe(0);
  });

  it('takes exclude alone from vite.config.js, keeping the default test files', async () => {
    const { ran } = await run(
      {
        'vite.config.js': "export default { test: { exclude: ['legacy/**'] } };\n",
        'src/a.test.js': passing('a'),
        'legacy/old.test.js': passing('old'),
      },
      'npx vitest run',
    );
    expect(ran).toEqual(['src/a.test.js']);
  });

  it('prefers vitest.config.* over vite.config.*, as vitest does', async () => {
    const { ran } = await run(
      {
        'vitest.config.mjs': "export default { test: { include: ['a/*.test.js'] } };\n",
        'vite.config.ts': "export default { test: { include: ['b/*.test.js'] } };\n",
        'a/one.test.js': passing('a'),
        'b/two.test.js': passing('b'),
      },
      'vitest run',
    );
    expect(ran).toEqual(['a/one.test.js']);
  });

  it('says what it looked for when the include finds nothing', async () => {
    const { stdout, exitCode } = await run(
      { 'vitest.config.ts': "export default { test: { include: ['spec/**/*.ts'] } };\n", 'src/a.test.ts': passing('a') },
      'vitest run',
    );
    expect(stdout).toContain('No test files found (looked for test.include spec/**/*.ts (from vitest.config.ts) outside node_modules)');
    expect(exitCode).toBe(1);
  });

  it.each([
    ['a variable', "const files = ['a/*.test.js'];\nexport default { test: { include: files } };\n", 'test.include', 'is set by code'],
    ['a call', "export default { test: { include: globs('a') } };\n", 'test.include', 'is set by code'],
    ['a shorthand', "const include = ['a/*.test.js'];\nexport default { test: { include } };\n", 'test.include', 'is set by code'],
    ['an unknown spread', "export default { test: { exclude: [...shared.exclude, 'x/**'] } };\n", 'test.exclude', 'spreads ...shared.exclude'],
    ['a template with a substitution', 'export default { test: { include: [`${dir}/*.test.js`] } };\n', 'test.include', 'is set by code'],
    [
      'two projects',
      "export default { test: { projects: [{ test: { include: ['a/**'] } }, { test: { include: ['b/**'] } }] } };\n",
      'test.include',
      'is set more than once',
    ],
    ['one project', "export default { test: { projects: [{ test: { include: ['a/**'] } }] } };\n", 'test.include', 'is set beside test.projects'],
    ['a root of its own', "export default { root: 'packages/a', test: { exclude: ['x/**'] } };\n", 'test.exclude', 'is set beside root'],
  ])('fails naming the setting when the config sets it by %s, running nothing', async (_how, config, setting, why) => {
    const { stdout, stderr, exitCode, ran } = await run({ 'vitest.config.ts': config, 'a/one.test.js': passing('a') }, 'vitest run');
    expect(exitCode).toBe(1);
    expect(ran).toEqual([]);
    expect(stderr).toContain(`Unsupported: ${setting} in vitest.config.ts ${why}`);
    expect(stderr).toContain("Phasegate's offline vitest/jest runner reads config files without running them");
    expect(stdout).toContain("Phasegate's offline vitest/jest-compatible runner");
  });
});

describe('offline jest: testMatch, testRegex and testPathIgnorePatterns from the config', () => {
  it('reads jest.config.js: testMatch with <rootDir> and a negation, testPathIgnorePatterns', async () => {
    const { ran, exitCode } = await run(
      {
        'jest.config.js': lines(
          '/** @type {import("jest").Config} */',
          'module.exports = {',
          "  testMatch: ['<rootDir>/spec/**/*.spec.js', '!**/draft/**'],",
          "  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/spec/skip/'],",
          '};',
        ),
        'spec/a.spec.js': jestPassing('a'),
        'spec/draft/b.spec.js': jestPassing('draft'),
        'spec/skip/c.spec.js': jestPassing('skip'),
        'src/d.test.js': jestPassing('not matched'),
      },
      'jest',
    );
    expect(ran).toEqual(['spec/a.spec.js']);
    expect(exitCode).toBe(0);
  });

  it('reads testRegex from package.json "jest"', async () => {
    const { ran } = await run(
      {
        'package.json': JSON.stringify({ name: 'p', jest: { testRegex: '/checks/.*\\.js$' } }),
        'checks/one.js': jestPassing('one'),
        'src/two.test.js': jestPassing('two'),
      },
      'jest',
    );
    expect(ran).toEqual(['checks/one.js']);
  });

  it("reads jest's old default testMatch with its extglobs from jest.config.json", async () => {
    const { ran } = await run(
      {
        'jest.config.json': JSON.stringify({ testMatch: ['**/__tests__/**/*.[jt]s?(x)', '**/?(*.)+(spec|test).[jt]s?(x)'] }),
        '__tests__/a.js': jestPassing('a'),
        'src/b.spec.ts': jestPassing('b'),
        'src/c.js': 'module.exports = 1;\n',
      },
      'jest',
    );
    expect(ran).toEqual(['__tests__/a.js', 'src/b.spec.ts']);
  });

  it('fails naming testMatch when jest would read it against another root (package.json "jest")', async () => {
    const { stderr, exitCode } = await run(
      { 'package.json': JSON.stringify({ name: 'p', jest: { rootDir: 'src', testMatch: ['<rootDir>/**/*.test.js'] } }), 'src/a.test.js': jestPassing('a') },
      'jest',
    );
    expect(exitCode).toBe(1);
    expect(stderr).toContain('Unsupported: testMatch in package.json "jest" is set beside rootDir, which the runner does not honour');
  });

  it('fails naming testMatch when it is set by code', async () => {
    const { stderr, exitCode, ran } = await run(
      { 'jest.config.ts': "import { patterns } from './patterns';\nexport default { testMatch: patterns };\n", 'a.test.js': jestPassing('a') },
      'jest',
    );
    expect(exitCode).toBe(1);
    expect(ran).toEqual([]);
    expect(stderr).toContain('Unsupported: testMatch in jest.config.ts is set by code');
  });
});

describe('test-file globs as vitest and jest read them', () => {
  it.each([
    ['**/*.{test,spec}.?(c|m)[jt]s?(x)', ['a.test.ts', 'src/b.spec.mjs', 'c/d.test.cjs', 'e.test.tsx'], ['a.ts', 'a.test.md', 'a.test.mmts']],
    ['**/?(*.)+(spec|test).[jt]s?(x)', ['spec.js', 'a.test.js', 'x/a.b.spec.tsx'], ['a.js', 'atest.js']],
    ['*.test.js', ['a.test.js'], ['src/a.test.js']],
    ['./src/**', ['src/a.js', 'src/b/c.js'], ['lib/a.js']],
  ])('%s', (glob, matching, notMatching) => {
    const match = compileTestGlob(glob);
    for (const path of matching) expect(match(path), path).toBe(true);
    for (const path of notMatching) expect(match(path), path).toBe(false);
  });

  it('refuses what it cannot read, naming it', () => {
    expect(() => compileTestGlob('**/!(skip).test.js')).toThrow(/negated group/);
    expect(() => compileTestGlob('**/[!a].test.js')).toThrow(/negated class/);
  });
});

describe('config literals, read without running the config', () => {
  it('names each property with the key holding it, past strings, comments, templates and regular expressions', () => {
    const properties = literalProperties(
      lines(
        "const pattern = /['{]include: [x]/g; // include: ['no']",
        'export default {',
        "  resolve: { alias: [{ find: /^@\\/(.*)$/, replacement: '/src/$1' }] },",
        "  test: { include: ['a', \"b\", `c`,], name: '}{' },",
        '};',
      ),
    );
    expect(properties.filter((property) => property.name === 'include')).toEqual([
      { name: 'include', parent: 'test', value: { kind: 'list', items: ['a', 'b', 'c'].map((value) => ({ kind: 'string', value })) } },
    ]);
    expect(properties.find((property) => property.name === 'name')).toMatchObject({ parent: 'test', value: { kind: 'string', value: '}{' } });
  });
});
