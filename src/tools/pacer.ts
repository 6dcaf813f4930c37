/** The longest stretch a tool works before it lets the event loop run (a Stop, a timer). */
export const YIELD_EVERY_MS = 20;

// Captured at load time: just-bash blocks the global setTimeout while one of its scripts runs.
const hostSetTimeout: typeof setTimeout = globalThis.setTimeout.bind(globalThis);

/**
 * Keeps long tool work interruptible. File system calls that answer at once never leave
 * the microtask queue, so neither Stop (a message to the worker) nor a timer gets in;
 * `pace()` hands the event loop a turn every YIELD_EVERY_MS and says whether to go on.
 */
export class Pacer {
  private lastYield = Date.now();

  constructor(private readonly signal?: AbortSignal) {}

  get stopped(): boolean {
    return this.signal?.aborted ?? false;
  }

  /** Yields when a turn is due; false once the work should stop. */
  async pace(): Promise<boolean> {
    if (Date.now() - this.lastYield >= YIELD_EVERY_MS) {
      await new Promise<void>((resolve) => hostSetTimeout(resolve, 0));
      this.lastYield = Date.now();
    }
    return !this.stopped;
  }
}
