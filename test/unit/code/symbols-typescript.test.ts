import { describe, expect, it } from 'vitest';
import { extractSymbols } from '../../../src/code/extract-symbols';
import { findSymbol } from '../../../src/code/find-symbol';
import { describeTree, fixtureSymbols, lineCount, rangeProblems, readFixture } from './support';

describe('extractSymbols: TypeScript', () => {
  it('covers decorators, JSDoc, overloads, class-field arrows, accessors, object properties and namespaces', async () => {
    const symbols = await fixtureSymbols('sample.ts');
    expect(describeTree(symbols)).toEqual([
      'class UserService 3-38',
      '  method UserService.find 10-16',
      '  method UserService.parse 18-23',
      '  bound_function UserService.onSave 25-27',
      '  getter UserService.size 29-31',
      '  setter UserService.size 33-35',
      '  constructor UserService.constructor 37-37',
      'function toNumber 42-47',
      'bound_function double 49-49',
      'method handlers.start 52-54',
      'bound_function handlers.stop 55-55',
      'bound_function handlers.nested.deep 57-59',
      'interface Shape 63-66',
      '  method Shape.area 64-64',
      'type Point 68-68',
      'enum Color 70-73',
      'module Geometry 75-82',
      '  class Geometry.Circle 76-81',
      '    method Geometry.Circle.area 78-80',
      'function main 84-86',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('sample.ts')))).toEqual([]);
  });

  it('puts the signature line on the name, after comments and decorators; overloads start at the first signature', async () => {
    const symbols = await fixtureSymbols('sample.ts');
    const line = (name: string) => findSymbol(symbols, name).symbols.map((s) => s.signatureLine);
    expect(line('UserService')).toEqual([7]);
    expect(line('UserService.find')).toEqual([14]);
    expect(line('toNumber')).toEqual([43]);
    expect(line('UserService.parse')).toEqual([19]);
  });

  it('handles TSX components: exported arrows with JSX, nested arrows, export default class', async () => {
    const symbols = await fixtureSymbols('component.tsx');
    expect(describeTree(symbols)).toEqual([
      'type Props 3-3',
      'bound_function Counter 5-14',
      '  bound_function Counter.increment 8-8',
      'function Panel 16-18',
      'class Page 20-22',
      '  bound_function Page.render 21-21',
    ]);
  });

  it('parses a .ts overloaded abstract method and an interface overload as one symbol each', async () => {
    const { extractSymbols } = await import('../../../src/code/extract-symbols');
    const source = [
      'export abstract class Repo {', // 1
      '  abstract get(id: string): void;', // 2
      '  abstract get(id: number): void;', // 3
      '}', // 4
      'interface Api {', // 5
      '  call(a: string): void;', // 6
      '  call(a: number): void;', // 7
      '  other(): void;', // 8
      '}', // 9
      'declare function ambient(x: number): void;', // 10
      '',
    ].join('\n');
    expect(describeTree(await extractSymbols(source, 'typescript'))).toEqual([
      'class Repo 1-4',
      '  method Repo.get 2-3',
      'interface Api 5-9',
      '  method Api.call 6-7',
      '  method Api.other 8-8',
      'function ambient 10-10',
    ]);
  });
});

describe('extractSymbols: default exports', () => {
  it('names anonymous default exports "default" and keeps named ones', async () => {
    const { extractSymbols } = await import('../../../src/code/extract-symbols');
    const run = async (source: string) => describeTree(await extractSymbols(source, 'typescript'));
    expect(await run('export default function () {\n  return 1;\n}\n')).toEqual(['function default 1-3']);
    expect(await run('export default () => 2;\n')).toEqual(['function default 1-1']);
    expect(await run('// The app.\nexport default class {\n  run() {}\n}\n')).toEqual(['class default 1-4', '  method default.run 3-3']);
    expect(await run('export default class App {}\n')).toEqual(['class App 1-1']);
  });
});

describe('extractSymbols: JavaScript', () => {
  it('covers JSDoc, generators, class-field arrows, private methods, CommonJS exports and bound object methods', async () => {
    const symbols = await fixtureSymbols('sample.js');
    expect(describeTree(symbols)).toEqual([
      'function add 3-9',
      'function ids 11-13',
      'class Queue 15-26',
      '  bound_function Queue.push 17-19',
      '  method Queue.create 20-22',
      '  method Queue.#drain 23-25',
      'bound_function exports.subtract 29-31',
      'method module.exports.routes.home 34-36',
      'function inner 40-40',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('sample.js')))).toEqual([]);
  });

  it('parses JSX in .js files with the JavaScript grammar', async () => {
    const { extractSymbols } = await import('../../../src/code/extract-symbols');
    const source = 'export const App = () => <div className="a">{1}</div>;\nfunction B() { return <App />; }\n';
    expect(describeTree(await extractSymbols(source, 'javascript'))).toEqual(['bound_function App 1-1', 'function B 2-2']);
  });
});

describe('extractSymbols: CommonJS module.exports', () => {
  it('names `module.exports = function walk() {}` after the function, and an anonymous one `module.exports`', async () => {
    const source = [
      'module.exports = function walk(tree) {',
      '  return tree;',
      '};',
      'module.exports = function () {};',
      'exports.run = function runImpl() {};',
      '',
    ].join('\n');
    expect(describeTree(await extractSymbols(source, 'javascript'))).toEqual([
      'bound_function walk 1-3',
      'bound_function module.exports 4-4',
      'bound_function exports.run 5-5',
    ]);
  });
});
