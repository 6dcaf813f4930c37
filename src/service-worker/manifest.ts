/**
 * The precache manifest: every file of a build the service worker stores, and the version that
 * names its cache. Built in Node by the Vite plugin (vite.config.ts) and read by the worker, so
 * this module is pure: no DOM, no Node APIs.
 */

/** The worker's file name at the site root (the page registers `${BASE_URL}sw.js`). */
export const SERVICE_WORKER_FILE = 'sw.js';

/** Every cache of ours starts with this; anything else in CacheStorage is left alone. */
export const CACHE_PREFIX = 'phasegate-shell-';

export interface PrecacheManifest {
  /** Changes whenever any file's name or content changes, so a new build gets a new cache. */
  version: string;
  /** Paths relative to the site root, sorted, without a leading slash (`index.html`, `assets/…`). */
  files: string[];
}

/** Host configuration and the worker itself: in dist/, but never served to the page from the cache. */
const NOT_PRECACHED = new Set([SERVICE_WORKER_FILE, '_headers', '_redirects', 'vercel.json', '.nojekyll', '.DS_Store']);

export function isPrecacheable(path: string): boolean {
  const name = path.split('/').pop() ?? path;
  return !NOT_PRECACHED.has(path) && !NOT_PRECACHED.has(name) && !path.endsWith('.map');
}

/** Vite names everything under assets/ after its content: same name, same bytes, in every build. */
export function isContentHashed(path: string): boolean {
  return path.startsWith('assets/');
}

/**
 * Builds the manifest from the files a build wrote (`path` relative to dist/, `hash` of the
 * content). `digest` hashes a string (sha-256 in the Vite plugin); the version is its first 16 characters.
 */
export function createPrecacheManifest(files: ReadonlyArray<{ path: string; hash: string }>, digest: (text: string) => string): PrecacheManifest {
  const kept = files
    .map((file) => ({ path: file.path.split('\\').join('/').replace(/^\/+/, ''), hash: file.hash }))
    .filter((file) => isPrecacheable(file.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const version = digest(kept.map((file) => `${file.path}\t${file.hash}`).join('\n')).slice(0, 16);
  return { version, files: kept.map((file) => file.path) };
}

export function cacheName(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/** Our caches from earlier builds: deleted when the new worker activates. */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}

/**
 * The URL a file is cached under. index.html is stored as the site root (`/`), the URL every
 * host serves it at (some, like Cloudflare Pages, redirect `/index.html` to `/`).
 */
export function precacheUrl(path: string, scope: string): string {
  return path === 'index.html' ? scope : new URL(path, scope).href;
}

/**
 * How the install step fetches a file: hashed assets may come from the HTTP cache (the page may
 * have just loaded them); everything else is revalidated so a new cache never holds an old copy.
 */
export function precacheFetchMode(path: string): RequestCache {
  return isContentHashed(path) ? 'default' : 'no-cache';
}
