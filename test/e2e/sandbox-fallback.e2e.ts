import { strToU8, zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOutcomes, launchBrowser, openApp, PAGE_CONFIGS, sandboxFiles, waitForText } from './support/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIRTUAL = 'Offline sandbox (no network) — ';

function sandboxStatus(page: Page) {
  return page.getByRole('status', { name: 'Sandbox' });
}

/** Milliseconds until the Sandbox status names the virtual sandbox, counted from `since`. */
async function virtualWithin(page: Page, since: number, timeout: number): Promise<{ ms: number; reason: string }> {
  const text = await waitForText(sandboxStatus(page), (value) => value.startsWith(VIRTUAL), { what: 'the virtual sandbox', timeout });
  return { ms: Date.now() - since, reason: text.slice(VIRTUAL.length) };
}

/**
 * When the page had its sandbox ready (the mark it sets as a run could first use it), in ms since
 * its navigation began: the user's clock, without the time the harness takes to set up a browser context.
 */
function sandboxReadyAt(page: Page): Promise<number | null> {
  return page.evaluate(() => performance.getEntriesByName('phasegate:sandbox-ready')[0]?.startTime ?? null);
}

async function expectNoSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('sandbox choice', () => {
  for (const {
    colorScheme,
    viewport: { width, height },
  } of PAGE_CONFIGS) {
    it(`with no network, starts on the virtual sandbox within 3.5 s, then at once on the next visit (${colorScheme}, ${width}×${height})`, async () => {
      const { context, page } = await openApp(browser, { settings: { sandbox: 'auto' }, colorScheme });
      await page.setViewportSize({ width, height });
      // Every request off this machine is refused, yet the browser says it is online: only the probe can tell.
      expect(await page.evaluate(() => ({ isolated: crossOriginIsolated, online: navigator.onLine }))).toEqual({ isolated: true, online: true });

      const first = await virtualWithin(page, Date.now(), 3500);
      expect(await sandboxReadyAt(page)).toBeLessThan(3500);
      expect(first.reason).toContain('the reachability probe of stackblitz.com');
      expect(await sandboxStatus(page).getAttribute('data-check')).toBe('probe');
      expect(await page.getAttribute('.app', 'data-sandbox')).toBe('ready');
      // Run waits for the engine worker too, which may start after the sandbox was chosen on a busy machine.
      await page.waitForSelector('.app[data-ready="true"]');
      expect(await page.getByRole('button', { name: /^Run( demo)?$/ }).isEnabled()).toBe(true);

      await page.reload();
      await page.waitForSelector('.app[data-ready="true"]');
      const repeat = await virtualWithin(page, Date.now(), 500);
      expect(repeat.ms).toBeLessThan(500);
      expect(repeat.reason).toMatch(/^WebContainer failed earlier in this browser \(.+ UTC\): the reachability probe of stackblitz\.com/);
      expect(await sandboxStatus(page).getAttribute('data-check')).toBe('remembered');
      expect(await page.getByRole('button', { name: 'Try WebContainer', exact: true }).isVisible()).toBe(true);

      // The long reason: the status shows the sandbox's name on one line; its text and title hold the why,
      // and ⓘ shows it in full.
      const full = `${VIRTUAL}${repeat.reason}`;
      const fits = await sandboxStatus(page).evaluate((element) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
        title: element.getAttribute('title'),
      }));
      expect(fits.scroll).toBeLessThanOrEqual(fits.client);
      expect(fits.title).toBe(full);
      const about = page.getByRole('button', { name: 'About the sandbox', exact: true });
      await about.click();
      expect(await about.getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByRole('region', { name: 'About the sandbox' }).innerText()).toContain(`Why this one: ${repeat.reason}`);
      await about.click();
      await expectNoSideScroll(page, width);

      // "Try WebContainer" forgets the failure and boots (no probe); "Use virtual sandbox now" stops waiting at once.
      await page.getByRole('button', { name: 'Try WebContainer', exact: true }).click();
      await waitForText(sandboxStatus(page), (value) => value.startsWith('Starting WebContainer… '), { what: 'the boot', timeout: 3000 });
      expect(await page.evaluate(() => localStorage.getItem('phasegate.webcontainer-failed'))).toBeNull();
      await expectNoSideScroll(page, width);
      const switching = Date.now();
      await page.getByRole('button', { name: 'Use virtual sandbox now', exact: true }).click();
      const switched = await virtualWithin(page, switching, 2000);
      expect(switched.ms).toBeLessThan(2000); // the boot would take 15 s
      expect(switched.reason).toContain('Use virtual sandbox now');
      await context.close();
    });
  }

  it('offline while the browser says it is online: the probe settles on the virtual sandbox within 3.5 s of the load, and the demo runs', async () => {
    // The first visit leaves the app in the service worker's cache (on the virtual sandbox: nothing probed, nothing remembered).
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('phasegate.settings') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('phasegate.settings', JSON.stringify({ ...stored, sandbox: 'auto' }));
    });
    // What Chromium 150 does: every request refused, navigator.onLine still true.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true }));
    await context.setOffline(true);
    await page.reload();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    expect(await fetchOutcomes(page, ['/no-such-file.txt'])).toEqual(['refused']);

    const chosen = await virtualWithin(page, Date.now(), 3500);
    const readyAt = await sandboxReadyAt(page);
    expect(readyAt).toBeLessThan(3500);
    expect(chosen.reason).toMatch(/^the reachability probe of stackblitz\.com failed \(.+\)$/);
    expect(await sandboxStatus(page).getAttribute('data-check')).toBe('probe');
    console.log(`offline but "online": the virtual sandbox ready ${Math.round(readyAt ?? Number.NaN)} ms after the navigation began`);

    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('textbox', { name: 'Task' }).fill('Add a slugify function to sample-utils, with tests.');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (value) => value === 'completed' || value === 'failed', { what: 'the run to end', timeout: 60_000 });
    expect(await status.innerText()).toBe('completed');
    await context.close();
  });

  it('says it is starting WebContainer, and a run waits for the boot to settle', async () => {
    const { context, page } = await openApp(browser, {
      settings: { sandbox: 'webcontainer', webcontainerBootTimeoutMs: 4000 },
    });
    const sandbox = page.getByRole('status', { name: 'Sandbox' });
    await waitForText(sandbox, (value) => value.startsWith('Starting WebContainer…'), { what: 'the booting status', timeout: 3000 });

    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('textbox', { name: 'Task' }).fill('Add a slugify function to sample-utils, with tests.');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    await waitForText(page.locator('#task-hint'), (value) => value.includes('Waiting for the sandbox'), { what: 'the waiting hint' });
    expect(await page.getByRole('status', { name: 'Run status' }).innerText()).toMatch(/^starting sandbox \(\d+ s\)$/);
    expect(await sandbox.innerText()).toMatch(/^Starting WebContainer… \d+ s$/);

    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (value) => value === 'completed', { what: 'the run after the fallback', timeout: 60_000 });
    expect(await sandbox.innerText()).toMatch(/^Offline sandbox \(no network\) — WebContainer did not start within 4 s/);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`an explicit WebContainer boot shows the seconds, and "Use virtual sandbox now" switches at once (${colorScheme})`, async () => {
      const { context, page } = await openApp(browser, { settings: { sandbox: 'webcontainer' }, colorScheme });
      const sandbox = sandboxStatus(page);
      await waitForText(sandbox, (value) => value === 'Starting WebContainer… 0 s', { what: 'the boot at 0 s', timeout: 3000 });
      await waitForText(sandbox, (value) => value === 'Starting WebContainer… 2 s', { what: 'the seconds counting', timeout: 4000 });
      const switching = Date.now();
      await page.getByRole('button', { name: 'Use virtual sandbox now', exact: true }).click();
      const switched = await virtualWithin(page, switching, 2000);
      expect(switched.ms).toBeLessThan(2000); // the boot would take 15 s
      expect(await sandbox.getAttribute('data-check')).toBe('switched');
      expect(await page.getByRole('button', { name: 'Use virtual sandbox now', exact: true }).count()).toBe(0);
      await context.close();
    });
  }

  it('says this address needs a WebContainer API key when StackBlitz answers 404, and a Python import takes the virtual sandbox for python3', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'auto' } });
    await virtualWithin(page, Date.now(), 3500);
    // StackBlitz as it answers an address it does not serve: 404, readable by a cors request.
    const asked: string[] = [];
    await context.route('https://stackblitz.com/headless**', (route) => {
      asked.push(route.request().url());
      return route.fulfill({
        status: 404,
        headers: { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin', 'Content-Type': 'text/plain' },
        body: 'Not Found',
      });
    });
    const key = 'wc_api_e2e_0123456789abcdef';
    await page.evaluate((value) => {
      localStorage.removeItem('phasegate.webcontainer-failed');
      localStorage.setItem('phasegate.webcontainerApiKey', value);
    }, key);
    await page.reload();

    const refused = await virtualWithin(page, Date.now(), 3500);
    expect(refused.reason).toBe(
      'StackBlitz answered 404 to the WebContainer API key in use: this address needs a WebContainer API key that allows it (Settings → WebContainer API key; see “Hosting” in the README)',
    );
    expect(await sandboxStatus(page).getAttribute('data-check')).toBe('probe');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((url) => new URL(url).searchParams.get('client_id') === key)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('phasegate.webcontainer-failed'))).not.toContain(key);

    await page.waitForSelector('.app[data-ready="true"]');
    const project = zipSync({ 'calc.py': strToU8('def add(a, b):\n    return a + b\n'), 'test_calc.py': strToU8('from calc import add\n') });
    await page.getByTestId('zip-input').setInputFiles({ name: 'py.zip', mimeType: 'application/zip', buffer: Buffer.from(project) });
    const python = await waitForText(sandboxStatus(page), (value) => value.includes('Python'), { what: 'the Python reason', timeout: 5000 });
    expect(python).toBe('Offline sandbox (no network) — this workspace has Python files, and WebContainer has no Python');
    expect(await sandboxStatus(page).getAttribute('data-check')).toBe('python');
    expect(await page.getByRole('button', { name: 'Try WebContainer', exact: true }).count()).toBe(0);
    // The sandbox was chosen before the files went in: the new one holds them.
    await waitForText(page.getByRole('group', { name: 'Workspace files' }), (value) => value.includes('Loaded 2 files'), { what: 'the import' });
    expect(Object.keys(await sandboxFiles(page)).sort()).toEqual(['calc.py', 'test_calc.py']);
    await context.close();
  });
});
