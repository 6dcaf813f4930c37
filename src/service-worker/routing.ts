/**
 * Which fetches the worker answers, and how. Pure, so the decision is tested without a browser.
 *
 * - `ignore`: the browser handles it (another origin, not a GET, a devtools `only-if-cached` probe).
 * - `index`: a page load or index.html: network first (a new deploy is picked up), the cached index.html offline.
 * - `precached`: a file of this build: from the cache first, the network on a miss.
 * - `network`: another same-origin GET: from the network, a cached copy if offline.
 */
export type Route = 'ignore' | 'index' | 'precached' | 'network';

/** The parts of a Request the decision reads. */
export interface RequestLike {
  url: string;
  method: string;
  mode: string;
  cache?: string;
  headers?: { has(name: string): boolean };
}

/** A request's path relative to the scope without query or fragment, or null when outside it. */
export function scopedPath(url: string, scope: string): string | null {
  const target = new URL(url);
  const base = new URL(scope);
  if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) return null;
  return decodeURIComponent(target.pathname.slice(base.pathname.length));
}

export function routeFor(request: RequestLike, scope: string, precached: ReadonlySet<string>): Route {
  if (request.method !== 'GET') return 'ignore';
  if (new URL(request.url).origin !== new URL(scope).origin) return 'ignore';
  // Chrome sends these from devtools; answering them fails with "only-if-cached can be set only with same-origin mode".
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return 'ignore';
  const path = scopedPath(request.url, scope);
  if (request.mode === 'navigate') return 'index';
  if (path === null) return 'network';
  if (path === '' || path === 'index.html') return precached.has('index.html') ? 'index' : 'network';
  // A byte range is the server's to answer; the cache holds whole files.
  if (request.headers?.has('range')) return 'network';
  return precached.has(path) ? 'precached' : 'network';
}
