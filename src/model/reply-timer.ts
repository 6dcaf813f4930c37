import { ModelError } from './port';

export interface ReplyLimits {
  /** Give up when the endpoint sends nothing for this long (waiting for headers included). */
  idleTimeoutMs: number;
  /** Give up when one reply, streaming or not, takes longer than this. */
  totalLimitMs: number;
}

export const DEFAULT_REPLY_LIMITS: ReplyLimits = { idleTimeoutMs: 60_000, totalLimitMs: 600_000 };

/**
 * Bounds one model reply in time. Its signal follows the caller's and also fires
 * when the endpoint goes silent for `idleTimeoutMs` or the reply outlasts
 * `totalLimitMs`; `error()` then says which, as a retryable timeout.
 */
export class ReplyTimer {
  private readonly controller = new AbortController();
  private idle: ReturnType<typeof setTimeout> | undefined;
  private readonly total: ReturnType<typeof setTimeout>;
  private readonly unlink: () => void;
  private reason: 'idle' | 'total' | null = null;

  constructor(
    private readonly limits: ReplyLimits,
    outer: AbortSignal | undefined,
  ) {
    const forward = () => this.controller.abort(outer?.reason);
    if (outer?.aborted) forward();
    outer?.addEventListener('abort', forward, { once: true });
    this.unlink = () => outer?.removeEventListener('abort', forward);
    this.total = setTimeout(() => this.fire('total'), limits.totalLimitMs);
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** True once a limit ended the reply (not the caller's own abort). */
  get expired(): boolean {
    return this.reason !== null;
  }

  /** Something arrived: the idle clock starts again. */
  touch(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.fire('idle'), this.limits.idleTimeoutMs);
  }

  error(host: string): ModelError {
    const message =
      this.reason === 'total'
        ? `${host} took longer than ${describe(this.limits.totalLimitMs)} for one reply, so it was stopped`
        : `${host} sent nothing for ${describe(this.limits.idleTimeoutMs)}, so the request was given up`;
    return new ModelError(`${message} (the limits are in Settings).`, 'timeout', true);
  }

  dispose(): void {
    clearTimeout(this.idle);
    clearTimeout(this.total);
    this.unlink();
  }

  private fire(reason: 'idle' | 'total'): void {
    if (this.controller.signal.aborted) return;
    this.reason = reason;
    this.controller.abort();
  }
}

function describe(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
