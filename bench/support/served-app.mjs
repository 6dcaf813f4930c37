// What the browser benches share: the production build (reused with PHASEGATE_BENCH_NO_BUILD=1,
// built into and served from PHASEGATE_DIST when set), served with the isolation headers, and
// headless Chromium; PHASEGATE_BENCH_RUNS=N sets how many times each is measured.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { CHROMIUM_ARGS, ensureChromium } from '../../test/e2e/support/chromium.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const RUNS = Math.max(1, Number(process.env.PHASEGATE_BENCH_RUNS) || 5);
/** The served build's folder, relative to the project root. */
export const DIST = process.env.PHASEGATE_DIST ?? 'dist';

/** Builds the app unless told to reuse the build. */
export function buildApp() {
  if (process.env.PHASEGATE_BENCH_NO_BUILD === '1') return;
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--outDir', DIST, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');
}

/** Serves the build and launches Chromium for `measure`; both are closed whatever happens. */
export async function withServedApp(measure) {
  const chromePath = ensureChromium();
  const server = await startServer({ root: `${root}/${DIST}`, port: 0 });
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    return await measure(browser, server.url);
  } finally {
    await browser.close();
    await server.close();
  }
}
