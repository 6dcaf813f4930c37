/**
 * Collects items and hands them over once per animation frame, so a fast run
 * re-renders once a frame instead of once per event. Background tabs get no
 * frames, so a timer flushes as well.
 */
export interface Scheduler {
  frame(callback: () => void): () => void;
  timeout(callback: () => void, ms: number): () => void;
}

export const browserScheduler: Scheduler = {
  frame(callback) {
    const id = requestAnimationFrame(callback);
    return () => cancelAnimationFrame(id);
  },
  timeout(callback, ms) {
    const id = setTimeout(callback, ms);
    return () => clearTimeout(id);
  },
};

export const FALLBACK_FLUSH_MS = 100;

export function createBatcher<T>(flush: (items: T[]) => void, scheduler: Scheduler = browserScheduler) {
  let pending: T[] = [];
  let cancels: Array<() => void> = [];

  function run(): void {
    for (const cancel of cancels) cancel();
    cancels = [];
    const items = pending;
    pending = [];
    if (items.length > 0) flush(items);
  }

  return {
    push(item: T): void {
      pending.push(item);
      if (cancels.length === 0) cancels = [scheduler.frame(run), scheduler.timeout(run, FALLBACK_FLUSH_MS)];
    },
    /** Hands over anything pending now. */
    flush: run,
  };
}
