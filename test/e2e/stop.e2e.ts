import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_NODE_COMMAND } from '../../src/model/scenarios/busy-node';
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
    await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox'));

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

  it('interrupts a node program busy in QuickJS on the engine worker, long before its time limit', async () => {
    const { context, page, errors } = await openApp(browser, { settings: { sandbox: 'virtual', model: { provider: 'scripted', scenario: 'busy-node' } } });
    await page.waitForSelector('.app[data-ready="true"]');
    await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox'));
    // The page's stop flag needs SharedArrayBuffer.
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    const status = page.getByRole('status', { name: 'Run status' });
    const terminalLog = page.getByRole('region', { name: 'Terminal' }).getByTestId('terminal-log');

    // Twice: the first Stop must not stop the second run's program.
    for (const round of [1, 2]) {
      await page.getByRole('textbox', { name: 'Task' }).fill('Run a busy node program.');
      await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
      await waitForText(status, (text) => text === 'running', { what: 'running' });
      // The worker's thread is held inside the command (no heartbeat for 2 s): a message to it waits until
      // the program ends (so may the command's own events, still on their way to the store).
      await waitForBusyStretch(page, 2_000);

      const stoppedAt = Date.now();
      await stop.click();
      // Far under the command's 30 s limit, and under the 10 s after which the page replaces a worker that ignores Stop.
      await waitForText(status, (text) => text === 'cancelled', { what: 'cancelled', timeout: 25_000 });
      const took = Date.now() - stoppedAt;
      console.log(`round ${round}: cancelled ${took} ms after Stop`);
      expect(took).toBeLessThan(5_000);
      // Each run starts a session of its own: the Terminal shows this run's command only.
      const log = (await terminalLog.textContent()) ?? '';
      expect(log).toContain(`$ ${BUSY_NODE_COMMAND}`);
      expect(log).toMatch(/\[exit 130, aborted\]/);
    }

    const timeline = await page.getByRole('region', { name: 'Timeline' }).innerText();
    expect(timeline).toContain('Run cancelled');
    // The worker answered Stop itself: it was not replaced as one that ignores Stop.
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('stopped responding');
    expect(await page.getByRole('button', { name: /^Run( demo)?$/ }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

/** Waits until the engine worker has been silent for `ms` inside a step: it is busy in the command now. */
async function waitForBusyStretch(page: Page, ms: number): Promise<void> {
  await page.waitForFunction((wanted) => ((globalThis as { __phasegateStepSilence?: () => number }).__phasegateStepSilence?.() ?? 0) > wanted, ms, {
    timeout: 30_000,
    polling: 100,
  });
}
