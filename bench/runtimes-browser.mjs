// The offline runtimes' first use in headless Chromium, on the production build: each is timed
// by its scenario's two run_tests calls, the first (which waits for the runtime) over the second
// (warm), as the Timeline shows their durations: what the agent waits for on a page that just
// opened. QuickJS: node-demo (node --test on TypeScript, so the type stripper too); the sandbox
// readies node in the background once the project is there (node-preload.ts), as it starts Python
// for .py files. Pyodide: python-demo in a fresh context (cold: nothing cached), then again after a
// reload once the service worker holds every file (a new worker; Pyodide restored from its
// snapshot). Before the snapshot and the preload these were 398 ms, 4.2 s and 4.0 s.
// `node scripts/bench.mjs runtimes-browser` (PHASEGATE_BENCH_NO_BUILD=1 reuses the build).
import { buildApp, RUNS, withServedApp } from './support/served-app.mjs';
import { median } from './support/stats.mjs';
import { target } from './support/verdict.mjs';

/** Issue 20's targets. */
const TARGETS = { quickJsColdMs: 150, pyodideColdMs: 4000, pyodideCachedMs: 1500 };

/** "340 ms" or "2.4 s", as the Timeline writes a duration. */
function parseDuration(text) {
  const match = /^([\d.]+) (ms|s)$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: "${text}"`);
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

async function openOn(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('.app[data-ready="true"]', { timeout: 30_000 });
  return page;
}

/** Runs the page's scripted scenario and gives how much longer its first run_tests took than its second. */
async function firstUseMs(page, task) {
  await page.getByRole('textbox', { name: 'Task' }).fill(task);
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
  const done = await page.waitForFunction(
    () => {
      const status = document.querySelector('[aria-label="Run status"]')?.textContent;
      return status === 'completed' || status === 'failed' ? status : false;
    },
    undefined,
    { timeout: 120_000 },
  );
  if ((await done.jsonValue()) !== 'completed') throw new Error(`the ${task} run did not complete`);
  const durations = await page.$$eval('.timeline-list > li.entry--tool', (entries) =>
    entries
      .filter((entry) => entry.querySelector('.tool-name')?.textContent === 'run_tests')
      .map((entry) => entry.querySelector('.duration')?.textContent ?? ''),
  );
  // The last two: an earlier run of the same session stays above them in the Timeline.
  const [first, second] = durations.slice(-2).map(parseDuration);
  return first - second;
}

async function contextWith(browser, scenario) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(
    (stored) => {
      if (localStorage.getItem('phasegate.settings') === null) localStorage.setItem('phasegate.settings', stored);
    },
    JSON.stringify({ sandbox: 'virtual', model: { provider: 'scripted', scenario } }),
  );
  return context;
}

async function main() {
  buildApp();
  const quickJs = [];
  const pyodideCold = [];
  const pyodideCached = [];
  await withServedApp(async (browser, url) => {
    for (let i = 0; i < RUNS; i++) {
      const nodeContext = await contextWith(browser, 'node-demo');
      quickJs.push(await firstUseMs(await openOn(nodeContext, url), 'The tests of word-tools fail. Fix the code so they pass.'));
      await nodeContext.close();

      const pythonContext = await contextWith(browser, 'python-demo');
      const page = await openOn(pythonContext, url);
      pyodideCold.push(await firstUseMs(page, 'The tests of text_tools fail. Fix the code so they pass.'));
      // "From the cache" once the service worker holds every file: it installs after precaching them.
      await page.evaluate(() => globalThis.navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await page.waitForSelector('.app[data-ready="true"]', { timeout: 30_000 });
      pyodideCached.push(await firstUseMs(page, 'The tests of text_tools fail. Fix the code so they pass.'));
      await pythonContext.close();
    }
  });
  console.log(`runtimes-browser: production build, headless Chromium, ${RUNS} runs each (median)`);
  target('QuickJS cold: first node --test over a warm one', median(quickJs), { below: TARGETS.quickJsColdMs }, 'ms', 0);
  target('Pyodide cold: first pytest run over a warm one', median(pyodideCold), { below: TARGETS.pyodideColdMs }, 'ms', 0);
  target('Pyodide from the cache, after a reload', median(pyodideCached), { below: TARGETS.pyodideCachedMs }, 'ms', 0);
}

await main();
