import { describe, expect, it } from 'vitest';
import { foldSegments } from '../../../src/protocol/path-segments';

const fold = (path: string, aboveTop: 'clamp' | 'keep' | 'refuse') => {
  const out = aboveTop === 'refuse' ? foldSegments(path.split('/'), 'refuse') : foldSegments(path.split('/'), aboveTop);
  return out === null ? null : out.join('/');
};

describe('foldSegments', () => {
  it.each([
    // path, clamp (absolute), keep (relative), refuse (must stay inside)
    ['a/b/c', 'a/b/c', 'a/b/c', 'a/b/c'],
    ['a//b/./c/', 'a/b/c', 'a/b/c', 'a/b/c'],
    ['a/b/../c', 'a/c', 'a/c', 'a/c'],
    ['a/../..', '', '..', null],
    ['../a', 'a', '../a', null],
    ['../../a/../b', 'b', '../../b', null],
    ['a/b/../../..', '', '..', null],
    ['.', '', '', ''],
    ['', '', '', ''],
    ['a/./../b/..', '', '', ''],
    ['..a/b..', '..a/b..', '..a/b..', '..a/b..'],
  ])('%j folds to clamp %j, keep %j, refuse %j', (path, clamp, keep, refuse) => {
    expect(fold(path, 'clamp')).toBe(clamp);
    expect(fold(path, 'keep')).toBe(keep);
    expect(fold(path, 'refuse')).toBe(refuse);
  });
});
