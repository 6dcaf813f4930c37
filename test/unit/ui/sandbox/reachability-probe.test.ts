import { describe, expect, it } from 'vitest';
import { probeWebContainerHost, WEBCONTAINER_HOST_URL } from '../../../../src/ui/sandbox/reachability-probe';

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
});
