import { describe, expect, it } from 'vitest';
import { RenderCache } from '../../../src/ui/timeline/render-cache';

describe('RenderCache', () => {
  it('renders a text once and gives the same value again', () => {
    const cache = new RenderCache<object>(10, 1000);
    let renders = 0;
    const render = () => ({ n: ++renders });
    const first = cache.get('a', render);
    expect(cache.get('a', render)).toBe(first);
    expect(renders).toBe(1);
  });

  it('drops the least recently used text past its entry bound', () => {
    const cache = new RenderCache<string>(2, 1000);
    let renders = 0;
    const render = () => `r${++renders}`;
    cache.get('a', render);
    cache.get('b', render);
    cache.get('a', render); // a is now the most recent
    cache.get('c', render); // b goes
    expect(cache.size).toBe(2);
    expect(cache.get('a', render)).toBe('r1');
    expect(cache.get('b', render)).toBe('r4');
  });

  it('keeps the total text length within its bound, and never keeps a text longer than the bound', () => {
    const cache = new RenderCache<number>(100, 10);
    let renders = 0;
    const render = () => ++renders;
    cache.get('aaaaaa', render);
    cache.get('bbbbbb', render); // 12 characters: the first goes
    expect(cache.size).toBe(1);
    cache.get('x'.repeat(11), render);
    expect(cache.size).toBe(1);
    expect(cache.get('x'.repeat(11), render)).toBe(4);
  });
});
