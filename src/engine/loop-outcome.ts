import type { RunErrorCode } from '../protocol/events';

/** How a run's loop ended: what run_finished reports. A leaf, so what the loop uses may name it without importing the loop. */
export type LoopOutcome =
  | { status: 'completed'; summary: string; iterations: number; verified: boolean | 'unknown' }
  | { status: 'failed'; errorCode: RunErrorCode; cause: string; reason: string; iterations: number; retryable?: boolean }
  | { status: 'cancelled'; reason: string; iterations: number };
