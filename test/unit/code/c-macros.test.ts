import { describe, expect, it } from 'vitest';
import { maskCMacros } from '../../../src/code/c-macros';
import { extractSymbols } from '../../../src/code/extract-symbols';
import { describeTree } from './support';

const GLIBC = [
  '__BEGIN_DECLS',
  '/* Convert a string to a floating-point number.  */',
  'extern double atof (const char *__nptr)',
  '     __THROW __attribute_pure__ __nonnull ((1)) __wur;',
  'extern int atoi (const char *__nptr)',
  '     __THROW __attribute_pure__ __nonnull ((1, (2))) __wur;',
  '__END_DECLS',
  '',
].join('\n');

const LIBSTDCXX = [
  'namespace std _GLIBCXX_VISIBILITY(default)',
  '{',
  '_GLIBCXX_BEGIN_NAMESPACE_VERSION',
  '  template<typename _Tp>',
  '    class box',
  '    {',
  '    public:',
  '      _GLIBCXX20_CONSTEXPR',
  '      size_t',
  '      size() const _GLIBCXX_NOEXCEPT',
  '      { return 1; }',
  '    };',
  '_GLIBCXX_END_NAMESPACE_VERSION',
  '} // namespace std',
  '',
].join('\n');

describe('maskCMacros', () => {
  it('blanks attribute macros and their argument lists, keeping every position', () => {
    const masked = maskCMacros(GLIBC);
    expect(masked).toHaveLength(GLIBC.length);
    expect(masked.split('\n').map((line) => line.length)).toEqual(GLIBC.split('\n').map((line) => line.length));
    expect(masked.split('\n')[3]?.trim()).toBe(';');
    expect(masked.split('\n')[2]).toBe('extern double atof (const char *__nptr)');
    expect(masked).not.toMatch(/__BEGIN_DECLS|__THROW|__nonnull|__wur/);
  });

  it('blanks an export macro between `class` and the name, and nothing else', () => {
    const spaces = (word: string) => ' '.repeat(word.length);
    expect(maskCMacros('class LEVELDB_EXPORT DB : public Base {')).toBe(`class ${spaces('LEVELDB_EXPORT')} DB : public Base {`);
    expect(maskCMacros('struct API Point final {')).toBe(`struct ${spaces('API')} Point final {`);
    expect(maskCMacros('class Point {};\nstruct S s;\nclass A B;')).toBe('class Point {};\nstruct S s;\nclass A B;');
  });

  it('leaves macros in comments and strings alone, and turns one alone on its line into a comment', () => {
    const source = ['/* uses __THROW */', '// __wur', 'const char *s = "__THROW";', '  _GLIBCXX20_CONSTEXPR', 'int f(void) __THROW;', ''].join('\n');
    const lines = maskCMacros(source).split('\n');
    expect(lines.slice(0, 3)).toEqual(source.split('\n').slice(0, 3));
    expect(lines[3]).toBe(`  /*${' '.repeat('_GLIBCXX20_CONSTEXPR'.length - 4)}*/`);
    expect(lines[4]).toBe(`int f(void) ${' '.repeat('__THROW'.length)};`);
  });

  it('leaves a text without such macros as it is (the same string)', () => {
    const plain = 'int main(void) { return 0; }\n';
    expect(maskCMacros(plain)).toBe(plain);
  });
});

describe('C and C++ symbols behind attribute macros', () => {
  it('finds glibc-style prototypes with their doc comments', async () => {
    expect(describeTree(await extractSymbols(GLIBC, 'c'))).toEqual(['function atof 2-4', 'function atoi 5-6']);
  });

  it('keeps libstdc++-style namespaces and classes whole', async () => {
    expect(describeTree(await extractSymbols(LIBSTDCXX, 'cpp'))).toEqual(['module std 1-14', '  class std.box 4-12', '    method std.box.size 8-11']);
  });

  it('reads `class LEVELDB_EXPORT DB {` as class DB with its members', async () => {
    const source = [
      'namespace leveldb {',
      'class LEVELDB_EXPORT DB {',
      ' public:',
      '  virtual ~DB();',
      '  virtual int Put(int key) = 0;',
      '};',
      '}  // namespace leveldb',
      '',
    ].join('\n');
    expect(describeTree(await extractSymbols(source, 'cpp'))).toEqual([
      'module leveldb 1-7',
      '  class leveldb.DB 2-6',
      '    method leveldb.DB.~DB 4-4',
      '    method leveldb.DB.Put 5-5',
    ]);
  });
});
