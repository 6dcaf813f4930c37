import { describe, expect, it } from 'vitest';
import { nfaMatcher } from '../../../src/protocol/glob-nfa';
import { regExpSource } from '../../../src/protocol/glob-pieces';
import { compileGlob, type GlobSyntax, parseGlob } from '../../../src/tools/glob';

describe('compileGlob', () => {
  it.each([
    ['*.ts', 'a.ts', true],
    ['*.ts', 'src/deep/a.ts', true],
    ['*.ts', 'a.tsx', false],
    ['src/*.ts', 'src/a.ts', true],
    ['src/*.ts', 'src/lib/a.ts', false],
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/lib/deep/a.ts', true],
    ['src/**/*.ts', 'test/a.ts', false],
    ['src/**', 'src/lib/a.ts', true],
    ['**/test_*.py', 'test_a.py', true],
    ['**/test_*.py', 'pkg/tests/test_a.py', true],
    ['?.sh', 'a.sh', true],
    ['?.sh', 'ab.sh', false],
    ['src/?.sh', 'src//.sh', false],
    ['*.{js,ts}', 'lib/a.js', true],
    ['*.{js,ts}', 'lib/a.ts', true],
    ['*.{js,ts}', 'lib/a.py', false],
    ['{src,test}/**/*.{ts,tsx}', 'test/ui/App.tsx', true],
    ['{src,test}/**/*.{ts,tsx}', 'docs/App.tsx', false],
    ['file.(1).txt', 'file.(1).txt', true],
    ['file.txt', 'fileXtxt', false],
    ['./src/*.sh', 'src/greet.sh', true],
  ])('%s on %s → %s', (glob, path, expected) => {
    expect(compileGlob(glob)(path)).toBe(expected);
  });
});

describe('glob matching time', () => {
  it('stays linear for patterns with many wildcards', () => {
    const started = Date.now();
    expect(compileGlob('*a*a*a*a*a*a*a*a*a*a*a*b')('a'.repeat(40))).toBe(false);
    expect(compileGlob('**/**/**/**/**/**/**/**/x')(`${'a/'.repeat(30)}y`)).toBe(false);
    expect(compileGlob('*a*a*a*a*a*a*a*a*a*a*a*b')(`${'a'.repeat(40)}b`)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  const PATTERNS: [string, GlobSyntax][] = [
    ['*.ts', 'glob'],
    ['src/**/*.ts', 'glob'],
    ['{src,test}/**/*.{ts,tsx}', 'glob'],
    ['a/**', 'glob'],
    ['a/**', 'gitignore'],
    ['**/b?', 'glob'],
    ['x{,y}z', 'glob'],
    ['v[!0-9].txt', 'gitignore'],
    ['[]a].js', 'gitignore'],
    ['a\\*b', 'gitignore'],
    ['*a*b*', 'glob'],
  ];
  const PATHS = [
    'a.ts',
    'src/a.ts',
    'src/x/y/a.tsx',
    'test/a.ts',
    'a',
    'a/',
    'a/b',
    'a/b/c',
    'xz',
    'xyz',
    'vx.txt',
    'v7.txt',
    ']',
    '].js',
    'a*b',
    'aXb',
    'ab',
    'a\nb',
    'b1',
    'q/b1',
  ];

  it.each(PATTERNS)('the linear matcher agrees with the RegExp on %s (%s)', (pattern, syntax) => {
    const pieces = parseGlob(pattern, syntax);
    const regex = new RegExp(`^${regExpSource(pieces)}$`);
    const viaNfa = nfaMatcher(pieces);
    for (const path of PATHS) expect(viaNfa(path), path).toBe(regex.test(path));
    const anywhere = nfaMatcher([{ kind: 'prefix' }, ...pieces]);
    const anywhereRegex = new RegExp(`^(?:.*/)?${regExpSource(pieces)}$`);
    for (const path of PATHS) expect(anywhere(path), `prefix + ${path}`).toBe(anywhereRegex.test(path));
  });
});
