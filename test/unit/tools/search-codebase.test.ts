import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { searchCodebaseTool } from '../../../src/tools/search-codebase';
import { compileSearchPattern, firstMatch, hasUpperCaseLiteral } from '../../../src/tools/search-pattern';
import { harness } from './helpers';

describe('search_codebase', () => {
  it('groups matches per file with line numbers', async () => {
    const h = harness(STARTER_PROJECT);
    const result = await searchCodebaseTool.run({ pattern: 'greet\\(\\)' }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output).toBe('1 match in 1 file for /greet\\(\\)/ (case-insensitive):\nsrc/greet.sh\n  2: greet() {');
  });

  it('filters by include and exclude globs, and still accepts the old glob name', async () => {
    const h = harness({
      'src/a.ts': 'const needle = 1;\n',
      'src/deep/b.ts': 'x\nneedle()\n',
      'src/c.js': 'needle\n',
      'src/a.test.ts': 'needle\n',
    });
    const ts = await searchCodebaseTool.run({ pattern: 'needle', include: 'src/**/*.ts', exclude: '*.test.ts' }, h.ctx);
    // Listing order, as list_files shows it: subdirectories before files.
    expect(ts.output.split('\n')).toEqual([
      '2 matches in 2 files for /needle/ (case-insensitive, in files matching "src/**/*.ts", excluding "*.test.ts"):',
      'src/deep/b.ts',
      '  2: needle()',
      'src/a.ts',
      '  1: const needle = 1;',
    ]);
    const old = await searchCodebaseTool.run({ pattern: 'needle', glob: '*.{js,ts}' }, h.ctx);
    expect(old.output.split('\n')[0]).toBe('4 matches in 4 files for /needle/ (case-insensitive, in files matching "*.{js,ts}"):');
    const both = await searchCodebaseTool.run({ pattern: 'needle', glob: '*.js', include: '*.ts' }, h.ctx);
    expect(both).toEqual({ ok: false, errorKind: 'invalid_arguments', output: expect.stringMatching(/Use `include` only/) });
  });

  it('uses smart case unless case_sensitive says otherwise', async () => {
    const h = harness({ 'a.txt': 'Needle\nneedle\nNEEDLE\n' });
    const count = async (args: { pattern: string; case_sensitive?: boolean }) => (await searchCodebaseTool.run(args, h.ctx)).output.split('\n')[0];
    expect(await count({ pattern: 'needle' })).toBe('3 matches in 1 file for /needle/ (case-insensitive):');
    expect(await count({ pattern: 'Needle' })).toBe('1 match in 1 file for /Needle/ (case-sensitive):');
    expect(await count({ pattern: 'needle', case_sensitive: true })).toBe('1 match in 1 file for /needle/ (case-sensitive):');
    expect(await count({ pattern: 'Needle', case_sensitive: false })).toBe('3 matches in 1 file for /Needle/ (case-insensitive):');
    // Escapes such as \S are not upper-case letters.
    expect(await count({ pattern: 'needl\\S' })).toBe('3 matches in 1 file for /needl\\S/ (case-insensitive):');
  });

  it('shows context lines marked with "-" and separates distant groups', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => (i === 4 || i === 5 || i === 15 ? `hit ${i + 1}` : `line ${i + 1}`));
    const h = harness({ 'f.txt': `${lines.join('\n')}\n` });
    const result = await searchCodebaseTool.run({ pattern: 'hit', context_lines: 1 }, h.ctx);
    expect(result.output.split('\n').slice(1)).toEqual([
      'f.txt',
      '  4- line 4',
      '  5: hit 5',
      '  6: hit 6',
      '  7- line 7',
      '  --',
      '  15- line 15',
      '  16: hit 16',
      '  17- line 17',
    ]);
  });

  it('rejects context_lines outside 0–5', () => {
    expect(searchCodebaseTool.schema.safeParse({ pattern: 'x', context_lines: 6 }).success).toBe(false);
    expect(searchCodebaseTool.schema.safeParse({ pattern: 'x', context_lines: 5 }).success).toBe(true);
  });

  it('skips .git, node_modules, build output, caches, binary files and .gitignore paths', async () => {
    const h = harness({
      '.git/config': 'needle',
      'node_modules/lib/index.js': 'needle',
      'dist/out.js': 'needle',
      'build/out.js': 'needle',
      'out/a.js': 'needle',
      'target/debug/x.rs': 'needle',
      '.next/cache.js': 'needle',
      'coverage/lcov.info': 'needle',
      'py/__pycache__/m.pyc': 'needle',
      '.venv/lib/site.py': 'needle',
      'image.png': 'PNG\0needle',
      '.gitignore': '*.log\nsecrets/\n',
      'app.log': 'needle',
      'secrets/key.txt': 'needle',
      'pkg/.gitignore': 'generated.ts\n',
      'pkg/generated.ts': 'needle',
      'generated.ts': 'needle',
      'keep.txt': 'needle',
    });
    const result = await searchCodebaseTool.run({ pattern: 'needle' }, h.ctx);
    expect(result.output.split('\n').filter((line) => !line.startsWith(' '))).toEqual([
      '2 matches in 2 files for /needle/ (case-insensitive):',
      'generated.ts',
      'keep.txt',
    ]);
  });

  it('caps results with a marker naming the matches and files left out', async () => {
    const many = Array.from({ length: 130 }, (_, i) => `hit ${i + 1}`).join('\n');
    const h = harness({ 'a.txt': many, 'b.txt': 'hit\nhit\n', 'c.txt': 'hit\n' });
    const capped = await searchCodebaseTool.run({ pattern: '^hit' }, h.ctx);
    const lines = capped.output.split('\n');
    expect(lines[0]).toBe('133 matches in 3 files for /^hit/ (case-insensitive):');
    expect(lines.filter((line) => /^ {2}\d+: /.test(line))).toHaveLength(100);
    expect(lines[101]).toBe('  100: hit 100');
    expect(lines[lines.length - 1]).toBe('[… 33 more matches in 3 files not shown; narrow the pattern or include glob, or raise max_results]');
    const small = await searchCodebaseTool.run({ pattern: '^hit', max_results: 131 }, h.ctx);
    expect(small.output.split('\n').slice(-4)).toEqual([
      '  130: hit 130',
      'b.txt',
      '  1: hit',
      '[… 2 more matches in 2 files not shown; narrow the pattern or include glob, or raise max_results]',
    ]);
  });

  it('cuts long lines around the match', async () => {
    const h = harness({ 'min.js': `var needle=${'1'.repeat(5000)};`, 'far.js': `${'x'.repeat(3000)}needle${'y'.repeat(3000)}` });
    const result = await searchCodebaseTool.run({ pattern: 'needle' }, h.ctx);
    const lines = result.output.split('\n');
    expect(lines[1]).toBe('far.js');
    expect(lines[2]).toMatch(/^ {2}1: \[… 2,960 characters\] x{40}needley{154} \[… 2,846 more characters\]$/);
    expect(lines[4]).toMatch(/^ {2}1: var needle=1+ \[… 4,812 more characters\]$/);
  });

  it('says so when nothing matches', async () => {
    const h = harness(STARTER_PROJECT);
    const result = await searchCodebaseTool.run({ pattern: 'no-such-thing', include: '*.sh' }, h.ctx);
    expect(result).toEqual({
      ok: true,
      output: 'No matches for /no-such-thing/ (case-insensitive, in files matching "*.sh"; 4 files searched).',
    });
  });

  it('turns a bad regex into a clear error', async () => {
    const h = harness(STARTER_PROJECT);
    const result = await searchCodebaseTool.run({ pattern: 'greet(' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/not a valid regular expression/);
    expect(result.output).toMatch(/missing closing \)/);
  });

  it('matches a catastrophic pattern in linear time', async () => {
    const h = harness({ 'a.txt': `${'a'.repeat(36)}!\n${'a'.repeat(36)}\n` });
    const started = Date.now();
    const result = await searchCodebaseTool.run({ pattern: '(a+)+$' }, h.ctx);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.output.split('\n')).toEqual(['1 match in 1 file for /(a+)+$/ (case-insensitive):', 'a.txt', `  2: ${'a'.repeat(36)}`]);
  }, 15_000);

  it.each([
    ['(\\w+) \\1', /backreference/],
    ['(?<name>x)\\k<name>', /backreference/],
    ['foo(?=bar)', /lookahead/],
    ['foo(?!bar)', /lookahead/],
    ['(?<=(a))b', /lookbehind with a capture group/],
    ['(?>a)', /atomic group/],
    ['a++', /possessive/],
  ])('explains that RE2 lacks %s and what to do instead', async (pattern, construct) => {
    const h = harness({ 'a.txt': 'x\n' });
    const result = await searchCodebaseTool.run({ pattern }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(construct);
    expect(result.output).toMatch(/RE2/);
    expect(result.output).toMatch(/[Ii]nstead/);
  });

  it('supports lookbehind and JavaScript escapes such as \\u00e9', async () => {
    const h = harness({ 'a.txt': 'foobar\nxbar\ncafé\n' });
    const behind = await searchCodebaseTool.run({ pattern: '(?<=foo)bar' }, h.ctx);
    expect(behind.output.split('\n').slice(1)).toEqual(['a.txt', '  1: foobar']);
    const notBehind = await searchCodebaseTool.run({ pattern: '(?<!foo)bar' }, h.ctx);
    expect(notBehind.output.split('\n').slice(1)).toEqual(['a.txt', '  2: xbar']);
    const escaped = await searchCodebaseTool.run({ pattern: 'caf\\u00e9' }, h.ctx);
    expect(escaped.output.split('\n').slice(1)).toEqual(['a.txt', '  3: café']);
  });

  it('says in its description which constructs it lacks', () => {
    expect(searchCodebaseTool.description).toMatch(/RE2/);
    expect(searchCodebaseTool.description).toMatch(/backreferences/);
    expect(searchCodebaseTool.description).toMatch(/lookahead/);
  });
});

describe('search patterns', () => {
  it.each([
    ['todo', false],
    ['TODO', true],
    ['\\Sfoo\\W', false],
    ['\\p{Lu}x', false],
    ['class\\s+Foo', true],
  ])('%s has an upper-case literal: %s', (pattern, upper) => {
    expect(hasUpperCaseLiteral(pattern)).toBe(upper);
  });

  it('accepts escaped punctuation such as \\-', async () => {
    const compiled = await compileSearchPattern('a\\-b');
    expect(compiled.ok).toBe(true);
    if (compiled.ok) expect(firstMatch(compiled.pattern, 'xa-b')).toBe(1);
  });
});
