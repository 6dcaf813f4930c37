import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp } from './support/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Settings for orchestrator mode', () => {
  it("shows the review rounds and each role's model, steps and instructions only in that mode, checks them and keeps them", async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    expect(await dialog.getByRole('spinbutton', { name: 'Max review rounds' }).count()).toBe(0);
    await dialog.getByRole('combobox', { name: 'Mode' }).selectOption('orchestrator');
    const rounds = dialog.getByRole('spinbutton', { name: 'Max review rounds' });
    expect(await rounds.inputValue()).toBe('2');
    await rounds.fill('7');
    await dialog.locator('summary', { hasText: 'Reviewer settings' }).click();
    await dialog.getByRole('textbox', { name: 'Reviewer model' }).fill('critic-model');
    await dialog.getByRole('spinbutton', { name: 'Reviewer max steps' }).fill('0');
    await dialog.getByRole('textbox', { name: 'Reviewer instructions' }).fill('Insist on a test for each finding.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByText('Enter a whole number from 0 (no review) to 5.').isVisible()).toBe(true);
    expect(await dialog.getByText('Enter a whole number from 1 to 200, or leave it empty for Max iterations.').isVisible()).toBe(true);

    await rounds.fill('3');
    await dialog.getByRole('spinbutton', { name: 'Reviewer max steps' }).fill('12');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('phasegate.settings') ?? '{}') as Record<string, unknown>);
    expect(stored).toMatchObject({
      mode: 'orchestrator',
      maxReviewRounds: 3,
      roles: { reviewer: { model: 'critic-model', maxSteps: 12, instructions: 'Insist on a test for each finding.' }, coder: { model: '', maxSteps: null } },
    });

    // Reopened: the filled role opens by itself, the others stay closed.
    await page.getByRole('button', { name: 'Settings' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Reviewer model' }).inputValue()).toBe('critic-model');
    expect(await dialog.getByRole('textbox', { name: 'Planner model' }).count()).toBe(0);
    await context.close();
  });
});
