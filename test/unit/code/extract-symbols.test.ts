import { describe, expect, it } from 'vitest';
import { extractSymbols } from '../../../src/code/extract-symbols';
import { describeTree, readFixture } from './support';

describe('extractSymbols', () => {
  it('gives each caller its own copy, even when the result comes from the cache', async () => {
    const source = 'class A {\n  m() {}\n}\n';
    const first = await extractSymbols(source, 'typescript');
    (first[0] as { name: string }).name = 'changed';
    first[0]?.children.pop();
    const second = await extractSymbols(source, 'typescript');
    expect(describeTree(second)).toEqual(['class A 1-3', '  method A.m 2-2']);
  });

  it('caches by language as well as text', async () => {
    const source = 'function f() {}\n';
    expect(describeTree(await extractSymbols(source, 'javascript'))).toEqual(['function f 1-1']);
    // As Python the same text declares nothing.
    expect(await extractSymbols(source, 'python')).toEqual([]);
  });

  it('finds the same lines with CRLF line endings', async () => {
    for (const [name, language] of [
      ['sample.ts', 'typescript'],
      ['sample.py', 'python'],
      ['sample.rs', 'rust'],
    ] as const) {
      const lf = readFixture(name);
      expect(describeTree(await extractSymbols(lf.replace(/\n/g, '\r\n'), language)), name).toEqual(describeTree(await extractSymbols(lf, language)));
    }
  });

  it('returns nothing for empty input', async () => {
    expect(await extractSymbols('', 'python')).toEqual([]);
    expect(await extractSymbols('\n\n', 'go')).toEqual([]);
  });

  it('still finds the declarations around a syntax error', async () => {
    const source = ['def ok():', '    return 1', '', 'def broken(:', '    pass', '', 'class After:', '    def m(self):', '        pass', ''].join('\n');
    const tree = describeTree(await extractSymbols(source, 'python'));
    expect(tree).toContain('function ok 1-2');
    expect(tree).toContain('class After 7-9');
    expect(tree).toContain('  method After.m 8-9');
  });
});
