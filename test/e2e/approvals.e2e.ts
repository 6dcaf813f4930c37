import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, waitForText } from './support/app';
import { seriousAxeViolations } from './support/axe';

/**
 * Issue 23: "Ask before" in Settings holds each edit and command for the user's decision. The
 * approvals scenario writes a file, then runs the tests: the edit is approved, the command denied
 * with a reason, which the model reads as the command's result.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const APPROVALS = { sandbox: 'virtual', model: { provider: 'scripted', baseUrl: '', model: 'approvals', apiKey: '', scenario: 'approvals' } };
const CONFIGS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
].flatMap((viewport) =>
  (['light', 'dark'] as const).map((colorScheme) => ({ viewport, colorScheme, name: `${viewport.width}×${viewport.height} ${colorScheme}` })),
);

async function askBeforeEditsAndCommands(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const askBefore = dialog.getByRole('combobox', { name: 'Ask before' });
  expect(await askBefore.inputValue()).toBe('nothing');
  await askBefore.selectOption({ label: 'Edits and commands' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('approve before acting', () => {
  for (const config of CONFIGS) {
    it(`holds the edit and the command for a decision; a denial's reason reaches the model (${config.name})`, async () => {
      const { context, page, errors } = await openApp(browser, { settings: APPROVALS, viewport: config.viewport, colorScheme: config.colorScheme });
      try {
        await page.waitForSelector('.app[data-ready="true"]');
        await askBeforeEditsAndCommands(page);
        await page.getByRole('textbox', { name: 'Task' }).fill('Add a farewell function, then run the tests.');
        await page.getByRole('button', { name: /^Run/ }).click();
        const status = page.getByRole('status', { name: 'Run status' });
        await waitForText(status, (text) => text === 'waiting', { what: 'the run to wait for approval', timeout: 30_000 });

        const timeline = page.getByRole('region', { name: 'Timeline' });
        const edit = timeline.getByRole('group', { name: 'Approve the edit' });
        await edit.waitFor();
        expect(await edit.getByRole('group', { name: 'File' }).innerText()).toBe('create src/farewell.sh');
        expect(await edit.getByRole('group', { name: 'What the edit writes' }).innerText()).toContain('farewell() {');
        // Keyboard: the card takes focus as it opens, and Tab reaches its buttons.
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Approve the edit');
        const labels: string[] = [];
        for (let i = 0; i < 6 && !labels.includes('Approve'); i++) {
          await page.keyboard.press('Tab');
          labels.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
        }
        expect(labels).toContain('Approve');
        expect(await edit.getByRole('button', { name: 'Approve all edits' }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Stop', exact: true }).isEnabled()).toBe(true);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: `test-results/approvals-${config.name.replace(/\W+/g, '-')}.png` });

        await edit.getByRole('button', { name: 'Approve', exact: true }).click();
        const command = timeline.getByRole('group', { name: 'Approve the command' });
        await command.getByRole('button', { name: 'Deny' }).waitFor();
        expect(await command.getByRole('group', { name: 'Command' }).innerText()).toBe('bash tests/run.sh');
        expect(await command.getByRole('button', { name: 'Approve all commands' }).isVisible()).toBe(true);
        await command.getByRole('textbox', { name: 'Reason' }).fill('Not the whole suite <b>now</b>');
        await command.getByRole('button', { name: 'Deny' }).click();
        await waitForText(status, (text) => text === 'completed', { what: 'the run to complete', timeout: 30_000 });

        const text = await timeline.innerText();
        expect(text).toContain('The user denied this command: Not the whole suite <b>now</b>');
        expect(text).toMatch(/Denied — Not the whole suite <b>now<\/b>/i);
        expect(text).toMatch(/^Approved$/im);
        // Text, never HTML; decided cards have no buttons left.
        expect(await timeline.locator('b').count()).toBe(0);
        expect(await timeline.getByRole('button', { name: 'Deny' }).count()).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
