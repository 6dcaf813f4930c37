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

function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return '';
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return (label ?? element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
  });
}

const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);

describe('the Settings dialog', () => {
  it('opens by keyboard, keeps focus, shows errors inline and closes on Escape', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');

    // Reach the Settings button with Tab alone.
    let found = false;
    for (let i = 0; i < 20 && !found; i++) {
      await page.keyboard.press('Tab');
      found = (await focusedName(page)) === 'Settings';
    }
    expect(found).toBe(true);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor({ state: 'visible' });
    expect(await focusInDialog(page)).toBe(true);

    const provider = dialog.getByRole('combobox', { name: 'Provider' });
    await provider.selectOption({ label: 'OpenAI' });
    expect(await dialog.getByRole('textbox', { name: 'Base URL', exact: true }).inputValue()).toBe('https://api.openai.com/v1');
    const model = dialog.getByRole('textbox', { name: 'Model', exact: true });
    expect(await model.inputValue()).toBe('gpt-4o-mini');
    expect(await dialog.getByText("Kept only in this browser's localStorage", { exact: false }).isVisible()).toBe(true);

    await model.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByText('Model name is required.').isVisible()).toBe(true);
    expect(await dialog.getByText('OpenAI needs an API key.').isVisible()).toBe(true);
    expect(await model.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('alert').innerText()).toContain('Fix the 2 fields');

    // Tab never leaves the modal dialog for the page behind it.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const onPage = await page.evaluate(() => {
        const element = document.activeElement;
        return element !== null && element !== document.body && element.closest('dialog') === null;
      });
      expect(onPage).toBe(false);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Settings');
    // Nothing was saved.
    expect(await page.evaluate(() => localStorage.getItem('phasegate.apiKey'))).toBeNull();
    expect(await page.locator('.model-label').innerText()).toMatch(/Demo \(scripted\)$/);
    await context.close();
  });

  it('saves a provider with its key in localStorage only, and forgets the key', async () => {
    const { context, page, requests } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'OpenAI' });
    await dialog.getByLabel('API key').fill('sk-test-key-123');
    await dialog.getByRole('spinbutton', { name: 'Max iterations' }).fill('12');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await waitForText(page.locator('.model-label'), (text) => text.includes('gpt-4o-mini @ api.openai.com'), { what: 'the model label' });
    const stored = await page.evaluate(() => ({
      settings: localStorage.getItem('phasegate.settings') ?? '',
      key: localStorage.getItem('phasegate.apiKey'),
    }));
    expect(stored.key).toBe('sk-test-key-123');
    expect(stored.settings).not.toContain('sk-test-key-123');
    expect(JSON.parse(stored.settings)).toMatchObject({ maxIterations: 12, model: { provider: 'openai' } });
    expect((await page.content()).includes('sk-test-key-123')).toBe(false);
    expect(requests.some((url) => url.includes('sk-test'))).toBe(false);

    // Settings survive a reload; "Forget key" removes only the key.
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    expect(await dialog.getByLabel('API key').inputValue()).toBe('sk-test-key-123');
    await dialog.getByRole('button', { name: 'Forget key' }).click();
    expect(await dialog.getByLabel('API key').inputValue()).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('phasegate.apiKey'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('phasegate.settings'))).toContain('"openai"');
    await context.close();
  });

  it('keeps the recovery model and the suggestion overrides, and a failed run shows the overrides numbered', async () => {
    const { context, page } = await openApp(browser, {
      settings: { sandbox: 'virtual', maxIterations: 2, model: { provider: 'scripted', baseUrl: '', model: 'endless', apiKey: '', scenario: 'endless' } },
    });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    // Closed, the optional model field stays out of the way of the name "Model".
    expect(await dialog.getByRole('textbox', { name: 'Recovery model' }).count()).toBe(0);
    await dialog.getByText('Another model for the critique (optional)').click();
    const recoveryModel = dialog.getByRole('textbox', { name: 'Recovery model' });
    expect(await recoveryModel.getAttribute('placeholder')).toMatch(/main model/);
    const budget = dialog.getByRole('textbox', { name: 'Suggestions for budget_exceeded' });
    // The built-ins show as the placeholder of an empty box.
    expect(await budget.getAttribute('placeholder')).toContain('Raise "Max iterations" in Settings and retry.');
    const timeout = dialog.getByRole('textbox', { name: 'Suggestions for timeout' });

    // A bad line is reported on its own box, with its line number.
    await timeout.fill(`Wait.\n${'x'.repeat(301)}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByText('Line 2: a suggestion is at most 300 characters.').isVisible()).toBe(true);
    expect(await timeout.getAttribute('aria-invalid')).toBe('true');
    await timeout.fill('');

    await recoveryModel.fill('critic-model');
    await budget.fill('Ask the lead for more steps.\n\nSplit the task in two.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('phasegate.settings') ?? '{}')) as Record<string, unknown>;
    expect(stored).toMatchObject({
      model: { recoveryModel: 'critic-model' },
      suggestions: { budget_exceeded: ['Ask the lead for more steps.', 'Split the task in two.'] },
    });

    await page.reload();
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('button', { name: 'Settings' }).click();
    expect(await recoveryModel.inputValue()).toBe('critic-model');
    expect(await budget.inputValue()).toBe('Ask the lead for more steps.\nSplit the task in two.');
    expect(await timeout.inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('textbox', { name: 'Task' }).fill('Keep going forever.');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    await waitForText(page.getByRole('status', { name: 'Run status' }), (text) => text === 'failed', { what: 'the run to fail', timeout: 60_000 });
    const items = page.getByRole('group', { name: 'Run failed' }).locator('ol li');
    expect(await items.allInnerTexts()).toEqual(['Ask the lead for more steps.', 'Split the task in two.']);
    await context.close();
  }, 120_000);
});
