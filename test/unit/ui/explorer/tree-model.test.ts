import { describe, expect, it } from 'vitest';
import { changedFiles } from '../../../../src/ui/explorer/changes';
import { type Badge, buildTree, foldersOf, keyMove, type TreeRow, visibleRows, windowOf } from '../../../../src/ui/explorer/tree-model';
import { eventLog } from '../event-log';

const PATHS = ['package.json', 'src/app.ts', 'src/lib/util.ts', 'README.md', 'test/app.test.ts', 'src/index.ts'];

const names = (rows: readonly TreeRow[]) => rows.map((row) => `${'  '.repeat(row.level - 1)}${row.node.name}${row.node.badge ? ` [${row.node.badge}]` : ''}`);

describe('buildTree and visibleRows', () => {
  it('lists the top level only while every folder is closed, folders first and by name', () => {
    const rows = visibleRows(buildTree(PATHS), new Set());
    expect(names(rows)).toEqual(['src', 'test', 'README.md', 'package.json']);
    expect(rows.map((row) => [row.posInSet, row.setSize, row.expanded])).toEqual([
      [1, 4, false],
      [2, 4, false],
      [3, 4, false],
      [4, 4, false],
    ]);
  });

  it("walks an open folder's children only", () => {
    const rows = visibleRows(buildTree(PATHS), new Set(['src']));
    expect(names(rows)).toEqual(['src', '  lib', '  app.ts', '  index.ts', 'test', 'README.md', 'package.json']);
    expect(rows[1]?.parent).toBe(0);
    expect(rows[1]?.level).toBe(2);
    // lib is still closed: util.ts is not a row.
    expect(rows.some((row) => row.node.name === 'util.ts')).toBe(false);
  });

  it('marks changed files and counts them in their folders, adding files the listing lacks (deleted, or created since)', () => {
    const changes = new Map<string, Badge>([
      ['src/app.ts', 'edited'],
      ['src/old.ts', 'deleted'],
      ['docs/new.md', 'new'],
    ]);
    const tree = buildTree(PATHS, changes);
    expect(tree.changed).toBe(3);
    expect(tree.children.find((node) => node.name === 'src')?.changed).toBe(2);
    expect(names(visibleRows(tree, new Set(['src', 'docs'])))).toEqual([
      'docs',
      '  new.md [new]',
      'src',
      '  lib',
      '  app.ts [edited]',
      '  index.ts',
      '  old.ts [deleted]',
      'test',
      'README.md',
      'package.json',
    ]);
  });

  it('narrows to the files whose path holds the filter, their folders open, case-insensitively', () => {
    const tree = buildTree(PATHS);
    expect(names(visibleRows(tree, new Set(), 'UTIL'))).toEqual(['src', '  lib', '    util.ts']);
    expect(names(visibleRows(tree, new Set(), 'app'))).toEqual(['src', '  app.ts', 'test', '  app.test.ts']);
    expect(visibleRows(tree, new Set(), 'nothing-matches')).toEqual([]);
    // A blank filter is no filter.
    expect(visibleRows(tree, new Set(), '  ')).toHaveLength(4);
  });
});

describe('keyMove (the WAI-ARIA tree keys)', () => {
  const rows = visibleRows(buildTree(PATHS), new Set(['src']));
  // 0 src (open), 1 lib (closed), 2 app.ts, 3 index.ts, 4 test, 5 README.md, 6 package.json

  it('moves up and down, stopping at the ends, and Home/End jump', () => {
    expect(keyMove(rows, 0, 'ArrowDown')).toEqual({ kind: 'focus', index: 1 });
    expect(keyMove(rows, 6, 'ArrowDown')).toEqual({ kind: 'focus', index: 6 });
    expect(keyMove(rows, 0, 'ArrowUp')).toEqual({ kind: 'focus', index: 0 });
    expect(keyMove(rows, 3, 'Home')).toEqual({ kind: 'focus', index: 0 });
    expect(keyMove(rows, 3, 'End')).toEqual({ kind: 'focus', index: 6 });
  });

  it('opens a closed folder with →, then goes into it; ← closes an open one, then goes to the parent', () => {
    expect(keyMove(rows, 1, 'ArrowRight')).toEqual({ kind: 'expand', path: 'src/lib' });
    expect(keyMove(rows, 0, 'ArrowRight')).toEqual({ kind: 'focus', index: 1 });
    expect(keyMove(rows, 0, 'ArrowLeft')).toEqual({ kind: 'collapse', path: 'src' });
    expect(keyMove(rows, 2, 'ArrowLeft')).toEqual({ kind: 'focus', index: 0 });
    expect(keyMove(rows, 5, 'ArrowLeft')).toBeNull();
    expect(keyMove(rows, 5, 'ArrowRight')).toBeNull();
  });

  it('opens a file with Enter and toggles a folder', () => {
    expect(keyMove(rows, 2, 'Enter')).toEqual({ kind: 'open', path: 'src/app.ts' });
    expect(keyMove(rows, 4, 'Enter')).toEqual({ kind: 'expand', path: 'test' });
    expect(keyMove(rows, 0, ' ')).toEqual({ kind: 'collapse', path: 'src' });
    expect(keyMove(rows, 0, 'a')).toBeNull();
  });

  it('puts the focus on the first row when none has it yet', () => {
    expect(keyMove(rows, -1, 'ArrowDown')).toEqual({ kind: 'focus', index: 0 });
    expect(keyMove([], -1, 'ArrowDown')).toBeNull();
  });
});

describe('windowOf and foldersOf', () => {
  it('gives the rows a viewport shows, with overscan, within the list', () => {
    expect(windowOf(10_000, 24, 0, 240, 8)).toEqual([0, 18]);
    expect(windowOf(10_000, 24, 2400, 240, 8)).toEqual([92, 118]);
    expect(windowOf(5, 24, 0, 240, 8)).toEqual([0, 5]);
  });

  it('names the folders that hold a path', () => {
    expect(foldersOf('a/b/c.ts')).toEqual(['a', 'a/b']);
    expect(foldersOf('top.ts')).toEqual([]);
  });
});

describe('changedFiles', () => {
  const change = (path: string, kind: 'created' | 'edited' | 'deleted') =>
    ({ type: 'file_changed', path, change: kind, before: kind === 'created' ? null : 'a', after: kind === 'deleted' ? null : 'b', diff: '' }) as const;
  const log = eventLog('r1', [
    change('new.ts', 'created'),
    change('new.ts', 'edited'),
    change('app.ts', 'edited'),
    change('gone.ts', 'deleted'),
    change('temp.ts', 'created'),
    change('temp.ts', 'deleted'),
  ]);

  it('badges each file by what the runs did to it', () => {
    expect(Object.fromEntries(changedFiles(log))).toEqual({ 'new.ts': 'new', 'app.ts': 'edited', 'gone.ts': 'deleted' });
  });

  it('counts only the events up to a replay position', () => {
    expect(Object.fromEntries(changedFiles(log, 1))).toEqual({ 'new.ts': 'new' });
    expect(Object.fromEntries(changedFiles(log, 5))).toEqual({ 'new.ts': 'new', 'app.ts': 'edited', 'gone.ts': 'deleted', 'temp.ts': 'new' });
  });
});
