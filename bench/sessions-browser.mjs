// Sessions in headless Chromium on the production build: what writing the log to IndexedDB
// costs per event (batched, in the engine worker), and how long a reload mid-run takes to show
// the interrupted session with Resume.
// `node scripts/bench.mjs sessions-browser` (PHASEGATE_BENCH_NO_BUILD=1 reuses the build; see support/served-app.mjs).
import { spawnSync } from 'node:child_process';
import { buildApp, root, RUNS, withServedApp } from './support/served-app.mjs';

const TARGETS = { perEventMs: 1, interruptedShownMs: 1000, seekMs: 100 };
const SEEK_EVENTS = 2000;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function row(label, value, unit, target) {
  const verdict = target === undefined ? '' : value < target ? 'ok' : 'MISS';
  return `  ${label.padEnd(54)} ${`${value.toFixed(unit === 'ms' ? 3 : 1)} ${unit}`.padStart(12)}   ${target === undefined ? '' : `< ${target} ${unit}`.padEnd(10)} ${verdict}`;
}

async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('phasegate.settings', JSON.stringify({ sandbox: 'virtual' })));
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('.app[data-ready="true"]', { timeout: 30_000 });
  await runEnabled(page);
  return { context, page };
}

function runEnabled(page) {
  return page.waitForFunction(() => [...document.querySelectorAll('button')].some((button) => button.textContent === 'Run' && !button.disabled), undefined, {
    timeout: 30_000,
  });
}

const statusIs = (wanted) => document.querySelector('[aria-label="Run status"]')?.textContent === wanted;

async function main() {
  buildApp();
  const tsx = `${root}/node_modules/tsx/dist/cli.mjs`;
  const long = spawnSync(process.execPath, [tsx, 'bench/support/long-session.ts', String(SEEK_EVENTS)], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  if (long.status !== 0) throw new Error(`could not make the long session: ${long.stderr}`);
  const perEvent = [];
  const perBatch = [];
  const shown = [];
  const seeks = [];
  let events = 0;
  await withServedApp(async (browser, url) => {
    for (let i = 0; i < RUNS; i++) {
      // A whole demo run: every batch the worker wrote, and its time.
      const { context, page } = await openPage(browser, url);
      await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
      await page.waitForFunction(statusIs, 'completed', { timeout: 60_000 });
      await page.waitForTimeout(300);
      const stats = await page.evaluate(() => globalThis.__phasegateStorageStats());
      for (const batch of stats.batches) {
        perBatch.push(batch.ms);
        perEvent.push(batch.ms / batch.events);
        events += batch.events;
      }
      // A reload in the middle of the next run, until the interrupted session shows.
      await page.getByRole('button', { name: 'New session', exact: true }).click();
      // The demo changed files, so New session asks first.
      await page.getByRole('dialog', { name: 'Start over with the starter project?' }).getByRole('button', { name: 'Start over' }).click();
      await runEnabled(page);
      await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
      await page.waitForFunction(() => document.querySelector('.timeline')?.textContent?.includes('create_file'), undefined, { timeout: 60_000 });
      await page.reload();
      const at = await page.waitForFunction(
        () => document.querySelector('[aria-label="Run status"]')?.textContent === 'interrupted' && performance.now(),
        undefined,
        {
          timeout: 30_000,
          polling: 'raf',
        },
      );
      shown.push(await at.jsonValue());
      await context.close();
    }
    // Seeks in a 2,000-event session, measured in the page: from the slider's input to the next frame painted.
    const { context, page } = await openPage(browser, url);
    await page.getByRole('button', { name: 'Sessions' }).click();
    await page.locator('.sessions input[type="file"]').setInputFiles({ name: 'long.phasegate.json', mimeType: 'application/json', buffer: long.stdout });
    await page.waitForFunction((count) => Number(document.querySelector('.replay-position')?.getAttribute('max')) === count, SEEK_EVENTS, { timeout: 30_000 });
    // Steady state: the editor has loaded (it loads lazily, with the first file shown).
    await page.waitForSelector('.monaco-host[data-loaded="true"] .view-lines', { timeout: 30_000 });
    for (let i = 0; i < 40; i++) {
      const to = Math.floor((((i * 7919) % 997) / 997) * SEEK_EVENTS);
      seeks.push(
        await page.evaluate(async (value) => {
          const slider = document.querySelector('.replay-position');
          const started = performance.now();
          // Runs in the page: its own globals, reached through globalThis.
          Object.getOwnPropertyDescriptor(globalThis.HTMLInputElement.prototype, 'value').set.call(slider, String(value));
          slider.dispatchEvent(new globalThis.Event('input', { bubbles: true }));
          await new Promise((resolve) => globalThis.requestAnimationFrame(() => setTimeout(resolve, 0)));
          return performance.now() - started;
        }, to),
      );
      if (process.env.PHASEGATE_BENCH_VERBOSE) console.log(`    seek to ${to}: ${seeks.at(-1).toFixed(1)} ms`);
    }
    await context.close();
  });
  console.log(`sessions-browser: production build, headless Chromium, ${RUNS} demo runs (${events} events written)`);
  console.log(row('IndexedDB write per event, batched (median)', percentile(perEvent, 50), 'ms', TARGETS.perEventMs));
  console.log(row('IndexedDB write per event, batched (p90)', percentile(perEvent, 90), 'ms'));
  console.log(row('one batch, bounded and written (median)', percentile(perBatch, 50), 'ms'));
  console.log(row('reload mid-run to interrupted session shown (median)', percentile(shown, 50), 'ms', TARGETS.interruptedShownMs));
  console.log(row('reload mid-run to interrupted session shown (max)', Math.max(...shown), 'ms', TARGETS.interruptedShownMs));
  console.log(row(`seek in ${SEEK_EVENTS} events, input to painted (median)`, percentile(seeks, 50), 'ms', TARGETS.seekMs));
  console.log(row(`seek in ${SEEK_EVENTS} events, input to painted (p90)`, percentile(seeks, 90), 'ms', TARGETS.seekMs));
  console.log(row(`seek in ${SEEK_EVENTS} events, input to painted (max)`, Math.max(...seeks), 'ms', TARGETS.seekMs));
}

await main();
