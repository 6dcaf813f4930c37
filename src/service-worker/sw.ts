/**
 * Phasegate's service worker, built by the Vite plugin in vite.config.ts into dist/sw.js (scope `/`).
 * It does two things for the page:
 *
 * 1. Cross-origin isolation on any host: every same-origin response it serves gets COOP, COEP and
 *    CORP when the server left them out (headers.ts), so the page is `crossOriginIsolated` even on
 *    GitHub Pages. Other origins' requests are never touched.
 * 2. Offline: it precaches every file of the build (the manifest the plugin injects) when it
 *    installs, serves hashed assets cache-first, index.html network-first with the cached copy as
 *    the offline fallback, and deletes earlier builds' caches when it activates.
 */
import { isolatedResponse } from './headers';
import { cacheName, isContentHashed, precacheFetchMode, type PrecacheManifest, precacheUrl, staleCaches } from './manifest';
import { routeFor } from './routing';

/** Injected by the build (vite.config.ts): this build's files and version. */
declare const __PHASEGATE_PRECACHE__: PrecacheManifest;

/** The parts of the service worker global the code uses (the DOM lib the project compiles with has no WebWorker types). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const sw = self as unknown as ServiceWorkerScope;
const manifest = __PHASEGATE_PRECACHE__;
const CACHE = cacheName(manifest.version);
const precached = new Set(manifest.files);
const scope = (): string => sw.registration.scope;

/** Files fetched at once while installing: enough to fill the pipe, few enough not to starve the page. */
const PRECACHE_PARALLEL = 6;

async function precacheOne(cache: Cache, path: string): Promise<void> {
  const url = precacheUrl(path, scope());
  // An unchanged hashed asset is copied from an earlier build's cache instead of fetched again.
  const earlier = isContentHashed(path) ? await caches.match(url) : undefined;
  if (earlier) return cache.put(url, earlier);
  const response = await fetch(new Request(url, { cache: precacheFetchMode(path), credentials: 'same-origin' }));
  if (!response.ok) throw new Error(`precaching ${url} failed: HTTP ${response.status}`);
  await cache.put(url, response);
}

/** Stores every file of the build, all or nothing: a half-filled cache would promise an offline copy it cannot serve. */
async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  const queue = [...manifest.files];
  const lane = async (): Promise<void> => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) await precacheOne(cache, path);
  };
  try {
    await Promise.all(Array.from({ length: PRECACHE_PARALLEL }, lane));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

async function removeStaleCaches(): Promise<void> {
  for (const name of staleCaches(await caches.keys(), CACHE)) await caches.delete(name);
}

async function fromCache(url: string): Promise<Response | undefined> {
  const cache = await caches.open(CACHE);
  return cache.match(url);
}

async function networkFirstIndex(request: Request): Promise<Response> {
  try {
    return isolatedResponse(await fetch(request));
  } catch (error) {
    const cached = await fromCache(precacheUrl('index.html', scope()));
    if (cached) return isolatedResponse(cached);
    throw error;
  }
}

async function cacheFirst(request: Request, waitUntil: (promise: Promise<unknown>) => void): Promise<Response> {
  const url = new URL(request.url);
  url.search = '';
  url.hash = '';
  const cached = await fromCache(url.href);
  if (cached) return isolatedResponse(cached);
  const response = await fetch(request);
  // A miss (the cache was cleared under us): store it again without holding the page up.
  if (response.ok && !request.headers.has('range')) {
    const copy = response.clone();
    waitUntil(caches.open(CACHE).then((cache) => cache.put(url.href, copy).catch(() => undefined)));
  }
  return isolatedResponse(response);
}

async function networkOnly(request: Request): Promise<Response> {
  try {
    return isolatedResponse(await fetch(request));
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return isolatedResponse(cached);
    throw error;
  }
}

sw.addEventListener('install', (event) => {
  // A new build takes over at once: its cache is complete before it activates.
  event.waitUntil(precache().then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(removeStaleCaches().then(() => sw.clients.claim()));
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  switch (routeFor(request, scope(), precached)) {
    case 'ignore':
      return;
    case 'index':
      return event.respondWith(networkFirstIndex(request));
    case 'precached':
      return event.respondWith(cacheFirst(request, (promise) => event.waitUntil(promise)));
    case 'network':
      return event.respondWith(networkOnly(request));
  }
});
