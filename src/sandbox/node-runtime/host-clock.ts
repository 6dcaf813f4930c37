/**
 * The host's timers and clock, captured when this module loads: while a script runs, just-bash
 * blocks the global setTimeout and performance.now, and `node` is host code that needs both.
 */
export const hostSetTimeout: typeof setTimeout = globalThis.setTimeout.bind(globalThis);
const hostPerformance = globalThis.performance;
const hostNowFn = hostPerformance.now.bind(hostPerformance);
export const hostNow = (): number => hostNowFn();

/** Waits `ms`, waking every few milliseconds to ask `stopped`; true when it was stopped. */
export async function sleepUnlessStopped(ms: number, stopped: () => boolean): Promise<boolean> {
  const end = hostNow() + ms;
  for (;;) {
    if (stopped()) return true;
    const left = end - hostNow();
    if (left <= 0) return false;
    await new Promise<void>((resolve) => hostSetTimeout(resolve, Math.min(left, 20)));
  }
}
