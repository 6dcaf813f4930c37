import { describe, expect, it } from 'vitest';
import { outline } from '../../../src/code/outline';
import type { CodeSymbol, SymbolKind } from '../../../src/code/symbol-types';

function sym(kind: SymbolKind, name: string, startLine: number, endLine: number, children: CodeSymbol[] = []): CodeSymbol {
  return { name, qualifiedName: name, kind, startLine, endLine, signatureLine: startLine, children };
}

const tree: CodeSymbol[] = [
  sym('class', 'A', 1, 20, [sym('method', 'a1', 2, 5), sym('class', 'Inner', 6, 15, [sym('method', 'deep', 7, 9)])]),
  sym('function', 'f', 21, 25),
  sym('interface', 'I', 26, 30, [sym('method', 'm', 27, 27)]),
];

describe('outline', () => {
  it('prints every symbol nested by two spaces when it fits', () => {
    expect(outline(tree, { maxLines: 10 }).split('\n')).toEqual([
      'class A (lines 1–20)',
      '  method a1 (lines 2–5)',
      '  class Inner (lines 6–15)',
      '    method deep (lines 7–9)',
      'function f (lines 21–25)',
      'interface I (lines 26–30)',
      '  method m (lines 27–27)',
    ]);
  });

  it('keeps symbols level by level when cut, and says what each kept symbol hides', () => {
    expect(outline(tree, { maxLines: 6 }).split('\n')).toEqual([
      'class A (lines 1–20)',
      '  method a1 (lines 2–5)',
      '  class Inner (lines 6–15) [+1 nested]',
      'function f (lines 21–25)',
      'interface I (lines 26–30) [+1 nested]',
      '… outline cut: 2 more symbols not shown',
    ]);
  });

  it('cuts the top level itself when even that does not fit', () => {
    expect(outline(tree, { maxLines: 3 }).split('\n')).toEqual([
      'class A (lines 1–20) [+3 nested]',
      'function f (lines 21–25)',
      '… outline cut: 5 more symbols not shown',
    ]);
  });

  it('never exceeds maxLines', () => {
    for (let maxLines = 1; maxLines <= 8; maxLines++) {
      expect(outline(tree, { maxLines }).split('\n').length).toBeLessThanOrEqual(maxLines);
    }
  });

  it('says so when there are no symbols', () => {
    expect(outline([])).toBe('(no symbols)');
  });
});
