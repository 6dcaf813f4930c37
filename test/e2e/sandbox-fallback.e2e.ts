import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, waitForText } from './support/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sandbox choice', () => {
  it('falls back to the virtual sandbox, with the reason, when WebContainer cannot boot offline', async () => {
    const { context, page } = await openApp(browser, {
      settings: { sandbox: 'auto', webcontainerBootTimeoutMs: 2000 },
    });
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);

    const sandbox = page.getByRole('status', { name: 'Sandbox' });
    const text = await waitForText(sandbox, (value) => value.startsWith('Virtual sandbox — '), {
      what: 'the virtual fallback',
      timeout: 20_000,
    });
    const reason = text.slice('Virtual sandbox — '.length);
    expect(reason.length).toBeGreaterThan(5);
    expect(reason).not.toBe('chosen in Settings');
    expect(await page.getAttribute('.app', 'data-sandbox')).toBe('ready');
    expect(await page.getByRole('button', { name: 'Run', exact: true }).isEnabled()).toBe(true);
    await context.close();
  });

  it('says it is starting WebContainer, and a run waits for the boot to settle', async () => {
    const { context, page } = await openApp(browser, {
      settings: { sandbox: 'webcontainer', webcontainerBootTimeoutMs: 4000 },
    });
    const sandbox = page.getByRole('status', { name: 'Sandbox' });
    await waitForText(sandbox, (value) => value === 'Starting WebContainer…', { what: 'the booting status', timeout: 3000 });

    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('textbox', { name: 'Task' }).fill('Add a slugify function to sample-utils, with tests.');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await waitForText(page.locator('#task-hint'), (value) => value.includes('Waiting for the sandbox'), { what: 'the waiting hint' });
    expect(await page.getByRole('status', { name: 'Run status' }).innerText()).toBe('idle');
    expect(await sandbox.innerText()).toBe('Starting WebContainer…');

    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (value) => value === 'completed', { what: 'the run after the fallback', timeout: 60_000 });
    expect(await sandbox.innerText()).toMatch(/^Virtual sandbox — /);
    await context.close();
  });
});
