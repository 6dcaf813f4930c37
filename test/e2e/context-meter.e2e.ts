import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, waitForText } from './support/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function runDemo(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Task' }).fill('Add a slugify function to sample-utils, with tests.');
  await page.waitForSelector('.app[data-ready="true"]');
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
  const status = page.getByRole('status', { name: 'Run status' });
  await waitForText(status, (text) => text === 'completed' || text === 'failed', { what: 'the run to end', timeout: 60_000 });
  expect(await status.innerText()).toBe('completed');
}

const FIELDS = {
  'Context window (tokens)': '64000',
  Temperature: '0.3',
  'Max output tokens': '4096',
  'Max tokens per run': '500000',
  'Max cost per run (USD)': '2.5',
} as const;

describe('the context meter and its settings', () => {
  it('shows the tokens of the next request out of the window after a demo run, and Settings keep the new fields', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    expect(await page.getByRole('status', { name: 'Context' }).count()).toBe(0);

    await runDemo(page);
    const meter = page.getByRole('status', { name: 'Context' });
    const text = await waitForText(meter, (value) => /^~\d+(\.\d)?k? \/ 32k/.test(value), { what: 'the context meter' });
    expect(text).toMatch(/Session: [\d,]+ prompt \+ [\d,]+ completion tokens, estimated; cost unknown\./);
    expect(await meter.getAttribute('title')).toMatch(/^Next request: [\d,]+ of 32,000 tokens \(\d+%\)\./);

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getByRole('spinbutton', { name: 'Context window (tokens)' }).getAttribute('placeholder')).toBe('Default: 32,000');
    for (const [label, value] of Object.entries(FIELDS)) await dialog.getByRole('spinbutton', { name: label, exact: true }).fill(value);
    await dialog.getByRole('combobox', { name: 'Tokenizer' }).selectOption('cl100k');
    expect(await dialog.getByRole('textbox', { name: 'Base URL' }).count()).toBe(0);
    await dialog.getByText('Another model for summaries (optional)').click();
    await dialog.getByRole('textbox', { name: 'Summary model' }).fill('small-model');
    await dialog.getByRole('textbox', { name: 'Summary base URL' }).fill('http://localhost:11434/v1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('phasegate.settings'))) ?? '{}') as Record<string, unknown>;
    expect(stored).toMatchObject({
      model: { contextWindow: 64_000, tokenizer: 'cl100k', temperature: 0.3, maxOutputTokens: 4_096, summaryModel: 'small-model' },
      maxTokensPerRun: 500_000,
      maxCostPerRun: 2.5,
    });

    // After a reload the dialog shows them again.
    await page.reload();
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('button', { name: 'Settings' }).click();
    await dialog.waitFor({ state: 'visible' });
    for (const [label, value] of Object.entries(FIELDS)) expect(await dialog.getByRole('spinbutton', { name: label, exact: true }).inputValue()).toBe(value);
    expect(await dialog.getByRole('combobox', { name: 'Tokenizer' }).inputValue()).toBe('cl100k');
    // Set, they show open.
    expect(await dialog.getByRole('textbox', { name: 'Summary model' }).inputValue()).toBe('small-model');
    expect(await dialog.getByRole('textbox', { name: 'Summary base URL' }).inputValue()).toBe('http://localhost:11434/v1');
    // A bad value is explained on its field and not saved.
    await dialog.getByRole('spinbutton', { name: 'Temperature' }).fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByText('Enter a number from 0 to 2.').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The next run counts against the window from Settings.
    await runDemo(page);
    await waitForText(page.getByRole('status', { name: 'Context' }), (value) => /^~\d+(\.\d)?k? \/ 64k/.test(value), { what: 'the meter against 64k' });
    await context.close();
  });

  it('shows a compaction as one quiet line in the Timeline, its summary behind a disclosure', async () => {
    const model = { provider: 'scripted', baseUrl: '', model: 'demo', apiKey: '', scenario: 'demo', contextWindow: 5000 };
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model } });
    await runDemo(page);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const line = timeline.locator('details.compaction');
    expect(await line.count()).toBeGreaterThan(0);
    const heading = await line.first().locator('summary').innerText();
    expect(heading).toMatch(/^Context summarised by the summary model: the context reached 85% of the window \([\d,]+ → [\d,]+ tokens\)$/);
    // Closed until asked: the summary is one click away.
    expect(await line.first().locator('.compaction-summary').isVisible()).toBe(false);
    await line.first().locator('summary').click();
    expect(await line.first().locator('.compaction-summary').innerText()).toMatch(/^Scripted summary of \d+ earlier step lines:/);
    await context.close();
  }, 120_000);
});
