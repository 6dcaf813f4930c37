import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { startServer as startServerUntyped } from '../../scripts/serve.mjs';
import { fetchOutcomes, isLocalUrl, launchBrowser, readable, waitForText } from './support/app';

interface Server {
  url: string;
  close(): Promise<void>;
}
const startServer = startServerUntyped as (options: { root: string; port: number; isolationHeaders: boolean }) => Promise<Server>;

/**
 * A static host that cannot set headers (GitHub Pages): dist/ served with no COOP, COEP or CORP.
 * The service worker has to isolate the page itself, and keep it working with no network at all.
 */
let browser: Browser;
let server: Server;
beforeAll(async () => {
  // The build scripts/e2e.mjs served (PHASEGATE_DIST), served again here without the headers.
  server = await startServer({ root: resolve(process.env.PHASEGATE_DIST ?? 'dist'), port: 0, isolationHeaders: false });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Documents the page loaded (the first load and every reload), as URLs. */
  documents: string[];
  errors: string[];
}

async function visit(url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  // Nothing leaves this machine; the virtual sandbox, since WebContainer needs the internet.
  await context.route('**/*', (route) => (isLocalUrl(route.request().url()) ? route.continue() : route.abort('internetdisconnected')));
  await context.addInitScript(() => {
    if (localStorage.getItem('phasegate.settings') === null) localStorage.setItem('phasegate.settings', JSON.stringify({ sandbox: 'virtual' }));
  });
  const page = await context.newPage();
  const documents: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  const first = await page.goto(url);
  // The host really sends none of the headers: isolation can only come from the worker.
  expect(first?.headers()['cross-origin-opener-policy']).toBeUndefined();
  expect(first?.headers()['cross-origin-embedder-policy']).toBeUndefined();
  return { context, page, documents, errors };
}

/** Polls across the reload (an evaluate during a navigation fails; that is just "not yet"). */
async function waitUntilIsolated(page: Page, timeout = 60_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const ready = await page
      .evaluate(() => crossOriginIsolated && navigator.serviceWorker.controller !== null && document.readyState === 'complete')
      .catch(() => false);
    if (ready) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the page was not cross-origin isolated after ${timeout} ms`);
}

describe('hosting on a static server that sends no isolation headers', () => {
  it('the service worker isolates the page after exactly one reload, keeping the URL fragment', async () => {
    const started = Date.now();
    const { context, page, documents, errors } = await visit(`${server.url}#hosting-check`);
    await waitUntilIsolated(page);
    // A second reload must not follow. The page decides on one right after its own registration of
    // the worker resolves; a registration made now queues behind it (one job queue per scope), so
    // once it resolves, that decision has been made and any reload it asked for has begun.
    await page.evaluate(async () => {
      (window as unknown as { firstDocument?: boolean }).firstDocument = true;
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await new Promise((settled) => setTimeout(settled, 0));
    });
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as { firstDocument?: boolean }).firstDocument)).toBe(true);
    // Two loads of the page (requests carry no fragment; location.hash below shows it was kept).
    expect(documents).toEqual([server.url, server.url]);

    const state = await page.evaluate(() => ({
      isolated: crossOriginIsolated,
      sharedMemory: typeof SharedArrayBuffer === 'function',
      hash: location.hash,
      navigation: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type,
      script: navigator.serviceWorker.controller?.scriptURL,
      flagged: Object.keys(sessionStorage).includes('phasegate.isolationReload'),
    }));
    expect(state).toEqual({
      isolated: true,
      sharedMemory: true,
      hash: '#hosting-check',
      navigation: 'reload',
      script: `${server.url}sw.js`,
      // The one-reload flag is cleared once a load is isolated.
      flagged: false,
    });

    // The page works: the composer, Run and the run status are there.
    await page.waitForSelector('.app[data-ready="true"]');
    expect(await page.getByRole('textbox', { name: 'Task' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Run( demo)?$/ }).isVisible()).toBe(true);
    expect(await page.getByRole('status', { name: 'Run status' }).count()).toBe(1);
    expect(errors).toEqual([]);
    console.log(`isolated after one reload in ${Date.now() - started} ms`);
    await context.close();
  });

  it('after one visit the app opens, runs the demo and shows files in Monaco with no network at all', async () => {
    const { context, page, errors } = await visit(server.url);
    // Isolated and controlled means the worker activated, so its precache is complete.
    await waitUntilIsolated(page);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names.find((name) => name.startsWith('phasegate-shell-')) ?? 'none');
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(cached).toContain('/');
    expect(cached).toContain('/grammars/tree-sitter-bash.wasm');
    expect(cached.some((path) => /^\/assets\/editor\.api-.*\.js$/.test(path))).toBe(true);
    expect(cached.some((path) => /^\/assets\/editor\.worker-.*\.js$/.test(path))).toBe(true);

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    // Offline is really offline: the network refuses a file this build never cached and another
    // origin alike (the console errors they log are left out below). navigator.onLine is not asked:
    // some Chromium builds still say true here, and the page must work either way.
    expect(await fetchOutcomes(page, ['/no-such-file.txt', 'https://example.com/'])).toEqual(['refused', 'refused']);

    await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox (no network) — '), {
      what: 'the virtual sandbox',
    });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('textbox', { name: 'Task' }).fill('Add a slugify function to sample-utils, with tests.');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (text) => text === 'completed' || text === 'failed', { what: 'the run to end', timeout: 60_000 });
    expect(await status.innerText()).toBe('completed');

    // Monaco (the lazy chunk, its worker and the codicon font) comes from the cache.
    const editor = page.getByRole('region', { name: 'Editor' });
    await page.waitForSelector('.monaco-host[data-loaded="true"] .view-lines', { timeout: 30_000 });
    await waitForText(editor, (text) => readable(text).includes('slugify() {'), { what: 'src/slugify.sh in Monaco' });
    await page.getByRole('tab', { name: /slugify_test\.sh/ }).click();
    const shown = readable(await waitForText(editor, (text) => readable(text).includes('assert_eq'), { what: 'tests/slugify_test.sh in Monaco' }));
    expect(shown).toContain('tests/slugify_test.sh');
    expect(page.workers().some((worker) => /\/assets\/editor\.worker-.*\.js$/.test(worker.url()))).toBe(true);
    // Still offline at the end: the run and Monaco worked without the network.
    expect(await fetchOutcomes(page, ['/no-such-file.txt'])).toEqual(['refused']);
    expect(errors.filter((error) => !error.includes('/no-such-file.txt') && !error.includes('https://example.com/'))).toEqual([]);
    await context.close();
  });
});
