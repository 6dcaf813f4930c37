import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../../src/tools/glob';

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
