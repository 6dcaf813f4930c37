import { describe, expect, it } from 'vitest';
import { findSymbol } from '../../../src/code/find-symbol';
import { describeTree, fixtureSymbols, lineCount, rangeProblems, readFixture } from './support';

describe('extractSymbols: C++', () => {
  it('covers namespaces, in-class declarations, out-of-line A::b() definitions and templates', async () => {
    const symbols = await fixtureSymbols('sample.cpp');
    expect(describeTree(symbols)).toEqual([
      'module geo 3-28',
      '  class geo.Vec 5-22',
      '    constructor geo.Vec.Vec 8-8',
      '    method geo.Vec.~Vec 9-9',
      '    method geo.Vec.length 10-10',
      '    method geo.Vec.operator+ 11-11',
      '    method geo.Vec.x 13-14',
      '    struct geo.Vec.Cache 16-18',
      '      method geo.Vec.Cache.clear 17-17',
      '  module geo.detail 24-26',
      '    function geo.detail.helper 25-25',
      'constructor geo.Vec.Vec 30-31',
      'method geo.Vec.~Vec 33-33',
      'method geo.Vec.length 35-38',
      'method geo.Vec.Cache.clear 40-40',
      'module geo.detail 42-44',
      '  function geo.detail.helper 43-43',
      'function clamp 46-49',
      'struct Box 51-54',
      'enum Mode 56-56',
      'type Score 58-58',
      'function main 60-62',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('sample.cpp')))).toEqual([]);
  });

  it('finds a declaration and its out-of-line definition under one qualified name, :: accepted', async () => {
    const symbols = await fixtureSymbols('sample.cpp');
    const found = findSymbol(symbols, 'geo::Vec::length');
    expect(found.match).toBe('qualified');
    expect(found.symbols.map((s) => [s.startLine, s.endLine])).toEqual([
      [10, 10],
      [35, 38],
    ]);
  });
});

describe('extractSymbols: C', () => {
  it('lists prototypes, definitions, structs, typedefs and enums; local prototypes are not symbols', async () => {
    const symbols = await fixtureSymbols('sample.c');
    expect(describeTree(symbols)).toEqual([
      'function square 3-4',
      'function label 5-5',
      'struct node 7-13',
      'struct point_t 15-17',
      'type size_type 19-19',
      'enum color 21-21',
      'function square 23-28',
      'function label 30-32',
      'function main 34-37',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('sample.c')))).toEqual([]);
  });

  it('reads .h files as C', async () => {
    const { languageForPath } = await import('../../../src/code/languages');
    expect(languageForPath('include/list.h')).toBe('c');
  });
});
