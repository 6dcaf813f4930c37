import { describe, expect, it } from 'vitest';
import { createBatcher, FALLBACK_FLUSH_MS, type Scheduler } from '../../../src/ui/event-batcher';

function manualScheduler() {
  const frames = new Set<() => void>();
  const timers = new Set<{ callback: () => void; ms: number }>();
  const scheduler: Scheduler = {
    frame(callback) {
      frames.add(callback);
      return () => frames.delete(callback);
    },
    timeout(callback, ms) {
      const timer = { callback, ms };
      timers.add(timer);
      return () => timers.delete(timer);
    },
  };
  return {
    scheduler,
    frames,
    timers,
    nextFrame: () => [...frames].forEach((callback) => callback()),
    fireTimers: () => [...timers].forEach((timer) => timer.callback()),
  };
}

describe('createBatcher', () => {
  it('hands over everything pushed in one frame as one batch, in order', () => {
    const clock = manualScheduler();
    const batches: number[][] = [];
    const batcher = createBatcher<number>((items) => batches.push(items), clock.scheduler);
    for (let i = 0; i < 500; i++) batcher.push(i);
    expect(batches).toEqual([]);
    expect(clock.frames.size).toBe(1);

    clock.nextFrame();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(clock.frames.size).toBe(0);
    expect(clock.timers.size).toBe(0);

    batcher.push(500);
    clock.nextFrame();
    expect(batches).toEqual([expect.any(Array), [500]]);
  });

  it('flushes on a timer when no frame comes (background tab)', () => {
    const clock = manualScheduler();
    const batches: string[][] = [];
    const batcher = createBatcher<string>((items) => batches.push(items), clock.scheduler);
    batcher.push('a');
    expect([...clock.timers][0]?.ms).toBe(FALLBACK_FLUSH_MS);
    clock.fireTimers();
    expect(batches).toEqual([['a']]);
    expect(clock.frames.size).toBe(0);
  });

  it('does nothing when flushed empty', () => {
    const clock = manualScheduler();
    const batches: string[][] = [];
    createBatcher<string>((items) => batches.push(items), clock.scheduler).flush();
    expect(batches).toEqual([]);
  });
});
