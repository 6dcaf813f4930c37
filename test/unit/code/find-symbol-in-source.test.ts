import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSymbols, findSymbolInSource, type SourceFindResult } from '../../../src/code/extract-symbols';
import { type FindResult, findSymbol } from '../../../src/code/find-symbol';
import { languageForPath, type LanguageId } from '../../../src/code/languages';
import { withTree } from '../../../src/code/runtime';
import { queryTokens } from '../../../src/code/statements-mentioning';
import { flattenSymbols } from '../../../src/code/symbol-types';
import { pythonStdlib } from '../../python-stdlib';
import { fixturePath } from './support';

const nodeModules = new URL('../../../node_modules/', import.meta.url).pathname;
const MAX_QUERIES_PER_FILE = 120;

/** Everything a caller sees of a result, children included, without the `searched` note. */
function comparable(result: FindResult): string {
  return JSON.stringify({ match: result.match, symbols: result.symbols });
}

/**
 * Looks every symbol of `source` up by qualified name, bare name and two-segment suffix, and
 * compares each answer with `findSymbol` over the whole file's symbols. The whole-file symbols come
 * from the same text with one more final newline, so the lookups cannot be answered from their cache.
 */
async function compareLookups(label: string, source: string, language: LanguageId): Promise<{ queries: number; part: number; mismatches: string[] }> {
  const all = await extractSymbols(`${source}\n`, language);
  const queries = new Set<string>();
  for (const s of flattenSymbols(all)) {
    queries.add(s.qualifiedName);
    queries.add(s.name);
    const segments = s.qualifiedName.split('.');
    if (segments.length > 2) queries.add(segments.slice(-2).join('.'));
  }
  const sample = [...queries];
  const step = Math.max(1, Math.ceil(sample.length / MAX_QUERIES_PER_FILE));
  let part = 0;
  let count = 0;
  const mismatches: string[] = [];
  for (let i = 0; i < sample.length; i += step) {
    const query = sample[i] as string;
    const got: SourceFindResult = await findSymbolInSource(source, language, query);
    count++;
    if (got.searched === 'part') part++;
    if (comparable(got) !== comparable(findSymbol(all, query))) mismatches.push(`${label}: ${query}`);
  }
  return { queries: count, part, mismatches };
}

describe('findSymbolInSource answers as the whole-file symbols do', () => {
  it('on every fixture, in every language', async () => {
    const dir = fixturePath('');
    let queries = 0;
    const mismatches: string[] = [];
    for (const name of readdirSync(dir).sort()) {
      const language = languageForPath(name);
      if (!language) continue;
      const result = await compareLookups(name, readFileSync(join(dir, name), 'utf8'), language);
      queries += result.queries;
      mismatches.push(...result.mismatches);
    }
    expect(mismatches).toEqual([]);
    expect(queries).toBeGreaterThan(300);
  });

  it('on real TypeScript, JavaScript and Python, mostly without building the whole file', async () => {
    const stdlib = pythonStdlib();
    const files: [string, LanguageId][] = [
      [join(nodeModules, 'zod/src/v3/types.ts'), 'typescript'],
      [join(nodeModules, 'zod/src/v4/core/schemas.ts'), 'typescript'],
      [join(nodeModules, 'typescript/lib/lib.es5.d.ts'), 'typescript'],
      [join(nodeModules, 'react/cjs/react.development.js'), 'javascript'],
      [join(stdlib, 'argparse.py'), 'python'],
      [join(stdlib, 'typing.py'), 'python'],
    ];
    let queries = 0;
    let part = 0;
    const mismatches: string[] = [];
    for (const [file, language] of files) {
      const result = await compareLookups(file, readFileSync(file, 'utf8'), language);
      queries += result.queries;
      part += result.part;
      mismatches.push(...result.mismatches);
    }
    expect(mismatches).toEqual([]);
    expect(queries).toBeGreaterThan(400);
    expect(part / queries).toBeGreaterThan(0.8);
    // A cross-check over six real files parses each one hundreds of times: about 10 s on a quiet
    // machine, three times that on a loaded one. Its speed is measured by bench/code-symbols.ts.
  }, 120_000);
});

