import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { allWasmAssets, GRAMMAR_WASM, LANGUAGE_IDS, languageForFile, languageForPath, RUNTIME_WASM } from '../../../src/code/languages';

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

describe('languageForFile: a .h header is C unless it is written in C++', () => {
  const c = ['#ifndef POINT_H', '#define POINT_H', 'struct point { int x, y; };', 'int class_count(void);', '#endif', ''].join('\n');
  const cpp = ['#pragma once', 'namespace geo {', 'class Point {', ' public:', '  int x;', '};', '}', ''].join('\n');

  it.each([
    ['a plain C header', c, 'c'],
    ['C names that start like C++ keywords (libxml2)', 'XMLPUBFUN void XMLCALL\n\t\tnamespaceDecl\t(void *ctx);\nint classify(int templates);\n', 'c'],
    ['namespaces, classes and access specifiers', cpp, 'cpp'],
    ['a template', 'template <typename T>\nT twice(T v) { return v + v; }\n', 'cpp'],
    ['a class with bases on its own line', 'class Widget : public Base\n{\n};\n', 'cpp'],
    ['`using namespace`', 'using namespace std;\n', 'cpp'],
    ['a namespace opened on the next line (libstdc++)', 'namespace std _GLIBCXX_VISIBILITY(default)\n{\n}\n', 'cpp'],
    ['C++ extras under #ifdef __cplusplus (glibc)', '#ifdef __cplusplus\nextern "C" {\nclass __cleanup\n{\n};\n#endif\nint f(void);\n', 'c'],
    ['under #if defined __cplusplus && …', '#if defined __cplusplus && __GNUC_PREREQ (4, 4)\ntemplate <typename T> struct X {};\n#endif\nint f(void);\n', 'c'],
    ["under glibc's __CORRECT_ISO_CPP_ guard", 'extern int g(void);\n#ifdef __CORRECT_ISO_CPP_STRING_H_PROTO\nnamespace std {\n}\n#endif\n', 'c'],
    [
      'wrapped whole in #ifdef __cplusplus, with no C outside (libstdc++)',
      '// comment\n#ifndef X_H\n#define X_H\n#ifdef __cplusplus\nnamespace abi {\nclass forced {};\n}\n#endif\n#endif\n',
      'cpp',
    ],
    ['in the #else of #ifndef __cplusplus', '#ifndef __cplusplus\ntypedef int bool;\n#else\nnamespace c {\n}\n#endif\n', 'c'],
    ['in the C branch of #ifdef __cplusplus … #else', '#ifdef __cplusplus\nint a;\n#else\nnamespace c {\n}\n#endif\n', 'cpp'],
    ['under a C++ version test (the whole body of a C++ header)', '#if __cplusplus >= 201103L\nnamespace std {\n}\n#endif\n', 'cpp'],
  ])('%s', (_label, content, expected) => {
    expect(languageForFile('include/x.h', content)).toBe(expected);
  });

  it('only .h is judged by content; other extensions keep their language', () => {
    expect(languageForFile('src/x.c', cpp)).toBe('c');
    expect(languageForFile('src/x.hpp', c)).toBe('cpp');
    expect(languageForFile('README.md', cpp)).toBeNull();
  });
});
