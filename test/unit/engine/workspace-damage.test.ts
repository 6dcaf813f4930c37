import { describe, expect, it } from 'vitest';
import { damageBetween, damageLimit, exceedsLimits } from '../../../src/engine/workspace-damage';
import type { TreeEntry, WorkspaceTree } from '../../../src/engine/workspace-tree';

const file = (content: string, link = false): TreeEntry => ({ kind: 'file', content, ...(link ? { link: true as const } : {}) });
const tree = (entries: Record<string, TreeEntry>): WorkspaceTree => new Map(Object.entries(entries));

const SOURCE = 'export function total(items) {\n  return items.reduce((sum, item) => sum + item.price, 0);\n}\n';

describe('damageBetween', () => {
  it('counts files removed, emptied, swapped for a link or rewritten wholesale, each by path', () => {
    const before = tree({ a: file(SOURCE), b: file(SOURCE), c: file(SOURCE), d: file(SOURCE), e: file(SOURCE), f: file(SOURCE), dir: { kind: 'dir' } });
    const after = tree({
      b: file('\n'),
      c: file('', true),
      d: file('eHBvcnQgZnVuY3Rpb24gdG90YWwoaXRlbXMpIHsKICByZXR1cm4gaXRlbXMucmVkdWNl'),
      e: { kind: 'dir' },
      f: file(SOURCE.replace('price', 'cost')),
    });
    expect(damageBetween(before, after)).toEqual({ files: 6, removed: ['a', 'e'], emptied: ['b'], replaced: ['c', 'd'] });
  });

  it('does not count a file found again at another path with the same content (a move), nor new files', () => {
    const before = tree({ 'src/a.ts': file('a'), 'src/b.ts': file('b'), 'README.md': file('r') });
    const after = tree({ 'lib/a.ts': file('a'), 'lib/b.ts': file('b'), 'README.md': file('r'), 'lib/c.ts': file('c') });
    expect(damageBetween(before, after)).toEqual({ files: 3, removed: [], emptied: [], replaced: [] });
  });

  it('counts a move once per copy: two files with one content moved to one path lose one', () => {
    const before = tree({ a: file('same'), b: file('same') });
    expect(damageBetween(before, tree({ c: file('same') })).removed).toEqual(['b']);
  });

  it('does not count an empty file emptied again', () => {
    expect(damageBetween(tree({ a: file('') }), tree({ a: file('  \n') }))).toEqual({ files: 1, removed: [], emptied: [], replaced: [] });
  });
});

describe('limits', () => {
  it('more than maxFraction of the files or more than maxFiles, whichever is fewer', () => {
    const limits = { maxFraction: 0.5, maxFiles: 20 };
    expect(damageLimit(6, limits)).toBe(3);
    expect(damageLimit(7, limits)).toBe(3);
    expect(damageLimit(1000, limits)).toBe(20);
    const removed = (n: number, files: number) => ({ files, removed: Array.from({ length: n }, (_, i) => `f${i}`), emptied: [], replaced: [] });
    expect(exceedsLimits(removed(3, 6), limits)).toBe(false);
    expect(exceedsLimits(removed(4, 6), limits)).toBe(true);
    expect(exceedsLimits(removed(20, 1000), limits)).toBe(false);
    expect(exceedsLimits(removed(21, 1000), limits)).toBe(true);
  });
});
