import { describe, expect, it } from 'vitest';
import { extractSymbols } from '../../../src/code/extract-symbols';
import { findSymbol } from '../../../src/code/find-symbol';
import { describeTree, fixtureSymbols, lineCount, rangeProblems, readFixture } from './support';

describe('extractSymbols: Python', () => {
  it('includes decorators and # comment blocks, nests classes, merges @overload stubs', async () => {
    const symbols = await fixtureSymbols('sample.py');
    expect(describeTree(symbols)).toEqual([
      'function cached 7-10',
      'class Outer 13-43',
      '  constructor Outer.__init__ 16-18',
      '  getter Outer.value_twice 20-22',
      '  setter Outer.value_twice 24-26',
      '  method Outer.helper 28-33',
      '    function Outer.helper.local 31-32',
      '  class Outer.Inner 35-43',
      '    method Outer.Inner.method 38-39',
      '    class Outer.Inner.Deepest 41-43',
      '      method Outer.Inner.Deepest.run 42-43',
      'function convert 46-51',
      'function trailing 54-57',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('sample.py')))).toEqual([]);
  });

  it('keeps the signature line on the def, below its decorators', async () => {
    const symbols = await fixtureSymbols('sample.py');
    expect(findSymbol(symbols, 'Outer.helper').symbols.map((s) => s.signatureLine)).toEqual([30]);
    expect(findSymbol(symbols, 'convert').symbols.map((s) => s.signatureLine)).toEqual([47]);
  });

  it('does not take a shebang as a doc comment', async () => {
    const symbols = await extractSymbols('#!/usr/bin/env python3\ndef main():\n    pass\n', 'python');
    expect(describeTree(symbols)).toEqual(['function main 2-3']);
  });
});

describe('extractSymbols: Python lambdas bound to a name', () => {
  it('lists `name = lambda …` statements as bound functions, in modules, classes and functions', async () => {
    const source = [
      'import x',
      '',
      'square = lambda v: v * v',
      '',
      'class K:',
      '    key = lambda self: 1',
      '',
      '    def run(self):',
      '        local = lambda: 0',
      '        return local',
      '',
      'a, b = lambda: 1, 2',
      'total = sum([1, 2])',
      '',
    ].join('\n');
    expect(describeTree(await extractSymbols(source, 'python'))).toEqual([
      'bound_function square 3-3',
      'class K 5-10',
      '  bound_function K.key 6-6',
      '  method K.run 8-10',
      '    bound_function K.run.local 9-9',
    ]);
  });
});
