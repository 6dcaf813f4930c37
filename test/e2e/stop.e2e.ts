import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, startSlowCommand, waitForText } from './support/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Stop', () => {
  it('cancels a run while its command is running', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model: { scenario: 'slow-command' } } });
    await page.waitForSelector('.app[data-ready="true"]');
    await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Virtual sandbox'));

    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    expect(await stop.isDisabled()).toBe(true);

    const { status, terminalLog } = await startSlowCommand(page);
    expect(await stop.isEnabled()).toBe(true);

    const stoppedAt = Date.now();
    await stop.click();
    // The wait outlasts the bound below, so the bound is what decides; both are far under the command's 30 s.
    await waitForText(status, (text) => text === 'cancelled', { what: 'cancelled', timeout: 25_000 });
    const took = Date.now() - stoppedAt;
    expect(took).toBeLessThan(5_000);
    console.log(`cancelled ${took} ms after Stop`);

    const timeline = await page.getByRole('region', { name: 'Timeline' }).innerText();
    expect(timeline).toContain('Run cancelled');
    expect(await terminalLog.textContent()).toMatch(/\[exit -?\d+(, timed out)?, aborted\]/);
    expect(await stop.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /^Run( demo)?$/ }).isEnabled()).toBe(true);
    await context.close();
  });
});
