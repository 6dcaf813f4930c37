import { messageOf } from '../../protocol/error-message';

export const PROBE_TIMEOUT_MS = 3000;

/**
 * The document WebContainer.boot loads in its iframe (@webcontainer/api 1.6.4, `coep` as we boot it).
 * The page is COEP require-corp, so that iframe only loads because the host answers with
 * `Cross-Origin-Resource-Policy: cross-origin`; the same header lets a no-cors fetch of it through.
 */
export const WEBCONTAINER_HOST_URL = 'https://stackblitz.com/headless?coep=require-corp&version=1.6.4';

export type ProbeResult = { ok: true } | { ok: false; reason: string };

export interface ProbeOptions {
  fetch?: typeof globalThis.fetch;
  url?: string;
  timeoutMs?: number;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Asks WebContainer's host for its boot page; fails at once offline and within `timeoutMs` when the host does not answer. */
export async function probeWebContainerHost(options: ProbeOptions = {}): Promise<ProbeResult> {
  const url = options.url ?? WEBCONTAINER_HOST_URL;
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const host = hostOf(url);
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('timeout');
    }, timeoutMs);
  });
  try {
    // Any answer, even an opaque one, means the host is reachable; only a network error or silence is a failure.
    const outcome = await Promise.race([doFetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: controller.signal }), deadline]);
    if (outcome === 'timeout') return { ok: false, reason: `the reachability probe of ${host} got no answer within ${timeoutMs / 1000} s` };
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `the reachability probe of ${host} failed (${messageOf(error)})` };
  } finally {
    clearTimeout(timer);
  }
}
