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

describe('layout and keyboard', () => {
  it('runs with Ctrl+Enter, expands long results by keyboard and resizes the split with arrow keys', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox'));

    // Before any file event, Monaco has not been requested.
    const scripts: string[] = [];
    context.on('request', (request) => scripts.push(request.url()));
    expect(await page.locator('.monaco-host').count()).toBe(0);

    const task = page.getByRole('textbox', { name: 'Task' });
    await task.fill('Add a slugify function to sample-utils, with tests.');
    await task.press('Control+Enter');
    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (text) => text === 'completed', { what: 'the run started from the keyboard', timeout: 60_000 });
    expect(scripts.some((url) => /editor\.api-.*\.js$/.test(url))).toBe(true);

    // A long tool result is collapsed behind a disclosure button.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const disclosure = timeline.getByRole('button', { name: /^Show all/ }).first();
    expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
    const output = page.locator(`[id="${await disclosure.getAttribute('aria-controls')}"]`);
    const collapsedLength = (await output.innerText()).length;
    await disclosure.focus();
    await page.keyboard.press('Enter');
    const expanded = timeline.getByRole('button', { name: 'Show less' }).first();
    expect(await expanded.getAttribute('aria-expanded')).toBe('true');
    expect((await output.innerText()).length).toBeGreaterThan(collapsedLength);

    // The editor/terminal split takes arrow keys.
    const separator = page.getByRole('separator', { name: 'Resize editor and terminal' });
    const editorBox = page.getByRole('region', { name: 'Editor' });
    const before = Number(await separator.getAttribute('aria-valuenow'));
    const heightBefore = (await editorBox.boundingBox())?.height ?? 0;
    await separator.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(Number(await separator.getAttribute('aria-valuenow'))).toBe(before + 10);
    expect((await editorBox.boundingBox())?.height ?? 0).toBeGreaterThan(heightBefore);
    await page.keyboard.press('Home');
    expect(Number(await separator.getAttribute('aria-valuenow'))).toBe(15);

    // File tabs: arrow keys move between files.
    const tabs = page.getByRole('tablist', { name: 'Open files' });
    const selected = () => tabs.locator('[aria-selected="true"]').innerText();
    await tabs.locator('[aria-selected="true"]').focus();
    const first = await selected();
    await page.keyboard.press('ArrowRight');
    expect(await selected()).not.toBe(first);
    await context.close();
  });

  it('follows a dark system theme', async () => {
    const { context, page } = await openApp(browser, { colorScheme: 'dark', settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r = 255, g = 255, b = 255] = (background.match(/\d+/g) ?? []).map(Number);
    expect(r + g + b).toBeLessThan(100);
    await page.screenshot({ path: 'test-results/dark.png' });
    await context.close();
  });
});
