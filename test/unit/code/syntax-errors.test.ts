import { describe, expect, it } from 'vitest';
import { changedLineRange, newSyntaxErrors, syntaxErrors } from '../../../src/code/syntax-errors';

import './support';

describe('syntaxErrors', () => {
  it('finds nothing in valid code', async () => {
    expect(await syntaxErrors('export function f(): number {\n  return 1;\n}\n', 'typescript')).toEqual([]);
    expect(await syntaxErrors('def f():\n    return 1\n', 'python')).toEqual([]);
  });

  it('reports a stray token as unexpected, with 1-based position and the line as snippet', async () => {
    expect(await syntaxErrors('function f() {\n  return 1;\n}\n}\n', 'typescript')).toEqual([{ line: 4, column: 1, message: 'unexpected `}`', snippet: '}' }]);
  });

  it('reports a missing closing token where it was expected', async () => {
    expect(await syntaxErrors('const x = foo(1, 2;\n', 'javascript')).toEqual([
      { line: 1, column: 19, message: 'missing `)`', snippet: 'const x = foo(1, 2;' },
    ]);
    expect(await syntaxErrors('fn main() { let x = 1 }\n', 'rust')).toEqual([
      { line: 1, column: 22, message: 'missing `;`', snippet: 'fn main() { let x = 1 }' },
    ]);
    expect(await syntaxErrors('class A {\n  void m() {\n}\n', 'java')).toEqual([{ line: 3, column: 2, message: 'missing `}`', snippet: '}' }]);
  });

  it('describes a longer stretch the parser gave up on by its first line', async () => {
    const errors = await syntaxErrors('def f():\n    return (1\n\nx = 2\n', 'python');
    expect(errors).toEqual([{ line: 2, column: 5, message: 'cannot parse `return (1`', snippet: 'return (1' }]);
  });

  it('counts columns in UTF-16 code units, like JS strings', async () => {
    const [error] = await syntaxErrors('const é = "😀";)\n', 'typescript');
    expect(error?.column).toBe('const é = "😀";'.length + 1);
  });
});

describe('newSyntaxErrors', () => {
  const before = ['function a() {', '  return 1;', '}', '', 'function b() {', '  return 2;', '}', ''].join('\n');

  it('reports an error the edit introduced', async () => {
    const after = before.replace('return 2;', 'return (2;');
    expect(await newSyntaxErrors(before, after, 'typescript')).toEqual([{ line: 6, column: 12, message: 'missing `)`', snippet: 'return (2;' }]);
  });

  it('ignores errors that were already there', async () => {
    const broken = before.replace('return 1;', 'return [1;');
    const after = broken.replace('return 2;', 'return 3;');
    expect(await syntaxErrors(after, 'typescript')).toHaveLength(1);
    expect(await newSyntaxErrors(broken, after, 'typescript')).toEqual([]);
  });

  it('ignores new errors outside the changed region', async () => {
    const after = before.replace('return 1;', 'return (1;').replace('return 2;', 'return (2;');
    expect(await newSyntaxErrors(before, after, 'typescript', { startLine: 6, endLine: 6 })).toEqual([
      { line: 6, column: 12, message: 'missing `)`', snippet: 'return (2;' },
    ]);
  });

  it('returns nothing when the text did not change', async () => {
    const broken = 'function (\n';
    expect(await newSyntaxErrors(broken, broken, 'typescript')).toEqual([]);
  });
});

describe('changedLineRange', () => {
  it('strips the common prefix and suffix lines', () => {
    expect(changedLineRange('a\nb\nc\nd', 'a\nB\nC\nd')).toEqual({ startLine: 2, endLine: 3 });
    expect(changedLineRange('a\nb', 'a\nb\nc')).toEqual({ startLine: 3, endLine: 3 });
    expect(changedLineRange('a\nb', 'x\na\nb')).toEqual({ startLine: 1, endLine: 1 });
  });

  it('gives the lines around a pure deletion', () => {
    expect(changedLineRange('a\nb\nc\nd', 'a\nd')).toEqual({ startLine: 1, endLine: 2 });
    expect(changedLineRange('a\nb', 'b')).toEqual({ startLine: 1, endLine: 1 });
  });

  it('is null for equal texts', () => {
    expect(changedLineRange('same', 'same')).toBeNull();
  });
});
