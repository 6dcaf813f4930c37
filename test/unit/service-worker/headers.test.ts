import { describe, expect, it } from 'vitest';
import { canRewrite, isolatedResponse, ISOLATION_HEADERS, withIsolationHeaders } from '../../../src/service-worker/headers';
import { isolationHeaders } from '../../../vite.config';

describe('isolation headers', () => {
  it('uses the same COOP and COEP values as the dev and preview servers', () => {
    for (const [name, value] of Object.entries(isolationHeaders)) expect(ISOLATION_HEADERS[name]).toBe(value);
    expect(ISOLATION_HEADERS['Cross-Origin-Resource-Policy']).toBe('same-origin');
  });

  it('adds each header the server left out and keeps the rest', () => {
    const merged = withIsolationHeaders(new Headers({ 'Content-Type': 'text/html', 'Cache-Control': 'no-cache' }));
    expect(merged.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(merged.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(merged.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(merged.get('content-type')).toBe('text/html');
    expect(merged.get('cache-control')).toBe('no-cache');
  });

  it("never overrides the server's own values, whatever their case", () => {
    const original = new Headers({ 'cross-origin-embedder-policy': 'credentialless', 'Cross-Origin-Resource-Policy': 'cross-origin' });
    const merged = withIsolationHeaders(original);
    expect(merged.get('Cross-Origin-Embedder-Policy')).toBe('credentialless');
    expect(merged.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');
    expect(merged.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    // The input is not changed.
    expect(original.has('Cross-Origin-Opener-Policy')).toBe(false);
  });

  it('rewrites a response without the headers, keeping status, status text and body', async () => {
    const response = new Response('<!doctype html>', { status: 404, statusText: 'Not Found', headers: { 'Content-Type': 'text/html' } });
    const isolated = isolatedResponse(response);
    expect(isolated).not.toBe(response);
    expect(isolated.status).toBe(404);
    expect(isolated.statusText).toBe('Not Found');
    expect(isolated.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(isolated.headers.get('Content-Type')).toBe('text/html');
    expect(await isolated.text()).toBe('<!doctype html>');
  });

  it('passes a response that already has every header through untouched', () => {
    const response = new Response('x', { headers: ISOLATION_HEADERS });
    expect(isolatedResponse(response)).toBe(response);
  });

  it('handles an empty body (204, HEAD-like)', () => {
    const isolated = isolatedResponse(new Response(null, { status: 204 }));
    expect(isolated.status).toBe(204);
    expect(isolated.headers.get('Cross-Origin-Embedder-Policy')).toBe('require-corp');
  });

  it('leaves opaque and error responses alone: their headers cannot be read or set', () => {
    expect(canRewrite({ type: 'opaque', status: 0 })).toBe(false);
    expect(canRewrite({ type: 'opaqueredirect', status: 0 })).toBe(false);
    expect(canRewrite({ type: 'error', status: 0 })).toBe(false);
    expect(canRewrite({ type: 'basic', status: 200 })).toBe(true);
    expect(canRewrite({ type: 'default', status: 500 })).toBe(true);
    const error = Response.error();
    expect(isolatedResponse(error)).toBe(error);
  });
});
