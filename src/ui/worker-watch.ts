/**
 * Notices a worker that died or hangs while it runs something, without mistaking a busy one
 * for a dead one. A worker ended by `terminate()` (or killed by the browser) sends nothing
 * again, and its pending calls never settle; but a worker inside one long synchronous stretch
 * (a command printing 100 MB in the virtual sandbox) is silent too, for a minute and more.
 *
 * So silence alone decides only where nothing better is known, and then with a grace that
 * depends on what the worker last said it was doing:
 * - `alive()` asks whether the worker still exists at all, whatever its thread is doing (the
 *   page asks for the lock the worker holds while it lives): no means dead at once; yes means
 *   a silent worker is busy, and only a silence longer than `busyGraceMs` makes it hung.
 * - Signs of life (`beat`): the answer to a ping, every event, the worker's heartbeats; a
 *   heartbeat saying a step (a tool call, a command) is under way earns the long grace too.
 * - Otherwise a silence of `silentMs` means dead.
 * - Stop pressed: a worker that shows no sign of life within `stopGraceMs` cannot be stopped
 *   (Stop lands only when it has a free turn), so it is replaced and its run offered for Resume.
 * Time the page itself stood still (its own long task) is not counted against the worker.
 *
 * Between calls only the lock is asked (every `idleIntervalMs`): a worker found gone then is
 * replaced too, so the next call does not go to a worker that can never answer.
 */
export interface WorkerWatchOptions {
  ping: () => Promise<unknown>;
  /** `duringCall` says whether a watched call was under way (a run cut off) or the worker died between calls. */
  onDead: (duringCall: boolean) => void;
  /** Whether the worker still exists (true), is gone (false), or cannot be told (null). */
  alive?: () => Promise<boolean | null>;
  intervalMs?: number;
  /** Silence that means dead when nothing says the worker is busy. */
  silentMs?: number;
  /** Silence allowed while the worker is known to exist or said a step is under way. */
  busyGraceMs?: number;
  /** Silence allowed after Stop was pressed. */
  stopGraceMs?: number;
  /** How often the lock is asked about between calls. */
  idleIntervalMs?: number;
}

export const WATCH_INTERVAL_MS = 1000;
export const SILENT_LIMIT_MS = 10_000;
export const BUSY_GRACE_MS = 180_000;
export const STOP_GRACE_MS = 10_000;
export const IDLE_INTERVAL_MS = 2000;

export class WorkerDiedError extends Error {
  constructor() {
    super('the engine worker stopped during the run');
    this.name = 'WorkerDiedError';
  }
}

export interface WorkerWatch {
  /** The call's own result, or a rejection once the worker is found dead. */
  during<T>(call: Promise<T>): Promise<T>;
  /** A sign of life; `step` says whether a step (tool call, command) is under way now. */
  beat(step?: boolean): void;
  /** Stop was pressed: the worker must show a sign of life within the stop grace. */
  stopping(): void;
  /** A new worker took the old one's place: its silence starts now, and it is not in a step. */
  reset(): void;
  /** The longest silence seen while a call was watched, in ms (for the browser tests and the bench). */
  longestSilenceMs(): number;
  /** How long the worker has been silent inside a step now, in ms; 0 outside a step (for the browser tests). */
  stepSilenceMs(): number;
}

export function watchWorker({
  ping,
  onDead,
  alive = async () => null,
  intervalMs = WATCH_INTERVAL_MS,
  silentMs = SILENT_LIMIT_MS,
  busyGraceMs = BUSY_GRACE_MS,
  stopGraceMs = STOP_GRACE_MS,
  idleIntervalMs = IDLE_INTERVAL_MS,
}: WorkerWatchOptions): WorkerWatch {
  const pending = new Set<(error: Error) => void>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let lastSign = Date.now();
  let lastTick = Date.now();
  let inStep = false;
  let pinging = false;
  let checking = false;
  let longest = 0;
  /** When Stop was pressed during the watched calls, if it was. */
  let stopAt: number | null = null;

  const silence = (now: number) => {
    const silent = now - lastSign;
    if (timer !== null) longest = Math.max(longest, silent);
    return silent;
  };

  const beat = (step?: boolean) => {
    const now = Date.now();
    silence(now);
    lastSign = now;
    if (step !== undefined) inStep = step;
  };

  /** Set once a worker was declared dead, until `reset()` says a new one took its place. */
  let replacing = false;

  const declareDead = () => {
    replacing = true;
    const duringCall = pending.size > 0;
    stopTimer();
    for (const reject of pending) reject(new WorkerDiedError());
    pending.clear();
    onDead(duringCall);
  };

  const checkIdle = async () => {
    if (pending.size > 0 || checking || replacing) return;
    checking = true;
    const exists = await alive().catch(() => null);
    checking = false;
    if (exists === false && pending.size === 0 && !replacing) declareDead();
  };
  setInterval(() => void checkIdle(), idleIntervalMs);

  const check = async () => {
    const now = Date.now();
    // A tick that comes late means the page was busy: that time is not the worker's silence.
    const late = now - lastTick - intervalMs;
    if (late > intervalMs) {
      lastSign = Math.min(now, lastSign + late);
      if (stopAt !== null) stopAt = Math.min(now, stopAt + late);
    }
    lastTick = now;
    if (!pinging) {
      pinging = true;
      void ping()
        .then(() => beat())
        .catch(() => undefined)
        .finally(() => (pinging = false));
    }
    if (checking) return;
    checking = true;
    const exists = await alive().catch(() => null);
    checking = false;
    if (pending.size === 0) return;
    if (exists === false) return declareDead();
    if (stopAt !== null && lastSign < stopAt && Date.now() - stopAt > stopGraceMs) return declareDead();
    const grace = exists === true || inStep ? busyGraceMs : silentMs;
    if (silence(Date.now()) > grace) declareDead();
  };

  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    stopAt = null;
  };

  return {
    during<T>(call: Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending.add(reject);
        if (timer === null) {
          // Silence is counted from the start of the watch, not from a quiet time before it.
          lastSign = lastTick = Date.now();
          timer = setInterval(() => void check(), intervalMs);
        }
        // The watch ends before the caller hears the outcome.
        const settled = () => {
          pending.delete(reject);
          if (pending.size === 0) stopTimer();
        };
        call.then(
          (value) => {
            settled();
            resolve(value);
          },
          (error: unknown) => {
            settled();
            reject(error);
          },
        );
      });
    },
    beat,
    stopping() {
      if (timer !== null) stopAt ??= Date.now();
    },
    reset() {
      replacing = false;
      stopAt = null;
      inStep = false;
      pinging = false;
      lastSign = Date.now();
    },
    longestSilenceMs: () => longest,
    stepSilenceMs: () => (timer !== null && inStep ? Date.now() - lastSign : 0),
  };
}
