import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSymbols } from '../../../src/code/extract-symbols';
import { findSymbol } from '../../../src/code/find-symbol';
import { languageForPath } from '../../../src/code/languages';
import { flattenSymbols } from '../../../src/code/symbol-types';
import { pythonStdlib } from '../../python-stdlib';
import { findFiles } from '../../source-files';
import { lineCount, rangeProblems } from './support';

const nodeModules = new URL('../../../node_modules/', import.meta.url).pathname;

/** Files under `dir` (recursively) ending in one of `extensions`, sorted, at most `limit`, each under `maxBytes`. */
function pick(dir: string, extensions: string[], limit: number, maxBytes = 300_000, recursive = true): string[] {
  const skipped = ['node_modules', 'test', 'tests'];
  return findFiles(dir, { accept: (name) => extensions.some((e) => name.endsWith(e)), skipDir: (name) => skipped.includes(name), recursive, limit, maxBytes });
}

async function checkFiles(files: string[]): Promise<{ symbols: number; withSymbols: number; problems: string[] }> {
  let symbols = 0;
  let withSymbols = 0;
  const problems: string[] = [];
  for (const file of files) {
    const language = languageForPath(file);
    if (!language) throw new Error(`no language for ${file}`);
    const source = readFileSync(file, 'utf8');
    const found = await extractSymbols(source, language);
    const count = flattenSymbols(found).length;
    symbols += count;
    if (count > 0) withSymbols++;
    problems.push(...rangeProblems(found, lineCount(source)).map((p) => `${file}: ${p}`));
  }
  return { symbols, withSymbols, problems };
}

describe('extractSymbols on real code from this machine', () => {
  it('TypeScript: zod sources and TypeScript lib declarations', async () => {
    const files = [...pick(join(nodeModules, 'zod/src/v4'), ['.ts'], 30), ...pick(join(nodeModules, 'typescript/lib'), ['.d.ts'], 15, 300_000, false)];
    expect(files.length).toBeGreaterThanOrEqual(30);
    const result = await checkFiles(files);
    expect(result.problems).toEqual([]);
    expect(result.withSymbols).toBeGreaterThanOrEqual(files.length * 0.8);
    expect(result.symbols).toBeGreaterThan(files.length * 5);
  });

  it('TypeScript: lib.es5.d.ts merges overloaded interface methods into one symbol with their JSDoc', async () => {
    const source = readFileSync(join(nodeModules, 'typescript/lib/lib.es5.d.ts'), 'utf8');
    const symbols = await extractSymbols(source, 'typescript');
    const concat = findSymbol(symbols, 'Array.concat').symbols;
    expect(concat.map((s) => [s.kind, s.startLine, s.endLine])).toEqual([['method', 1348, 1359]]);
  });

  it('JavaScript: vite, react and comlink builds', async () => {
    const files = [
      ...pick(join(nodeModules, 'vite/dist/node'), ['.js'], 10),
      ...pick(join(nodeModules, 'react/cjs'), ['.js'], 6),
      ...pick(join(nodeModules, 'comlink/dist'), ['.mjs', '.js'], 4),
    ];
    expect(files.length).toBeGreaterThanOrEqual(10);
    const result = await checkFiles(files);
    expect(result.problems).toEqual([]);
    expect(result.symbols).toBeGreaterThan(files.length * 5);
  });

  it("Python: the standard library's top-level modules", async () => {
    const files = pick(pythonStdlib(), ['.py'], 60, 200_000, false);
    expect(files.length).toBeGreaterThanOrEqual(40);
    const result = await checkFiles(files);
    expect(result.problems).toEqual([]);
    expect(result.withSymbols).toBeGreaterThanOrEqual(files.length * 0.9);
    expect(result.symbols).toBeGreaterThan(files.length * 10);
  });

  it('Python: textwrap.TextWrapper.fill spans its def, docstring and body', async () => {
    const source = readFileSync(join(pythonStdlib(), 'textwrap.py'), 'utf8');
    const symbols = await extractSymbols(source, 'python');
    expect(findSymbol(symbols, 'TextWrapper.fill').symbols.map((s) => [s.kind, s.startLine, s.endLine])).toEqual([['method', 361, 368]]);
    expect(findSymbol(symbols, 'fill').match).toBe('qualified');
  });
});
