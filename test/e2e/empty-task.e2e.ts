import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, PAGE_CONFIGS, waitForText } from './support/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('an empty task', () => {
  it.each(PAGE_CONFIGS)(
    'explains itself: the hint says "Type a task to run", and Ctrl+Enter does nothing ($name)',
    async ({ viewport, colorScheme }) => {
      const model = { provider: 'custom', baseUrl: 'http://localhost:9/v1', model: 'm', apiKey: '', scenario: 'demo' };
      const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model }, viewport, colorScheme });
      await page.waitForSelector('.app[data-ready="true"]');
      const hint = page.locator('#task-hint');
      await waitForText(hint, (text) => text === 'Type a task to run', { what: 'the empty-task hint' });
      expect(await hint.isVisible()).toBe(true);
      const task = page.getByRole('textbox', { name: 'Task' });
      expect(await task.inputValue()).toBe('');
      expect(await page.getByRole('button', { name: /^Run( demo)?$/ }).isDisabled()).toBe(true);
      await task.focus();
      await page.keyboard.press('Control+Enter');
      // A key typed after it shows only once the page has handled Ctrl+Enter; a run asked for would show
      // its task in the Timeline by then (a pending run is echoed at once).
      await page.keyboard.type('x');
      await expect.poll(() => task.inputValue()).toBe('x');
      const timeline = page.getByRole('region', { name: 'Timeline' });
      expect(await timeline.locator('.entry--task').count()).toBe(0);
      expect(await timeline.innerText()).not.toContain('Task');
      expect(await page.getByRole('status', { name: 'Run status' }).innerText()).toBe('idle');
      await task.fill('List the files.');
      await waitForText(hint, (text) => /(Ctrl|⌘)\+Enter runs/.test(text), { what: 'the run hint' });
      expect(await page.getByRole('button', { name: /^Run( demo)?$/ }).isEnabled()).toBe(true);
      await context.close();
    },
    60_000,
  );
});
