import { z } from 'zod';
import { LIFE_LOCK_PREFIX, type WorkerHeartbeat } from '../worker/api';

/**
 * The page's side of the worker's life signals (`src/worker/life-signals.ts`): the name of the
 * lock a worker holds while it lives, whether it is still held, and the heartbeats it posts.
 */
interface LockQuery {
  query(): Promise<{ held?: { name?: string }[] }>;
}

function lockManager(): LockQuery | null {
  return (navigator as { locks?: LockQuery }).locks ?? null;
}

export function newLifeLockName(): string {
  return `${LIFE_LOCK_PREFIX}${crypto.randomUUID()}`;
}

/** Whether the lock is held now; null where the browser cannot tell. */
export async function lockHeld(name: string): Promise<boolean | null> {
  const locks = lockManager();
  if (!locks) return null;
  const { held = [] } = await locks.query();
  return held.some((lock) => lock.name === name);
}

/** Resolves once the lock is no longer held (a terminated worker's locks go a moment later), or after `timeoutMs`. */
export async function lockReleased(name: string, timeoutMs: number, pollMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (await lockHeld(name).catch(() => null)) === true) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

const HeartbeatSchema = z.object({ phasegateHeartbeat: z.literal(true), step: z.boolean() });

/** The heartbeat a worker's message carries, or null for any other message (comlink's own). */
export function heartbeatOf(data: unknown): WorkerHeartbeat | null {
  const parsed = HeartbeatSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
