import { messageOf } from '../protocol/error-message';
import { redactSecrets } from '../protocol/redact-secrets';
import { WebContainerSandbox } from './webcontainer';
import { keyRefusalOf, keyRefusalReason, type KeyRefusalStatus } from './webcontainer-key';
import type { WebContainerLike } from './webcontainer-like';

export const MAX_BOOT_TIMEOUT_MS = 15_000;

export interface BootWebContainerOptions {
  /** Boots the container; by default WebContainer.boot from @webcontainer/api (main thread only), after configureAPIKey when a key is set. */
  boot?: () => Promise<WebContainerLike>;
  /** The WebContainer API key (empty: none; localhost needs none). Never part of a reason. */
  apiKey?: string;
  /** Give up after this long (default and maximum 15 000 ms). */
  timeoutMs?: number;
  /** Files to mount, relative to the workspace root. */
  files?: Record<string, string>;
  crossOriginIsolated?: boolean;
  online?: boolean;
}

export type BootWebContainerResult =
  | { ok: true; sandbox: WebContainerSandbox }
  /** `keyRefused`: StackBlitz refused this address (see webcontainer-key.ts). */
  | { ok: false; reason: string; keyRefused?: KeyRefusalStatus };

async function bootRealWebContainer(apiKey: string): Promise<WebContainerLike> {
  const { WebContainer, configureAPIKey } = await import('@webcontainer/api');
  // Before boot, or it throws: the key becomes the client_id of the iframe's /headless address.
  if (apiKey !== '') configureAPIKey(apiKey);
  return WebContainer.boot({ coep: 'require-corp', workdirName: 'workspace' });
}

function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(2)));
}

function tearDownQuietly(container: WebContainerLike): void {
  try {
    container.teardown?.();
  } catch {
    // Nothing more to release.
  }
}

/**
 * Boots WebContainer and wraps it as a sandbox, or says in a few words why it
 * cannot (the UI shows "Virtual sandbox — <reason>"). Offline, a boot never
 * settles, hence the timeout; a boot that settles after it is torn down.
 */
export async function bootWebContainerSandbox(options: BootWebContainerOptions = {}): Promise<BootWebContainerResult> {
  const isolated = options.crossOriginIsolated ?? globalThis.crossOriginIsolated === true;
  if (!isolated) return { ok: false, reason: 'WebContainer needs cross-origin isolation' };
  const online = options.online ?? globalThis.navigator?.onLine !== false;
  if (!online) return { ok: false, reason: 'WebContainer needs network access' };

  const timeoutMs = Math.min(Math.max(options.timeoutMs ?? MAX_BOOT_TIMEOUT_MS, 0), MAX_BOOT_TIMEOUT_MS);
  const apiKey = options.apiKey ?? '';
  const boot = options.boot ?? (() => bootRealWebContainer(apiKey));
  // Only the boot's own errors can be StackBlitz's answer; a failed mount is not.
  const failed = (error: unknown, fromBoot: boolean): BootWebContainerResult => {
    const refused = fromBoot ? keyRefusalOf(error) : null;
    if (refused !== null) return { ok: false, reason: keyRefusalReason(refused, apiKey !== ''), keyRefused: refused };
    return { ok: false, reason: `WebContainer failed to start: ${redactSecrets(messageOf(error), [apiKey])}` };
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const booting = (async () => boot())();
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });

  let container: WebContainerLike;
  try {
    const outcome = await Promise.race([booting, deadline]);
    if (outcome === 'timeout') {
      booting.then(tearDownQuietly, () => undefined);
      return { ok: false, reason: `WebContainer did not start within ${formatSeconds(timeoutMs)} s (it needs network access)` };
    }
    container = outcome;
  } catch (error) {
    return failed(error, true);
  } finally {
    clearTimeout(timer);
  }

  const sandbox = new WebContainerSandbox(container);
  if (options.files) {
    try {
      await sandbox.mountFiles(options.files);
    } catch (error) {
      tearDownQuietly(container);
      return failed(error, false);
    }
  }
  return { ok: true, sandbox };
}
