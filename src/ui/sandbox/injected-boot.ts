import type { WebContainerLike } from '../../sandbox/webcontainer-like';

/** The global a browser test defines with Playwright's `addInitScript`, before any script of the page runs. */
export const INJECTED_BOOT_GLOBAL = '__phasegateInjectedWebContainerBoot';

/**
 * A stand-in for WebContainer's boot, for the browser tests only: WebContainer cannot boot on the
 * test machine (no network), so `test/e2e/preview.e2e.ts` installs a small in-page container this
 * way, and everything after the boot (the sandbox, the proxy, the worker's log, the page) is the
 * production path. Read once, by the boot; nothing of the app defines it, so in production it is absent.
 */
export function injectedBoot(): (() => Promise<WebContainerLike>) | undefined {
  const boot: unknown = (globalThis as Record<string, unknown>)[INJECTED_BOOT_GLOBAL];
  return typeof boot === 'function' ? (boot as () => Promise<WebContainerLike>) : undefined;
}
