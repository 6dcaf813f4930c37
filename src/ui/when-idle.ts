export interface IdleOptions {
  /** Wait at least this long first (a viewer still scrubbing through a replay cancels before). */
  afterMs?: number;
  /** Run by then even if the page never idles. */
  timeoutMs?: number;
}

/** Runs `work` when the page is idle (soon after, where the browser cannot say); returns the cancel. */
export function whenIdle(work: () => void, { afterMs = 0, timeoutMs = 1000 }: IdleOptions = {}): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(work, { timeout: timeoutMs });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(work, 200);
      cancel = () => clearTimeout(handle);
    }
  };
  if (afterMs <= 0) idle();
  else {
    const handle = setTimeout(idle, afterMs);
    cancel = () => clearTimeout(handle);
  }
  return () => cancel();
}
