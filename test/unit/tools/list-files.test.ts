import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { listFilesTool, MAX_LIST_ENTRIES } from '../../../src/tools/list-files';
import { harness } from './helpers';

describe('list_files', () => {
  it('lists the starter project: directories first, then files with sizes', async () => {
    const h = harness(STARTER_PROJECT);
    const result = await listFilesTool.run({}, h.ctx);
    expect(result.ok).toBe(true);
    const size = (path: string) => `${new TextEncoder().encode(STARTER_PROJECT[path]).length} B`;
    expect(result.output).toBe(
      [
        '. (workspace root) — 2 directories, 6 files shown',
        'src/',
        `  greet.sh  (${size('src/greet.sh')})`,
        'tests/',
        `  assert.sh  (${size('tests/assert.sh')})`,
        `  greet_test.sh  (${size('tests/greet_test.sh')})`,
        `  run.sh  (${size('tests/run.sh')})`,
        `README.md  (${size('README.md')})`,
        `package.json  (${size('package.json')})`,
      ].join('\n'),
    );
  });

  it('stops at the requested depth and marks unexpanded directories', async () => {
    const h = harness({ 'a/b/c/d.txt': 'x', 'a/top.txt': 'y' });
    const shallow = await listFilesTool.run({ depth: 1 }, h.ctx);
    expect(shallow.output.split('\n').slice(1)).toEqual(['a/  (not expanded)']);
    const two = await listFilesTool.run({}, h.ctx);
    expect(two.output.split('\n').slice(1)).toEqual(['a/', '  b/  (not expanded)', '  top.txt  (1 B)']);
    const deep = await listFilesTool.run({ depth: 5 }, h.ctx);
    expect(deep.output.split('\n').slice(1)).toEqual(['a/', '  b/', '    c/', '      d.txt  (1 B)', '  top.txt  (1 B)']);
  });

  it('lists a subdirectory given relative or absolute', async () => {
    const h = harness(STARTER_PROJECT);
    const relative = await listFilesTool.run({ path: 'tests', depth: 1 }, h.ctx);
    const absolute = await listFilesTool.run({ path: '/workspace/tests', depth: 1 }, h.ctx);
    expect(relative.output).toBe(absolute.output);
    expect(relative.output.split('\n')[0]).toBe('tests/ — 0 directories, 3 files shown');
    const root = await listFilesTool.run({}, h.ctx);
    expect((await listFilesTool.run({ path: '' }, h.ctx)).output).toBe(root.output);
  });

  it('shows but never enters .git, node_modules, build output and caches', async () => {
    const h = harness({
      '.git/HEAD': 'ref',
      'node_modules/x/index.js': 'x',
      'target/debug/app': 'x',
      'py/__pycache__/m.pyc': 'x',
      'index.js': 'y',
    });
    const result = await listFilesTool.run({ depth: 5 }, h.ctx);
    expect(result.output.split('\n').slice(1)).toEqual([
      '.git/  (skipped)',
      'node_modules/  (skipped)',
      'py/',
      '  __pycache__/  (skipped)',
      'target/  (skipped)',
      'index.js  (1 B)',
    ]);
  });

  it('leaves out what .gitignore files ignore, nested ones included, and says how many', async () => {
    const h = harness({
      '.gitignore': '*.log\n/tmp/\n',
      'app.log': 'x',
      'tmp/scratch.txt': 'x',
      'src/tmp/kept.txt': 'x',
      'src/.gitignore': 'gen.ts\n',
      'src/gen.ts': 'x',
      'src/main.ts': 'x',
    });
    const result = await listFilesTool.run({ depth: 3 }, h.ctx);
    expect(result.output.split('\n')).toEqual([
      '. (workspace root) — 2 directories, 4 files shown',
      'src/',
      '  tmp/',
      '    kept.txt  (1 B)',
      '  .gitignore  (7 B)',
      '  main.ts  (1 B)',
      '.gitignore  (12 B)',
      '(3 entries ignored by .gitignore not shown)',
    ]);
  });

  it('filters by glob, keeping the directories that lead to matching files', async () => {
    const h = harness({ 'src/a.ts': 'x', 'src/deep/b.ts': 'xy', 'src/c.js': 'x', 'docs/readme.md': 'x', 'top.ts': 'x' });
    const ts = await listFilesTool.run({ glob: '*.ts' }, h.ctx);
    expect(ts.output.split('\n')).toEqual([
      '. (workspace root) — 2 directories, 3 files shown, files matching "*.ts"',
      'src/',
      '  deep/',
      '    b.ts  (2 B)',
      '  a.ts  (1 B)',
      'top.ts  (1 B)',
    ]);
    const pathGlob = await listFilesTool.run({ path: 'src', glob: 'src/*.{js,ts}' }, h.ctx);
    expect(pathGlob.output.split('\n').slice(1)).toEqual(['a.ts  (1 B)', 'c.js  (1 B)']);
    const none = await listFilesTool.run({ glob: '*.py' }, h.ctx);
    expect(none.output.split('\n').slice(1)).toEqual(['(no matching files)']);
  });

  it(`caps the listing at ${MAX_LIST_ENTRIES} entries with a marker`, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 620; i++) files[`f${String(i).padStart(4, '0')}.txt`] = 'x';
    const h = harness(files);
    const result = await listFilesTool.run({}, h.ctx);
    const lines = result.output.split('\n');
    expect(lines).toHaveLength(1 + MAX_LIST_ENTRIES + 1);
    expect(lines[1]).toBe('f0000.txt  (1 B)');
    expect(lines[MAX_LIST_ENTRIES]).toBe('f0499.txt  (1 B)');
    expect(lines[lines.length - 1]).toMatch(/listing stopped at 500 entries/);
  });

  it('explains files, missing paths, empty directories and escapes', async () => {
    const h = harness(STARTER_PROJECT);
    await h.sandbox.mkdir('/workspace/empty');
    expect((await listFilesTool.run({ path: 'README.md' }, h.ctx)).output).toMatch(/is a file .* Use read_file/);
    expect((await listFilesTool.run({ path: 'nowhere' }, h.ctx)).output).toMatch(/Directory not found: nowhere/);
    expect((await listFilesTool.run({ path: 'empty' }, h.ctx)).output).toMatch(/\(empty directory\)/);
    const escape = await listFilesTool.run({ path: '..' }, h.ctx);
    expect(escape.ok).toBe(false);
    expect(escape.output).toMatch(/climbs above/);
  });
});
