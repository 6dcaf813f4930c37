import { SharedStopFlag, type StopFlag } from '../sandbox/stop-flag';

/**
 * The page's Stop as this worker's virtual sandboxes see it. The page raises a shared flag before
 * it sends `stop()`, and a `node` program busy in QuickJS keeps that message waiting, not the flag.
 * A command that finds it raised is aborted (the sandbox's side) and stops the engine's run, as the
 * message would, so the run ends the same whichever arrives first. Lowered once `stop()` was
 * handled and when a run starts, so an old Stop never stops a later command.
 */
export class PageStop implements StopFlag {
  private flag: SharedStopFlag | null = null;
  private stopQueued = false;

  constructor(private readonly stopRun: () => void) {}

  /** The page's flag (an Int32Array on a SharedArrayBuffer); without one, Stop arrives as a message only. */
  share(cells: unknown): void {
    this.flag = SharedStopFlag.of(cells);
  }

  isRaised(): boolean {
    if (this.flag === null || !this.flag.isRaised()) return false;
    if (!this.stopQueued) {
      this.stopQueued = true;
      // Asked from inside QuickJS's interrupt handler: the run is stopped once the program has unwound.
      void Promise.resolve().then(() => {
        this.stopQueued = false;
        this.stopRun();
      });
    }
    return true;
  }

  lower(): void {
    this.flag?.lower();
  }
}
