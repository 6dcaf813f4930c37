import { hostNow, hostSetTimeout, sleepUnlessStopped } from './host-clock';

/** How often a program that keeps the event loop busy lets the host's own loop have a turn. */
const TURN_INTERVAL_MS = 10;

/** What the event loop drives: one program's queues, through the prelude's hooks and the QuickJS runtime. */
export interface EventLoopHost {
  /** The program exited, failed or was interrupted: the loop ends. */
  readonly finished: boolean;
  /** Runs the process.nextTick queue. */
  drainTicks(): void;
  /** Runs QuickJS's promise jobs; false when one threw (the host has reported it). */
  runPromiseJobs(): boolean;
  hasPendingJob(): boolean;
  /** Ms until the next timer is due; -1 when none is waiting. */
  nextTimerDelay(): number;
  runDueTimers(): void;
  /** Looks at the main module's promise after each round of jobs. */
  checkMain(): void;
  stopped(): boolean;
  interrupt(): void;
}

/**
 * Node's loop for one program: nextTick callbacks, promise jobs, then due timers, until nothing
 * is left, the program exits, or it is stopped. Waits for a timer in real time (so a Stop or the
 * time limit lands while it waits), and lets the host's loop have a turn every few milliseconds.
 */
export async function runEventLoop(host: EventLoopHost): Promise<void> {
  let lastTurn = hostNow();
  while (!host.finished) {
    host.drainTicks();
    if (!host.runPromiseJobs()) continue;
    host.checkMain();
    if (host.finished) return;
    const delay = host.nextTimerDelay();
    if (host.finished) return;
    if (delay < 0 && !host.hasPendingJob()) return;
    if (delay > 0) {
      if (await sleepUnlessStopped(delay, () => host.stopped())) host.interrupt();
      lastTurn = hostNow();
    } else if (hostNow() - lastTurn >= TURN_INTERVAL_MS) {
      await new Promise<void>((resolve) => hostSetTimeout(resolve, 0));
      lastTurn = hostNow();
      if (host.stopped()) host.interrupt();
    }
    if (!host.finished && delay >= 0) host.runDueTimers();
  }
}