describe('findSymbolInSource falls back to the whole file when a part cannot decide', () => {
  it('overload signatures separated by another declaration stay apart (ambient .d.ts)', async () => {
    const source = ['declare function parse(a: string): void;', 'declare function other(): void;', 'declare function parse(b: number): void;', ''].join('\n');
    const got = await findSymbolInSource(source, 'typescript', 'parse');
    expect(got.searched).toBe('whole');
    expect(got.symbols.map((s) => [s.startLine, s.endLine])).toEqual([
      [1, 1],
      [3, 3],
    ]);
  });

  it('overloads separated only by comments merge, from the part alone', async () => {
    const source = [
      '/** one */',
      'export function parse(a: string): void;',
      '// two',
      'export function parse(b: number): void;',
      'export function parse(x: unknown) {',
      '  return x;',
      '}',
      'const other = 1;',
      '',
    ].join('\n');
    const got = await findSymbolInSource(source, 'typescript', 'parse');
    expect(got.searched).toBe('part');
    expect(got.symbols.map((s) => [s.kind, s.startLine, s.endLine])).toEqual([['function', 1, 7]]);
  });

  it('a PHP `namespace X;` owns what follows it, so the whole file is searched', async () => {
    const source = ['<?php', 'namespace App\\Models;', '', 'class User {', '    public function name() { return 1; }', '}', ''].join('\n');
    const got = await findSymbolInSource(source, 'php', 'User.name');
    expect(got.searched).toBe('whole');
    expect(got.symbols.map((s) => [s.qualifiedName, s.startLine, s.endLine])).toEqual([['App.Models.User.name', 5, 5]]);
  });

  it('a name found nowhere builds (and caches) the whole file, for the closest names', async () => {
    const source = 'export class A {\n  run() {}\n}\n';
    const missing = await findSymbolInSource(source, 'typescript', 'B.run');
    expect(missing).toMatchObject({ match: null, symbols: [], searched: 'whole' });
    expect((await findSymbolInSource(source, 'typescript', 'A.run')).searched).toBe('cached');
  });

  it('only statements naming every token are searched: a class used elsewhere is still found once', async () => {
    const source = ['class Box {', '  open() {}', '}', 'const box = new Box();', 'function open() {}', ''].join('\n');
    const qualified = await findSymbolInSource(source, 'typescript', 'Box.open');
    expect(qualified.searched).toBe('part');
    expect(qualified.symbols.map((s) => [s.qualifiedName, s.startLine, s.endLine])).toEqual([['Box.open', 2, 2]]);
    const bare = await findSymbolInSource(source, 'typescript', 'open');
    expect(bare.match).toBe('qualified');
    expect(bare.symbols.map((s) => s.qualifiedName)).toEqual(['open']);
  });
});

describe('queryTokens', () => {
  it('splits a query into identifier-like tokens, once each', () => {
    expect(queryTokens('Outer.Inner.method')).toEqual(['Outer', 'Inner', 'method']);
    expect(queryTokens('Display for Foo')).toEqual(['Display', 'for', 'Foo']);
    expect(queryTokens('ns::a::a')).toEqual(['ns', 'a']);
    expect(queryTokens('~Résumé_2')).toEqual(['Résumé_2']);
    expect(queryTokens('+')).toEqual([]);
  });
});

describe('withTree', () => {
  it('parses a text once while it is among the last few, and again once it has been pushed out', async () => {
    const source = 'const a = 1;\n';
    const first = await withTree(source, 'typescript', (tree) => tree);
    expect(await withTree(source, 'typescript', (tree) => tree)).toBe(first);
    for (let i = 0; i < 4; i++) await withTree(`const b${i} = 2;\n`, 'typescript', () => null);
    expect(await withTree(source, 'typescript', (tree) => tree)).not.toBe(first);
  });
});
