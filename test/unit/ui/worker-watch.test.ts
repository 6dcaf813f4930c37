import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSY_GRACE_MS, IDLE_INTERVAL_MS, SILENT_LIMIT_MS, STOP_GRACE_MS, watchWorker, WorkerDiedError } from '../../../src/ui/worker-watch';

/** A worker stand-in: its pings never answer (it is busy or dead); what it says is driven by the test. */
function silentWorker(alive: () => Promise<boolean | null> = async () => null) {
  const onDead = vi.fn();
  const watch = watchWorker({ ping: () => new Promise(() => undefined), onDead, alive });
  const outcome: { error: unknown } = { error: null };
  void watch.during(new Promise(() => undefined)).catch((error: unknown) => (outcome.error = error));
  return { watch, onDead, outcome };
}

describe('the worker watch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('declares a silent worker dead after the short limit and rejects the call it was doing', async () => {
    const { onDead, outcome } = silentWorker();
    await vi.advanceTimersByTimeAsync(SILENT_LIMIT_MS - 1000);
    expect(onDead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(onDead).toHaveBeenCalledTimes(1);
    expect(outcome.error).toBeInstanceOf(WorkerDiedError);
  });

  it('keeps a worker whose pings go unanswered but which sends heartbeats', async () => {
    const { watch, onDead } = silentWorker();
    for (let second = 0; second < 120; second++) {
      watch.beat(false);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(onDead).not.toHaveBeenCalled();
  });

  it('gives a worker that said a step is under way the long grace, then declares it dead', async () => {
    const { watch, onDead } = silentWorker();
    watch.beat(true);
    await vi.advanceTimersByTimeAsync(BUSY_GRACE_MS - 1000);
    expect(onDead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(onDead).toHaveBeenCalledTimes(1);
  });

  it('after a step ended, the short limit applies again', async () => {
    const { watch, onDead } = silentWorker();
    watch.beat(true);
    await vi.advanceTimersByTimeAsync(5000);
    watch.beat(false);
    await vi.advanceTimersByTimeAsync(SILENT_LIMIT_MS + 1000);
    expect(onDead).toHaveBeenCalledTimes(1);
  });

  it('keeps a silent worker that still holds its life lock (busy, not dead) until the long grace', async () => {
    const { onDead } = silentWorker(async () => true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onDead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BUSY_GRACE_MS);
    expect(onDead).toHaveBeenCalledTimes(1);
  });

  it('declares a worker whose life lock is gone dead at the next check, even in a step', async () => {
    let exists = true;
    const { watch, onDead } = silentWorker(async () => exists);
    watch.beat(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onDead).not.toHaveBeenCalled();
    exists = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(onDead).toHaveBeenCalledTimes(1);
    expect(onDead).toHaveBeenCalledWith(true);
  });

  it('between calls, replaces a worker whose life lock is gone, once, and again only after a reset', async () => {
    let exists: boolean | null = true;
    const onDead = vi.fn();
    const watch = watchWorker({ ping: () => new Promise(() => undefined), onDead, alive: async () => exists });
    await vi.advanceTimersByTimeAsync(IDLE_INTERVAL_MS * 10);
    exists = null;
    await vi.advanceTimersByTimeAsync(IDLE_INTERVAL_MS * 10);
    // Held, or not known: an idle worker is left alone, however long it says nothing.
    expect(onDead).not.toHaveBeenCalled();
    exists = false;
    await vi.advanceTimersByTimeAsync(IDLE_INTERVAL_MS);
    expect(onDead).toHaveBeenCalledTimes(1);
    expect(onDead).toHaveBeenCalledWith(false);
    await vi.advanceTimersByTimeAsync(IDLE_INTERVAL_MS * 5);
    expect(onDead).toHaveBeenCalledTimes(1);
    watch.reset();
    await vi.advanceTimersByTimeAsync(IDLE_INTERVAL_MS);
    expect(onDead).toHaveBeenCalledTimes(2);
  });

  it('tells how long a worker inside a step has been silent, and 0 outside a step or a call', async () => {
    const onDead = vi.fn();
    const watch = watchWorker({ ping: () => new Promise(() => undefined), onDead });
    expect(watch.stepSilenceMs()).toBe(0);
    let finish: () => void = () => undefined;
    const call = watch.during(new Promise<void>((resolve) => (finish = resolve)));
    watch.beat(false);
    await vi.advanceTimersByTimeAsync(3000);
    expect(watch.stepSilenceMs()).toBe(0);
    watch.beat(true);
    await vi.advanceTimersByTimeAsync(4000);
    expect(watch.stepSilenceMs()).toBe(4000);
    finish();
    await call;
    expect(watch.stepSilenceMs()).toBe(0);
  });

  it('replaces a busy worker that shows no sign of life within the stop grace after Stop', async () => {
    const { watch, onDead } = silentWorker(async () => true);
    await vi.advanceTimersByTimeAsync(30_000);
    watch.stopping();
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS - 1000);
    expect(onDead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(onDead).toHaveBeenCalledTimes(1);
  });

  it('keeps a worker that shows a sign of life after Stop (Stop reached it; the run ends in its own time)', async () => {
    const { watch, onDead } = silentWorker(async () => true);
    watch.beat(true);
    watch.stopping();
    await vi.advanceTimersByTimeAsync(3000);
    watch.beat(true);
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS * 3);
    expect(onDead).not.toHaveBeenCalled();
  });

  it('does not count a stretch in which the page itself stood still against the worker', async () => {
    const { onDead } = silentWorker();
    await vi.advanceTimersByTimeAsync(2000);
    // The page's own long task: 20 s pass between two ticks of its timer.
    vi.setSystemTime(Date.now() + 20_000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(onDead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SILENT_LIMIT_MS);
    expect(onDead).toHaveBeenCalledTimes(1);
  });

  it('answers pings as signs of life, watches only while a call is under way, and reports the longest silence', async () => {
    const onDead = vi.fn();
    let answer = true;
    const watch = watchWorker({ ping: () => (answer ? Promise.resolve() : new Promise(() => undefined)), onDead });
    let finish: () => void = () => undefined;
    const call = watch.during(new Promise<void>((resolve) => (finish = resolve)));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onDead).not.toHaveBeenCalled();
    answer = false;
    await vi.advanceTimersByTimeAsync(4000);
    watch.beat();
    expect(watch.longestSilenceMs()).toBeGreaterThanOrEqual(4000);
    expect(watch.longestSilenceMs()).toBeLessThan(6000);
    finish();
    await call;
    // No call under way: silence is nobody's business.
    await vi.advanceTimersByTimeAsync(SILENT_LIMIT_MS * 3);
    expect(onDead).not.toHaveBeenCalled();
  });
});
