import { describe, expect, it } from 'vitest';
import { RecentlyUsed, sourceKey } from '../../../src/code/recently-used';

describe('RecentlyUsed', () => {
  it('keeps the newest values, drops the least recently used first and hands it to onDrop', () => {
    const dropped: string[] = [];
    const cache = new RecentlyUsed<string>(2, (value) => dropped.push(value));
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A'); // now newer than b
    cache.set('c', 'C');
    expect(dropped).toEqual(['B']);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['A', 'C']);
  });

  it('keys texts by language too', () => {
    expect(sourceKey('x', 'c')).not.toBe(sourceKey('x', 'cpp'));
  });
});
