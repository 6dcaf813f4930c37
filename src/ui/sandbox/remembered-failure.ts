import { z } from 'zod';

/** Where this browser remembers that WebContainer failed to start, so the next visit does not wait for it again. */
export const WEBCONTAINER_FAILED_KEY = 'phasegate.webcontainer-failed';

const RememberedFailureSchema = z.object({
  /** When the boot failed (ms since the epoch). */
  at: z.number().finite(),
  reason: z.string().max(2000),
});
export type RememberedFailure = z.infer<typeof RememberedFailureSchema>;

export type FailureStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * How long a failure is remembered: a network that was down yesterday may be up today, and the
 * probe decides within 3 s, so after a day the page checks again.
 */
export const REMEMBER_FOR_MS = 24 * 60 * 60 * 1000;

/** The failure remembered in this browser, unless it is older than REMEMBER_FOR_MS (or unreadable). */
export function readRememberedFailure(storage: FailureStorage | null, now: number): RememberedFailure | null {
  try {
    const raw = storage?.getItem(WEBCONTAINER_FAILED_KEY);
    if (raw == null) return null;
    const parsed = RememberedFailureSchema.safeParse(JSON.parse(raw));
    return parsed.success && now - parsed.data.at <= REMEMBER_FOR_MS ? parsed.data : null;
  } catch {
    // Unreadable storage or a damaged entry: nothing remembered.
    return null;
  }
}

export function rememberFailure(storage: FailureStorage | null, failure: RememberedFailure): void {
  try {
    storage?.setItem(WEBCONTAINER_FAILED_KEY, JSON.stringify(failure));
  } catch {
    // Storage full or blocked: the next visit just probes again.
  }
}

export function forgetFailure(storage: FailureStorage | null): void {
  try {
    storage?.removeItem(WEBCONTAINER_FAILED_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The page's localStorage, or null where it is blocked. */
export function browserStorage(): FailureStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
