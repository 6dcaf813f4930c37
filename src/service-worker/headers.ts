/**
 * The headers that make a page cross-origin isolated. The worker adds them to every same-origin
 * response it serves when the server did not send them, so a host that cannot set headers
 * (GitHub Pages) still gets `crossOriginIsolated`. Values match `isolationHeaders` in vite.config.ts.
 */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** A copy of `headers` with each isolation header the server left out added; the server's own values win. */
export function withIsolationHeaders(headers: Headers): Headers {
  const merged = new Headers(headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) {
    if (!merged.has(name)) merged.set(name, value);
  }
  return merged;
}

/** True when a response's headers can be rewritten: not opaque, not an error, not a redirect placeholder. */
export function canRewrite(response: Pick<Response, 'type' | 'status'>): boolean {
  return response.type !== 'opaque' && response.type !== 'opaqueredirect' && response.type !== 'error' && response.status >= 200 && response.status <= 599;
}

/**
 * The response with the isolation headers added. A new Response also drops the `redirected` flag,
 * which a navigation would otherwise refuse when the host redirected (`/index.html` → `/`).
 */
export function isolatedResponse(response: Response): Response {
  if (!canRewrite(response)) return response;
  const headers = withIsolationHeaders(response.headers);
  const missing = Object.keys(ISOLATION_HEADERS).some((name) => !response.headers.has(name));
  if (!missing && !response.redirected) return response;
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
