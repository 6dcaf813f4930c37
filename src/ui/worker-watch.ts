/**
 * Notices a worker that died or hangs while it runs something: a worker ended by
 * `terminate()` (or killed by the browser) sends no event, and its pending calls never
 * settle. While a call is under way the worker is pinged; when it stops answering, the
 * call is rejected and `onDead` replaces the worker.
 */
export interface WorkerWatchOptions {
  ping: () => Promise<unknown>;
  onDead: () => void;
  intervalMs?: number;
  /** A ping unanswered this long means the worker is gone. */
  timeoutMs?: number;
}

export class WorkerDiedError extends Error {
  constructor() {
    super('the engine worker stopped during the run');
    this.name = 'WorkerDiedError';
  }
}

export function watchWorker({ ping, onDead, intervalMs = 1000, timeoutMs = 3000 }: WorkerWatchOptions) {
  const pending = new Set<(error: Error) => void>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let checking = false;

  const declareDead = () => {
    stopTimer();
    for (const reject of pending) reject(new WorkerDiedError());
    pending.clear();
    onDead();
  };

  const check = async () => {
    if (checking) return;
    checking = true;
    const answered = await Promise.race([
      ping().then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs)),
    ]);
    checking = false;
    if (!answered && pending.size > 0) declareDead();
  };

  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  return {
    /** The call's own result, or a rejection once the worker is found dead. */
    during<T>(call: Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending.add(reject);
        timer ??= setInterval(() => void check(), intervalMs);
        call.then(resolve, reject).finally(() => {
          pending.delete(reject);
          if (pending.size === 0) stopTimer();
        });
      });
    },
  };
}
