import { describe, expect, it } from 'vitest';
import { keyRefusalReason } from '../../../../src/sandbox/webcontainer-key';
import { probeUrl, probeWebContainerHost, WEBCONTAINER_HOST_URL } from '../../../../src/ui/sandbox/reachability-probe';

describe('probeWebContainerHost', () => {
  it('asks the host WebContainer boots from, no-cors and without credentials, and accepts any answer', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const result = await probeWebContainerHost({
      fetch: async (url, init) => {
        calls.push([String(url), init]);
        return new Response(null, { status: 200 });
      },
    });
    expect(result).toEqual({ ok: true });
    expect(calls[0]?.[0]).toBe(WEBCONTAINER_HOST_URL);
    expect(calls[0]?.[1]).toMatchObject({ mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
  });

  it('names the probe when the request fails', async () => {
    const result = await probeWebContainerHost({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(result).toEqual({ ok: false, reason: 'the reachability probe of stackblitz.com failed (Failed to fetch)' });
  });

  it('gives up after the time limit and aborts the request', async () => {
    let signal: AbortSignal | undefined;
    const started = Date.now();
    const result = await probeWebContainerHost({
      timeoutMs: 50,
      fetch: (_url, init) => {
        signal = init?.signal ?? undefined;
        return new Promise<Response>(() => undefined);
      },
    });
    expect(result).toEqual({ ok: false, reason: 'the reachability probe of stackblitz.com got no answer within 0.05 s' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(signal?.aborted).toBe(true);
  });

  it('asks with the WebContainer API key as the iframe will, client_id first', async () => {
    const urls: string[] = [];
    await probeWebContainerHost({
      apiKey: 'wc_api_key_0123456789',
      fetch: async (url) => {
        urls.push(String(url));
        return new Response(null, { status: 200 });
      },
    });
    expect(urls[0]).toBe('https://stackblitz.com/headless?client_id=wc_api_key_0123456789&coep=require-corp&version=1.6.4');
    expect(probeUrl(WEBCONTAINER_HOST_URL, '')).toBe(WEBCONTAINER_HOST_URL);
  });

  it('reads a 404 from the readable request: this address needs a key', async () => {
    const result = await probeWebContainerHost({
      // What a browser gives: the no-cors answer is opaque (status 0), the cors one readable.
      fetch: async (_url, init) => (init?.mode === 'no-cors' ? opaque() : new Response('Not Found', { status: 404 })),
    });
    expect(result).toEqual({ ok: false, keyRefused: 404, reason: keyRefusalReason(404, false) });
  });

  it('reads a 403 when the host refuses the key in use, and never names the key', async () => {
    const key = 'wc_api_wrong_0123456789';
    const result = await probeWebContainerHost({ apiKey: key, fetch: async () => new Response(null, { status: 403 }) });
    expect(result).toEqual({ ok: false, keyRefused: 403, reason: keyRefusalReason(403, true) });
    expect(JSON.stringify(result)).not.toContain(key);
  });

  it('passes when the host answers opaquely and refuses cors: its status cannot be read', async () => {
    const result = await probeWebContainerHost({
      fetch: async (_url, init) => (init?.mode === 'no-cors' ? opaque() : Promise.reject(new TypeError('Failed to fetch'))),
    });
    expect(result).toEqual({ ok: true });
  });

  it('passes when one request answered and the other is still on its way at the deadline', async () => {
    const result = await probeWebContainerHost({
      timeoutMs: 50,
      fetch: (_url, init) => (init?.mode === 'no-cors' ? Promise.resolve(opaque()) : new Promise<Response>(() => undefined)),
    });
    expect(result).toEqual({ ok: true });
  });
});

/** A no-cors answer as a browser hands it over: status 0, nothing readable. */
function opaque(): Response {
  const response = new Response(null, { status: 200 });
  Object.defineProperty(response, 'status', { value: 0 });
  Object.defineProperty(response, 'type', { value: 'opaque' });
  return response;
}
