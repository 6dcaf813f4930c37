import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { GRAMMAR_WASM, LANGUAGE_IDS, RUNTIME_WASM, allWasmAssets, languageForPath } from '../../../src/code/languages';

const require = createRequire(import.meta.url);

describe('languageForPath', () => {
  it.each([
    ['src/a.ts', 'typescript'],
    ['a.mts', 'typescript'],
    ['a.cts', 'typescript'],
    ['ui/App.tsx', 'tsx'],
    ['a.js', 'javascript'],
    ['a.jsx', 'javascript'],
    ['a.mjs', 'javascript'],
    ['a.cjs', 'javascript'],
    ['lib/x.py', 'python'],
    ['stubs/x.pyi', 'python'],
    ['main.go', 'go'],
    ['lib.rs', 'rust'],
    ['Main.java', 'java'],
    ['x.c', 'c'],
    ['x.h', 'c'],
    ['x.cc', 'cpp'],
    ['x.cpp', 'cpp'],
    ['x.cxx', 'cpp'],
    ['x.hpp', 'cpp'],
    ['x.hh', 'cpp'],
    ['x.hxx', 'cpp'],
    ['x.rb', 'ruby'],
    ['index.php', 'php'],
    ['Program.cs', 'csharp'],
    ['run.sh', 'bash'],
    ['run.bash', 'bash'],
    ['UPPER.PY', 'python'],
    ['dir.with.dots/file.ts', 'typescript'],
  ])('%s → %s', (path, language) => {
    expect(languageForPath(path)).toBe(language);
  });

  it.each(['README.md', 'Makefile', 'x.json', '.bashrc', 'dir.ts/file', 'a.'])('%s → null', (path) => {
    expect(languageForPath(path)).toBeNull();
  });
});

describe('wasm assets', () => {
  it('names an installed wasm file for every language and for the runtime', () => {
    for (const language of LANGUAGE_IDS) {
      const { packageName, file } = GRAMMAR_WASM[language];
      expect(existsSync(require.resolve(`${packageName}/${file}`)), language).toBe(true);
    }
    expect(existsSync(require.resolve(`${RUNTIME_WASM.packageName}/${RUNTIME_WASM.file}`))).toBe(true);
  });

  it('lists each file once for a build plugin, runtime first', () => {
    const files = allWasmAssets().map((a) => a.file);
    expect(files[0]).toBe('tree-sitter.wasm');
    expect(new Set(files).size).toBe(files.length);
    // TypeScript and TSX share a package but are two files.
    expect(files).toEqual(expect.arrayContaining(['tree-sitter-typescript.wasm', 'tree-sitter-tsx.wasm', 'tree-sitter-c_sharp.wasm', 'tree-sitter-php.wasm']));
    expect(files).toHaveLength(LANGUAGE_IDS.length + 1);
  });
});
