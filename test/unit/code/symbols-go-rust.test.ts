import { describe, expect, it } from 'vitest';
import { extractSymbols } from '../../../src/code/extract-symbols';
import { findSymbol } from '../../../src/code/find-symbol';
import { describeTree, fixtureSymbols, lineCount, rangeProblems, readFixture } from './support';

describe('extractSymbols: Go', () => {
  it('qualifies methods by receiver (pointer or value, generic or not) and includes // doc blocks', async () => {
    const symbols = await fixtureSymbols('sample.go');
    expect(describeTree(symbols)).toEqual([
      'struct Stack 9-13',
      'method Stack.Push 15-18',
      'method Stack.Len 20-23',
      'method Counter.Inc 25-25',
      'struct Counter 27-27',
      'interface Sizer 29-34',
      '  method Sizer.Size 31-32',
      '  method Sizer.Name 33-33',
      'type ID 37-37',
      'type Names 38-38',
      'function New 43-45',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('sample.go')))).toEqual([]);
  });
});

describe('extractSymbols: Rust', () => {
  it('covers impl, trait, impl Trait for Type, attributes and /// docs', async () => {
    const symbols = await fixtureSymbols('sample.rs');
    expect(describeTree(symbols)).toEqual([
      'struct Point 5-12',
      'impl Point 14-24',
      '  method Point.new 15-18',
      '  method Point.x 20-23',
      'trait Area 26-34',
      '  method Area.area 28-29',
      '  method Area.describe 31-33',
      'impl fmt::Display for Point 36-41',
      '  method Point.fmt 38-40',
      'impl Area for Point 43-47',
      '  method Point.area 44-46',
      'enum Shape 49-52',
      'type Pair 54-54',
      'module geometry 56-61',
      '  function geometry.distance 57-60',
      'function main 63-63',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('sample.rs')))).toEqual([]);
  });

  it('finds every method of a type across impl blocks by its qualified name', async () => {
    const symbols = await fixtureSymbols('sample.rs');
    const found = findSymbol(symbols, 'Point.area');
    expect(found.match).toBe('qualified');
    expect(found.symbols.map((s) => [s.startLine, s.endLine])).toEqual([[44, 46]]);
    expect(findSymbol(symbols, 'Point').symbols.map((s) => `${s.kind} ${s.startLine}`)).toEqual(['struct 5', 'impl 14']);
  });
});

describe('extractSymbols: Rust associated types', () => {
  it('lists `type Output;` in traits and `type Output = u8;` in impls, with their docs', async () => {
    const source = [
      'pub trait Parse {',
      '    /// The output.',
      '    type Output;',
      '    type Error: std::error::Error;',
      '    fn parse(&self) -> Self::Output;',
      '}',
      '',
      'impl Parse for u8 {',
      '    type Output = u8;',
      '    fn parse(&self) -> u8 { 1 }',
      '}',
      '',
    ].join('\n');
    expect(describeTree(await extractSymbols(source, 'rust'))).toEqual([
      'trait Parse 1-6',
      '  type Parse.Output 2-3',
      '  type Parse.Error 4-4',
      '  method Parse.parse 5-5',
      'impl Parse for u8 8-11',
      '  type u8.Output 9-9',
      '  method u8.parse 10-10',
    ]);
  });
});
