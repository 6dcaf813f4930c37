import { describe, expect, it } from 'vitest';
import { closestNames, editDistance, findSymbol } from '../../../src/code/find-symbol';
import type { CodeSymbol, SymbolKind } from '../../../src/code/symbol-types';

function sym(kind: SymbolKind, qualifiedName: string, startLine: number, endLine: number, children: CodeSymbol[] = []): CodeSymbol {
  const name = qualifiedName.slice(qualifiedName.lastIndexOf('.') + 1);
  return { name, qualifiedName, kind, startLine, endLine, signatureLine: startLine, children };
}

const tree: CodeSymbol[] = [
  sym('class', 'Outer', 1, 30, [
    sym('method', 'Outer.run', 2, 5),
    sym('class', 'Outer.Inner', 6, 20, [sym('method', 'Outer.Inner.run', 7, 9), sym('method', 'Outer.Inner.method', 10, 12)]),
  ]),
  sym('function', 'run', 31, 33),
  sym('function', 'parseConfig', 34, 40),
  sym('module', 'ns', 41, 60, [sym('class', 'ns.Widget', 42, 59, [sym('method', 'ns.Widget.draw', 43, 45)])]),
];

const lines = (symbols: CodeSymbol[]) => symbols.map((s) => `${s.qualifiedName}@${s.startLine}`);

describe('findSymbol', () => {
  it('prefers an exact qualified name', () => {
    const found = findSymbol(tree, 'Outer.Inner.run');
    expect(found.match).toBe('qualified');
    expect(lines(found.symbols)).toEqual(['Outer.Inner.run@7']);
  });

  it('a top-level qualified name beats same-named members', () => {
    const found = findSymbol(tree, 'run');
    expect(found.match).toBe('qualified');
    expect(lines(found.symbols)).toEqual(['run@31']);
  });

  it('falls back to the bare name and returns every candidate when ambiguous', () => {
    const found = findSymbol(tree, 'draw');
    expect(found.match).toBe('name');
    expect(lines(found.symbols)).toEqual(['ns.Widget.draw@43']);
    const ambiguous = findSymbol([sym('method', 'A.go', 1, 2), sym('method', 'B.go', 3, 4)], 'go');
    expect(ambiguous.match).toBe('name');
    expect(lines(ambiguous.symbols)).toEqual(['A.go@1', 'B.go@3']);
  });

  it('then matches a suffix of the qualified name', () => {
    const found = findSymbol(tree, 'Inner.method');
    expect(found.match).toBe('suffix');
    expect(lines(found.symbols)).toEqual(['Outer.Inner.method@10']);
    expect(lines(findSymbol(tree, 'Widget.draw').symbols)).toEqual(['ns.Widget.draw@43']);
  });

  it('does not match a partial segment as a suffix', () => {
    expect(findSymbol(tree, 'idget.draw')).toEqual({ match: null, symbols: [] });
  });

  it('accepts ::, # and \\ as separators', () => {
    expect(lines(findSymbol(tree, 'ns::Widget::draw').symbols)).toEqual(['ns.Widget.draw@43']);
    expect(lines(findSymbol(tree, 'Widget#draw').symbols)).toEqual(['ns.Widget.draw@43']);
    expect(lines(findSymbol(tree, 'ns\\Widget').symbols)).toEqual(['ns.Widget@42']);
  });

  it('finds nothing for an empty or unknown query', () => {
    expect(findSymbol(tree, '  ')).toEqual({ match: null, symbols: [] });
    expect(findSymbol(tree, 'nothing')).toEqual({ match: null, symbols: [] });
  });
});

describe('closestNames', () => {
  it('ranks substring matches first, then near misses by edit distance', () => {
    expect(closestNames(tree, 'config', 3)[0]).toBe('parseConfig');
    expect(closestNames(tree, 'Outer.Inner.methd', 2)).toEqual(['Outer.Inner.method', 'Outer.Inner.run']);
    expect(closestNames(tree, 'drwa', 1)).toEqual(['ns.Widget.draw']);
  });

  it('returns at most n unique names', () => {
    const names = closestNames(tree, 'run', 10);
    expect(names.length).toBe(new Set(names).size);
    expect(names.slice(0, 3)).toEqual(['run', 'Outer.run', 'Outer.Inner.run']);
    expect(closestNames(tree, 'run', 2)).toHaveLength(2);
    expect(closestNames(tree, 'run', 0)).toEqual([]);
  });
});

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['kitten', 'sitting', 3],
    ['draw', 'drwa', 2],
    ['same', 'same', 0],
  ])('%s → %s = %d', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });
});
