import { describe, expect, it } from 'vitest';
import { findSymbol } from '../../../src/code/find-symbol';
import { type CodeSymbol, flattenSymbols } from '../../../src/code/symbol-types';
import { describeTree, fixtureSymbols, lineCount, rangeProblems, readFixture } from './support';

/** `kind qualifiedName start-end` of every symbol whose name matches, in source order. */
function described(symbols: readonly CodeSymbol[], name: RegExp): string[] {
  return flattenSymbols(symbols)
    .filter((s) => name.test(s.name))
    .map((s) => `${s.kind} ${s.qualifiedName} ${s.startLine}-${s.endLine}`);
}

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

describe('extractSymbols: C++ the parser misreads, and forms without a function declarator', () => {
  it('lists the whole recovery fixture, ranges sound', async () => {
    const symbols = await fixtureSymbols('recovery.cpp');
    expect(describeTree(symbols)).toEqual([
      'module lib 1-63',
      '  function lib.copy_all 4-10',
      '  function lib.min_element 12-15',
      '  function lib.distance 17-23',
      '  function lib.iter_swap 25-26',
      '  function lib.release 28-28',
      '  class lib.path 30-38',
      '    method lib.path.operator bool 34-34',
      '    method lib.path.operator const char* 35-35',
      '    method lib.path.operator _Tp 36-37',
      '  class lib.path.iterator 40-47',
      '    constructor lib.path.iterator.iterator 43-43',
      '    method lib.path.iterator.operator* 44-44',
      '  class lib.holder 49-62',
      '    constructor lib.holder.holder 53-58',
      'method lib.path.operator const char* 65-65',
      'method lib.path.operator= 66-66',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('recovery.cpp')))).toEqual([]);
  });

  it('takes no qualifier from a macro before the return type (a MISSING `::`, or an ERROR in the scope)', async () => {
    const symbols = await fixtureSymbols('recovery.cpp');
    // `LIB_CONSTEXPR inline _OutputIterator\n copy_all(…)` parses as `_OutputIterator::copy_all`.
    expect(described(symbols, /^(copy_all|min_element|distance)$/)).toEqual([
      'function lib.copy_all 4-10',
      'function lib.min_element 12-15',
      'function lib.distance 17-23',
    ]);
  });

  it('lists conversion operators as methods named `operator T`, in the class and out of it', async () => {
    const symbols = await fixtureSymbols('recovery.cpp');
    expect(described(symbols, /^operator [^=*]/)).toEqual([
      'method lib.path.operator bool 34-34',
      'method lib.path.operator const char* 35-35',
      'method lib.path.operator _Tp 36-37',
      'method lib.path.operator const char* 65-65',
    ]);
  });

  it('names `class A::B` B, qualified by A, and its constructor a constructor', async () => {
    const symbols = await fixtureSymbols('recovery.cpp');
    expect(described(symbols, /^(iterator|operator\*)$/)).toEqual([
      'class lib.path.iterator 40-47',
      'constructor lib.path.iterator.iterator 43-43',
      'method lib.path.iterator.operator* 44-44',
    ]);
    expect(findSymbol(symbols, 'lib::path::iterator::operator*').symbols.map((s) => s.startLine)).toEqual([44]);
  });

  it('lists namespace-scope `= delete` functions and out-of-line `= default` ones', async () => {
    const symbols = await fixtureSymbols('recovery.cpp');
    expect(described(symbols, /^(iter_swap|release|operator=)$/)).toEqual([
      'function lib.iter_swap 25-26',
      'function lib.release 28-28',
      'method lib.path.operator= 66-66',
    ]);
  });

  it('names a constructor whose head a macro pushed into an ERROR after itself, not after its first member initializer', async () => {
    const symbols = await fixtureSymbols('recovery.cpp');
    expect(described(symbols, /^(holder|_M_t)$/)).toEqual(['class lib.holder 49-62', 'constructor lib.holder.holder 53-58']);
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

  it('names a typedef past the ERRORs and misread names unknown macros leave', async () => {
    const symbols = await fixtureSymbols('recovery.c');
    expect(described(symbols, /./).filter((line) => line.startsWith('type '))).toEqual([
      // `typedef void (XMLCALL *start_handler)(…)`: XMLCALL lands in an ERROR.
      'type start_handler 12-13',
      // `typedef struct parser_s * LIB_RESTRICT parser_p;`: the macro reads as the name, `parser_p;` as a statement.
      'type parser_p 14-14',
      // `typedef int old_code_t LIB_DEPRECATED;` reads the same way, but there the macro comes last.
      'type old_code_t 15-15',
    ]);
  });

  it('reads the prototypes of a header that is one ERROR, and a name a macro pushed into an ERROR', async () => {
    const symbols = await fixtureSymbols('recovery.c');
    // `extern "C" {` closed under `#if 0` makes lines 2-32 one ERROR.
    expect(described(symbols, /./).filter((line) => line.startsWith('function '))).toEqual([
      'function parser_reset 17-18',
      // `static LIB_INLINE parser_error_t\nparser_error (…)`: the name lands in an ERROR.
      'function parser_error 20-24',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('recovery.c')))).toEqual([]);
  });

  it('reads .h files as C', async () => {
    const { languageForPath } = await import('../../../src/code/languages');
    expect(languageForPath('include/list.h')).toBe('c');
  });
});
