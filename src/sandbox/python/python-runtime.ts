import { messageOf } from '../../protocol/error-message';
import { type HostToPythonMessage, type PythonRunReply, type PythonRunRequest, PythonToHostMessageSchema } from './python-protocol';

/** A thread running `servePython`, as the composition root made it (a Web Worker, a worker_threads Worker). */
export interface PythonThreadHandle {
  post(message: HostToPythonMessage, transfer: ArrayBuffer[]): void;
  onMessage(handler: (message: unknown) => void): void;
  onError(handler: (error: unknown) => void): void;
  terminate(): void;
}

export type PythonThreadFactory = () => PythonThreadHandle;

/**
 * How a run ended. `interrupted`: stopped (Stop or the time limit) before it answered.
 * `out-of-step`: Python's copy of the workspace is not the one the request took as current
 * (another sandbox ran since, or the thread is new): send every file.
 */
export type PythonRunOutcome =
  { kind: 'done'; reply: PythonRunReply } | { kind: 'interrupted' } | { kind: 'out-of-step' } | { kind: 'failed'; message: string };

/** Python for the virtual sandbox's `python3`: loaded on first use (or `preload`), one run at a time. */
export interface PythonRuntime {
  preload(): void;
  run(request: PythonRunRequest, signal?: AbortSignal): Promise<PythonRunOutcome>;
  dispose(): void;
}

/** After SIGINT, how long Python gets to unwind before its thread is ended (and a new one loads). */
export const INTERRUPT_GRACE_MS = 1000;
const SIGINT = 2;

interface Pending {
  id: number;
  settle: (message: unknown) => void;
}

class PythonThread {
  readonly ready: Promise<string>;
  private pending: Pending | null = null;
  private dead = false;
  readonly interrupt: Int32Array | null;

  constructor(private readonly handle: PythonThreadHandle) {
    this.interrupt = typeof SharedArrayBuffer === 'function' ? new Int32Array(new SharedArrayBuffer(4)) : null;
    let resolveReady!: (version: string) => void;
    let rejectReady!: (error: Error) => void;
    this.ready = new Promise<string>((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    // Awaited only by runs; a load that fails before any run must not be an unhandled rejection.
    this.ready.catch(() => undefined);
    handle.onMessage((raw) => {
      const parsed = PythonToHostMessageSchema.safeParse(raw);
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'ready') resolveReady(message.version);
      else if (message.type === 'load-failed') rejectReady(new Error(`Python did not load: ${message.message}`));
      else if (this.pending?.id === message.id) this.pending.settle(message);
    });
    handle.onError((error) => {
      this.dead = true;
      const failure = new Error(`the Python thread failed: ${messageOf(error)}`);
      rejectReady(failure);
      this.pending?.settle(failure);
    });
    handle.post({ type: 'start', interrupt: this.interrupt ? (this.interrupt.buffer as SharedArrayBuffer) : null }, []);
  }

  get alive(): boolean {
    return !this.dead;
  }

  /** Sends a run; the promise settles with the thread's answer (or an Error once the thread failed). */
  send(id: number, request: PythonRunRequest): Promise<unknown> {
    return new Promise((resolve) => {
      this.pending = {
        id,
        settle: (message) => {
          this.pending = null;
          resolve(message);
        },
      };
      // Copied, not transferred: the file bytes may be the sandbox's own buffers.
      this.handle.post({ type: 'run', id, request }, []);
    });
  }

  /** Asks Python to raise KeyboardInterrupt; false when there is no interrupt buffer. */
  signal(): boolean {
    if (!this.interrupt) return false;
    Atomics.store(this.interrupt, 0, SIGINT);
    return true;
  }

  terminate(): void {
    this.dead = true;
    this.pending?.settle(new Error('the Python thread was ended'));
    this.handle.terminate();
  }
}

export class ThreadedPythonRuntime implements PythonRuntime {
  private current: PythonThread | null = null;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly createThread: PythonThreadFactory) {}

  preload(): void {
    this.live();
  }

  run(request: PythonRunRequest, signal?: AbortSignal): Promise<PythonRunOutcome> {
    const result = this.queue.then(() => this.runNow(request, signal));
    this.queue = result.catch(() => undefined);
    return result;
  }

  dispose(): void {
    this.current?.terminate();
    this.current = null;
  }

  private live(): PythonThread {
    if (!this.current?.alive) {
      this.current = new PythonThread(this.createThread());
    }
    return this.current;
  }

  private async runNow(request: PythonRunRequest, signal?: AbortSignal): Promise<PythonRunOutcome> {
    const thread = this.live();
    if (signal?.aborted) return { kind: 'interrupted' };
    const stopped = new Promise<'stopped'>((resolve) => signal?.addEventListener('abort', () => resolve('stopped'), { once: true }));
    try {
      // A stop while Pyodide loads ends the command; the load goes on for the next one.
      if ((await Promise.race([thread.ready, stopped])) === 'stopped') return { kind: 'interrupted' };
    } catch (error) {
      // A thread whose Python did not load is ended; the next run starts a new one.
      thread.terminate();
      this.current = null;
      return { kind: 'failed', message: messageOf(error) };
    }
    const answer = thread.send(this.nextId++, request);
    const first = await Promise.race([answer, stopped]);
    if (first === 'stopped') {
      await this.interrupt(thread, answer);
      return { kind: 'interrupted' };
    }
    if (first instanceof Error) {
      this.current = null;
      return { kind: 'failed', message: first.message };
    }
    const message = PythonToHostMessageSchema.parse(first);
    if (message.type === 'done') return { kind: 'done', reply: message.reply };
    if (message.type === 'out-of-step') return { kind: 'out-of-step' };
    return { kind: 'failed', message: message.type === 'failed' ? message.message : `unexpected answer ${message.type}` };
  }

  /** KeyboardInterrupt first; a thread that has not answered within the grace period is ended. */
  private async interrupt(thread: PythonThread, answer: Promise<unknown>): Promise<void> {
    if (thread.signal()) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const grace = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), INTERRUPT_GRACE_MS)));
      const outcome = await Promise.race([answer, grace]);
      clearTimeout(timer);
      if (outcome !== 'late') return;
    }
    thread.terminate();
    if (this.current === thread) this.current = null;
  }
}
