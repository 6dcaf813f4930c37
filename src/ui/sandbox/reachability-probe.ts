import { messageOf } from '../../protocol/error-message';
import { redactSecrets } from '../../protocol/redact-secrets';
import { keyRefusalReason, type KeyRefusalStatus } from '../../sandbox/webcontainer-key';

export const PROBE_TIMEOUT_MS = 3000;

/**
 * The document WebContainer.boot loads in its iframe (@webcontainer/api 1.6.4, `coep` as we boot it).
 * The page is COEP require-corp, so that iframe only loads because the host answers with
 * `Cross-Origin-Resource-Policy: cross-origin`; the same header lets a no-cors fetch of it through.
 */
export const WEBCONTAINER_HOST_URL = 'https://stackblitz.com/headless?coep=require-corp&version=1.6.4';

export type ProbeResult = { ok: true } | { ok: false; reason: string; keyRefused?: KeyRefusalStatus };

export interface ProbeOptions {
  fetch?: typeof globalThis.fetch;
  url?: string;
  timeoutMs?: number;
  /** The WebContainer API key the boot will configure: asked with it as the iframe will be (its `client_id`). */
  apiKey?: string;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The address the iframe loads: with a key, `client_id` comes first, as configureAPIKey sets it before the boot adds the rest. */
export function probeUrl(url: string, apiKey: string): string {
  if (apiKey === '') return url;
  try {
    const parsed = new URL(url);
    const rest = [...parsed.searchParams].filter(([name]) => name !== 'client_id');
    parsed.search = new URLSearchParams([['client_id', apiKey], ...rest]).toString();
    return parsed.toString();
  } catch {
    return url;
  }
}

const isRefusal = (status: number): status is KeyRefusalStatus => status === 403 || status === 404;

/**
 * Asks WebContainer's host for its boot page; fails at once offline and within `timeoutMs` when the host does not answer.
 * Two requests go together: a no-cors one (any answer, even opaque, means the host is reachable) and a cors one, whose
 * status is readable when the host allows it: a 403 or 404 there means StackBlitz refuses this address without a key.
 */
export async function probeWebContainerHost(options: ProbeOptions = {}): Promise<ProbeResult> {
  const apiKey = options.apiKey ?? '';
  const url = probeUrl(options.url ?? WEBCONTAINER_HOST_URL, apiKey);
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
  const ask = (mode: RequestMode) => doFetch(url, { mode, credentials: 'omit', cache: 'no-store', signal: controller.signal });
  type Settled = { response: Response } | { error: unknown };
  const seen: { reach?: Settled; readable?: Settled } = {};
  const settle = (mode: RequestMode, as: keyof typeof seen) =>
    ask(mode).then(
      (response) => (seen[as] = { response }),
      (error: unknown) => (seen[as] = { error }),
    );
  try {
    const outcome = await Promise.race([Promise.all([settle('no-cors', 'reach'), settle('cors', 'readable')]), deadline]);
    const { reach, readable } = seen;
    const answered = (settled: Settled | undefined): settled is { response: Response } => settled !== undefined && 'response' in settled;
    // An opaque answer has status 0; only a readable one can say 403 or 404.
    const status = answered(readable) ? readable.response.status : answered(reach) ? reach.response.status : 0;
    if (isRefusal(status)) return { ok: false, reason: keyRefusalReason(status, apiKey !== ''), keyRefused: status };
    // A host that answered either request is reachable, even when the other was still on its way at the deadline.
    if (answered(reach) || answered(readable)) return { ok: true };
    if (outcome === 'timeout') return { ok: false, reason: `the reachability probe of ${host} got no answer within ${timeoutMs / 1000} s` };
    const error = reach && 'error' in reach ? reach.error : readable && 'error' in readable ? readable.error : 'no answer';
    return { ok: false, reason: `the reachability probe of ${host} failed (${redactSecrets(messageOf(error), [apiKey])})` };
  } finally {
    clearTimeout(timer);
  }
}
