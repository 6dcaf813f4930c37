/**
 * A Stop that reaches a command while the command holds its thread (a `node` program busy in
 * QuickJS): messages to that thread wait until the command lets go, memory shared with it does
 * not. The virtual sandbox asks it as often as it asks its time limit.
 */
export interface StopFlag {
  isRaised(): boolean;
}

// Captured when this module loads: while a script runs, just-bash blocks the global Atomics.
const atomicLoad = Atomics.load.bind(Atomics);
const atomicStore = Atomics.store.bind(Atomics);

/** A StopFlag in one Int32Array cell of a SharedArrayBuffer: raised on one thread, seen at once on another. */
export class SharedStopFlag implements StopFlag {
  private constructor(readonly cells: Int32Array) {}

  /** A new, lowered flag; null where SharedArrayBuffer is missing (a page that is not cross-origin isolated). */
  static create(): SharedStopFlag | null {
    if (typeof SharedArrayBuffer !== 'function') return null;
    return new SharedStopFlag(new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)));
  }

  /** The flag another thread created, as received there (anything else is refused). */
  static of(cells: unknown): SharedStopFlag {
    if (typeof SharedArrayBuffer !== 'function' || !(cells instanceof Int32Array) || !(cells.buffer instanceof SharedArrayBuffer) || cells.length < 1) {
      throw new Error('a stop flag is an Int32Array on a SharedArrayBuffer');
    }
    return new SharedStopFlag(cells);
  }

  raise(): void {
    atomicStore(this.cells, 0, 1);
  }

  lower(): void {
    atomicStore(this.cells, 0, 0);
  }

  isRaised(): boolean {
    return atomicLoad(this.cells, 0) !== 0;
  }
}
