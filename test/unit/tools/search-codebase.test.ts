import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { searchCodebaseTool } from '../../../src/tools/search-codebase';
import { harness } from './helpers';

describe('search_codebase', () => {
  it('finds matches as path:line: text across the starter project', async () => {
    const h = harness(STARTER_PROJECT);
    const result = await searchCodebaseTool.run({ pattern: 'greet\\(\\)' }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output).toBe('1 match in 1 file for /greet\\(\\)/:\nsrc/greet.sh:2: greet() {');
  });

  it('filters by glob on the workspace-relative path', async () => {
    const h = harness({
      'src/a.ts': 'const needle = 1;\n',
      'src/deep/b.ts': 'x\nneedle()\n',
      'src/c.js': 'needle\n',
      'test/a.test.ts': 'needle\n',
    });
    const ts = await searchCodebaseTool.run({ pattern: 'needle', glob: 'src/**/*.ts' }, h.ctx);
    // Listing order, as list_files shows it: subdirectories before files.
    expect(ts.output.split('\n').slice(1)).toEqual(['src/deep/b.ts:2: needle()', 'src/a.ts:1: const needle = 1;']);
    const braces = await searchCodebaseTool.run({ pattern: 'needle', glob: '*.{js,ts}' }, h.ctx);
    expect(braces.output.split('\n')[0]).toBe('4 matches in 4 files for /needle/ in files matching "*.{js,ts}":');
  });

  it('skips .git, node_modules, dist, build and binary files', async () => {
    const h = harness({
      '.git/config': 'needle',
      'node_modules/lib/index.js': 'needle',
      'dist/out.js': 'needle',
      'build/out.js': 'needle',
      'image.png': 'PNG\0needle',
      'keep.txt': 'needle',
    });
    const result = await searchCodebaseTool.run({ pattern: 'needle' }, h.ctx);
    expect(result.output).toBe('1 match in 1 file for /needle/:\nkeep.txt:1: needle');
  });

  it('caps results and says how many more there were', async () => {
    const h = harness({ 'many.txt': Array.from({ length: 130 }, (_, i) => `hit ${i + 1}`).join('\n') });
    const capped = await searchCodebaseTool.run({ pattern: '^hit' }, h.ctx);
    const lines = capped.output.split('\n');
    expect(lines[0]).toBe('130 matches in 1 file for /^hit/:');
    expect(lines.filter((line) => line.startsWith('many.txt:'))).toHaveLength(100);
    expect(lines[100]).toBe('many.txt:100: hit 100');
    expect(lines[lines.length - 1]).toMatch(/30 more matches not shown/);
    const small = await searchCodebaseTool.run({ pattern: '^hit', max_results: 5 }, h.ctx);
    expect(small.output).toMatch(/125 more matches/);
  });

  it('cuts long matching lines', async () => {
    const h = harness({ 'min.js': `var needle=${'1'.repeat(5000)};` });
    const result = await searchCodebaseTool.run({ pattern: 'needle' }, h.ctx);
    expect(result.output.split('\n')[1]).toMatch(/^min\.js:1: var needle=1+ \[… 4,812 more characters\]$/);
  });

  it('says so when nothing matches', async () => {
    const h = harness(STARTER_PROJECT);
    const result = await searchCodebaseTool.run({ pattern: 'no-such-thing', glob: '*.sh' }, h.ctx);
    expect(result).toEqual({ ok: true, output: 'No matches for /no-such-thing/ in files matching "*.sh" (4 files searched).' });
  });

  it('turns a bad regex into a clear error', async () => {
    const h = harness(STARTER_PROJECT);
    const result = await searchCodebaseTool.run({ pattern: 'greet(' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/not a valid JavaScript regular expression/);
    expect(result.output).toMatch(/Unterminated group/);
  });
});
