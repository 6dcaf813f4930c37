import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  type DirectoryEntryLike,
  type DirectoryHandleLike,
  type EntryLike,
  type FileHandleLike,
  folderFromEntry,
  folderFromFiles,
  folderFromHandle,
} from '../../../src/ui/workspace-io/folder-import';
import { DROP_HINT, planDrop, prepareImport } from '../../../src/ui/workspace-io/prepare-import';
import { importFolder } from '../../../src/workspace/folder-walk';
import { importSummary } from '../../../src/workspace/import-summary';
import { unzipWorkspace } from '../../../src/workspace/zip';

const text = (s: string) => new TextEncoder().encode(s);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3]);
const BIG_BINARY = new Uint8Array(1024 * 1024 + 10).fill(0);

/** An opened folder as `<input webkitdirectory>` lists it: every file, node_modules included. */
const PROJECT: Record<string, Uint8Array> = {
  'proj/.gitignore': text('dist/\n*.log\n'),
  'proj/README.md': text('# proj\n'),
  'proj/src/a.ts': text('export const a = 1;\n'),
  'proj/src/.gitignore': text('secret.txt\n'),
  'proj/src/secret.txt': text('hush\n'),
  'proj/debug.log': text('log\n'),
  'proj/dist/out.js': text('built\n'),
  'proj/node_modules/x/index.js': text('x\n'),
  'proj/node_modules/y/index.js': text('y\n'),
  'proj/.git/HEAD': text('ref: refs/heads/main\n'),
  'proj/img.png': PNG,
  'proj/big.bin': BIG_BINARY,
};

const asFiles = (files: Record<string, Uint8Array>) =>
  Object.entries(files).map(([path, bytes]) => ({ path, file: new Blob([bytes as Uint8Array<ArrayBuffer>]) }));

describe('importing a folder', () => {
  it('keeps the text files, skips what the filter skips and the binaries the sandbox cannot hold, and says so', async () => {
    const result = await importFolder(folderFromFiles(asFiles(PROJECT), { dropFirstFolder: true }));
    const prepared = prepareImport(result, 'folder');
    expect(prepared).toEqual({
      ok: true,
      files: {
        '.gitignore': 'dist/\n*.log\n',
        'README.md': '# proj\n',
        'src/.gitignore': 'secret.txt\n',
        'src/a.ts': 'export const a = 1;\n',
      },
      summary: 'Loaded 4 files; skipped 1 (node_modules), 1 (.git), 3 ignored by .gitignore, 1 binary over 1 MB, 1 binary (the sandbox holds text files only).',
    });
  });

  it('stops reading once a cap is passed, and names the real figure', async () => {
    let reads = 0;
    const files = Array.from({ length: 5 }, (_, i) => ({
      path: `f${i}.txt`,
      file: {
        size: 2,
        stream: () => {
          reads++;
          return new Blob([text('hi')]).stream();
        },
      } as Blob,
    }));
    const result = await importFolder(folderFromFiles(files), { maxFiles: 2 });
    expect(result.ok).toBe(false);
    expect(prepareImport(result, 'folder')).toEqual({
      ok: false,
      error: 'The folder has 5 files; the limit is 2. Files a .gitignore ignores are left out: ignore build output and data, then try again.',
    });
    expect(reads).toBe(3);
  });

  it('refuses a folder with nothing to load', async () => {
    const result = await importFolder(folderFromFiles(asFiles({ 'p/node_modules/a.js': text('a') }), { dropFirstFolder: true }));
    expect(prepareImport(result, 'folder')).toEqual({
      ok: false,
      error: 'The folder has no files to load (skipped 1 (node_modules)); the workspace is unchanged.',
    });
  });

  it('walks a picked directory handle', async () => {
    const file = (name: string, content: string): FileHandleLike => ({ kind: 'file', name, getFile: async () => new Blob([content]) });
    const dir = (name: string, children: (DirectoryHandleLike | FileHandleLike)[]): DirectoryHandleLike => ({
      kind: 'directory',
      name,
      async *values() {
        yield* children;
      },
    });
    const root = dir('picked', [
      file('a.txt', 'a\n'),
      dir('node_modules', [file('m.js', 'm')]),
      dir('src', [file('.gitignore', 'x.ts\n'), file('x.ts', 'x'), file('y.ts', 'y')]),
    ]);
    const prepared = prepareImport(await importFolder(folderFromHandle(root)), 'folder');
    expect(prepared).toEqual({
      ok: true,
      files: { 'a.txt': 'a\n', 'src/.gitignore': 'x.ts\n', 'src/y.ts': 'y' },
      summary: 'Loaded 3 files; skipped 1 (node_modules), 1 ignored by .gitignore.',
    });
  });

  it('walks a dropped entry, reading every batch of entries', async () => {
    const file = (name: string, content: string) => ({
      name,
      isFile: true,
      isDirectory: false,
      file: (done: (blob: Blob) => void) => done(new Blob([content])),
    });
    const dir = (name: string, batches: EntryLike[][]): DirectoryEntryLike => ({
      name,
      isFile: false,
      isDirectory: true,
      createReader: () => {
        const left = [...batches, []];
        return { readEntries: (done) => done(left.shift() ?? []) };
      },
    });
    const root = dir('dropped', [[file('a.txt', 'a'), file('b.txt', 'b')], [dir('sub', [[file('c.txt', 'c')]])]]);
    const prepared = prepareImport(await importFolder(folderFromEntry(root)), 'folder');
    expect(prepared).toEqual({ ok: true, files: { 'a.txt': 'a', 'b.txt': 'b', 'sub/c.txt': 'c' }, summary: 'Loaded 3 files.' });
  });
});

describe('importing a zip', () => {
  it('skips node_modules and ignored entries and counts them', () => {
    const zip = zipSync({
      'proj/.gitignore': text('*.tmp\n'),
      'proj/src/deep/x.ts': text('x\n'),
      'proj/scratch.tmp': text('t'),
      'proj/node_modules/a/index.js': text('a'),
      'proj/node_modules/a/package.json': text('{}'),
    });
    expect(prepareImport(unzipWorkspace(zip), 'zip')).toEqual({
      ok: true,
      files: { '.gitignore': '*.tmp\n', 'src/deep/x.ts': 'x\n' },
      summary: 'Loaded 2 files; skipped 2 (node_modules), 1 ignored by .gitignore.',
    });
  });
});

describe('importSummary', () => {
  it('counts one file as one', () => {
    expect(importSummary({ loaded: 1, skipped: { ignored: 0, node_modules: 0, git: 0, binary_too_large: 0, too_deep: 0 } }, 0)).toBe('Loaded 1 file.');
  });
});

describe('planDrop', () => {
  const item = (name: string, isDirectory = false) => ({ name, isDirectory });
  it.each([
    [[item('proj', true)], 'folder'],
    [[item('proj.zip')], 'zip'],
    [[item('Proj.ZIP')], 'zip'],
    [[item('run.phasegate.json')], 'session'],
  ])('takes %j as a %s', (items, kind) => {
    expect(planDrop(items)).toEqual({ kind, item: items[0] });
  });

  it('refuses nothing, several items, and a lone file of another kind', () => {
    expect(planDrop([])).toEqual({ kind: 'refused', message: DROP_HINT });
    expect(planDrop([item('a', true), item('b.zip')])).toEqual({ kind: 'refused', message: DROP_HINT });
    expect(planDrop([item('notes.txt')])).toEqual({ kind: 'refused', message: `notes.txt is neither a folder nor a .zip. ${DROP_HINT}` });
  });
});
