import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../../src/ui/when-idle';

describe('whenIdle (no requestIdleCallback: a timer stands in)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the work once the wait and the idle stand-in have passed, not before', () => {
    const work = vi.fn();
    whenIdle(work, { afterMs: 1000 });
    vi.advanceTimersByTime(1100);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs work cancelled during the wait, or after the wait while waiting for idle', () => {
    const first = vi.fn();
    whenIdle(first, { afterMs: 1000 })();
    const second = vi.fn();
    const cancelSecond = whenIdle(second, { afterMs: 1000 });
    vi.advanceTimersByTime(1050);
    cancelSecond();
    vi.advanceTimersByTime(5000);
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
  });

  it('with no wait, runs at the next idle moment', () => {
    const work = vi.fn();
    whenIdle(work);
    vi.advanceTimersByTime(200);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
