// Page load on the production build in headless Chromium: first paint, time until
// Run is usable, and the JavaScript sent before Monaco loads (gzip).
// `node bench/page-load.mjs` (PHASEGATE_BENCH_NO_BUILD=1 reuses dist/, PHASEGATE_BENCH_RUNS=N cold loads).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { buildApp, DIST, root, RUNS, withServedApp } from './support/served-app.mjs';
import { median } from './support/stats.mjs';
import { check, info, target } from './support/verdict.mjs';

const TARGETS = { firstPaintMs: 1000, runUsableMs: 1500, initialJsGzipKB: 400 };
const MONACO_CHUNK = /\/assets\/editor\.api-[^/]+\.js$/;

const gzipCache = new Map();
async function gzipSizeOf(url) {
  const path = new URL(url).pathname;
  if (!gzipCache.has(path)) gzipCache.set(path, gzipSync(await readFile(`${root}/${DIST}${path}`)).length);
  return gzipCache.get(path);
}

/** One cold load in a fresh context: timings from the page, JS from the requests it made. */
async function coldLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  // The offline virtual sandbox: a WebContainer boot would wait on the network.
  await context.addInitScript(() => localStorage.setItem('phasegate.settings', JSON.stringify({ sandbox: 'virtual' })));
  await context.route('**/*', (route) =>
    /^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(route.request().url()) ? route.continue() : route.abort('internetdisconnected'),
  );
  const scripts = [];
  context.on('request', (request) => {
    // The service worker's background caching is not the page loading it.
    if (request.serviceWorker() !== null) return;
    if (request.resourceType() === 'script' || /\.m?js$/.test(new URL(request.url()).pathname)) scripts.push(request.url());
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(
    () =>
      document.querySelector('.app[data-ready="true"]') !== null &&
      [...document.querySelectorAll('button')].some((button) => button.textContent === 'Run' && !button.disabled),
    undefined,
    { timeout: 30_000 },
  );
  const timings = await page.evaluate(() => {
    const paint = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return {
      firstPaintMs: paint('first-paint'),
      firstContentfulPaintMs: paint('first-contentful-paint'),
      runUsableMs: performance.getEntriesByName('phasegate:engine-ready')[0]?.startTime ?? null,
      nowMs: performance.now(),
    };
  });
  await page.waitForTimeout(500); // let lazy chunks the idle page asks for arrive (xterm)
  const beforeFiles = [...new Set(scripts)];
  const monacoEarly = beforeFiles.some((script) => MONACO_CHUNK.test(script));

  // Then a run: Monaco must arrive only once the first file shows.
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
  await page.waitForFunction(() => document.querySelector('.monaco-host[data-loaded="true"]'), undefined, { timeout: 60_000 });
  const monacoLoaded = scripts.some((script) => MONACO_CHUNK.test(script));
  const firstRunFiles = [...new Set(scripts)].filter((script) => !beforeFiles.includes(script) && !MONACO_CHUNK.test(script));
  await context.close();
  let firstRunKB = 0;
  for (const script of firstRunFiles) firstRunKB += (await gzipSizeOf(script)) / 1024;

  let pageKB = 0;
  let workerKB = 0;
  for (const script of beforeFiles) {
    const kb = (await gzipSizeOf(script)) / 1024;
    if (/\.worker-[^/]+\.js$/.test(script)) workerKB += kb;
    else pageKB += kb;
  }
  return { ...timings, pageKB, workerKB, jsKB: pageKB + workerKB, firstRunKB, monacoEarly, monacoLoaded, scriptCount: beforeFiles.length };
}

async function main() {
  buildApp();
  const loads = [];
  await withServedApp(async (browser, url) => {
    await coldLoad(browser, url); // warm the OS file cache; not counted
    for (let i = 0; i < RUNS; i++) loads.push(await coldLoad(browser, url));
  });

  const pick = (key) => {
    const values = loads.map((load) => load[key]).filter((value) => typeof value === 'number');
    return values.length ? median(values) : null;
  };
  const result = {
    runs: RUNS,
    firstPaintMs: pick('firstPaintMs'),
    firstContentfulPaintMs: pick('firstContentfulPaintMs'),
    runUsableMs: pick('runUsableMs'),
    initialJsGzipKB: pick('jsKB'),
    pageJsGzipKB: pick('pageKB'),
    workerJsGzipKB: pick('workerKB'),
    firstRunJsGzipKB: pick('firstRunKB'),
    monacoDeferred: loads.every((load) => !load.monacoEarly && load.monacoLoaded),
    targets: TARGETS,
  };

  console.log(`page-load: production build, headless Chromium, median of ${RUNS} cold loads`);
  target('first paint', result.firstPaintMs, { below: TARGETS.firstPaintMs }, 'ms', 0);
  info('first contentful paint', result.firstContentfulPaintMs, 'ms', 0, 'follows first paint, which has the target');
  target('Run usable (engine ready)', result.runUsableMs, { below: TARGETS.runUsableMs }, 'ms', 0);
  target('JS on page load, before Monaco (gzip)', result.initialJsGzipKB, { below: TARGETS.initialJsGzipKB }, 'KB');
  info('  of which page (main thread)', result.pageJsGzipKB, 'KB', 1, 'a share of the figure above');
  info('  of which engine worker', result.workerJsGzipKB, 'KB', 1, 'a share of the figure above');
  info(
    'JS loaded by the first run (gzip)',
    result.firstRunJsGzipKB,
    'KB',
    1,
    'loads after Run is usable, as the first run needs it (the tokenizer, just-bash, xterm)',
  );
  check('Monaco loaded only after the first file event', result.monacoDeferred);

  await mkdir(`${root}/bench/results`, { recursive: true });
  await writeFile(`${root}/bench/results/page-load.json`, `${JSON.stringify(result, null, 2)}\n`);
}

main().catch((error) => {
  console.error(`page-load: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
