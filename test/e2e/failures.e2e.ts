import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, waitForText } from './support/app';
import { newestStoredSession } from './support/stored-session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('when a run fails', () => {
  it('shows an error card with the code, numbered suggestions, Retry and Edit task', async () => {
    const { context, page } = await openApp(browser, {
      settings: { sandbox: 'virtual', maxIterations: 2, model: { provider: 'scripted', baseUrl: '', model: 'endless', apiKey: '', scenario: 'endless' } },
    });
    await page.waitForSelector('.app[data-ready="true"]');
    const task = page.getByRole('textbox', { name: 'Task' });
    await task.fill('Keep going forever.');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (text) => text === 'failed', { what: 'the run to fail', timeout: 60_000 });
    const card = page.getByRole('group', { name: 'Run failed' });
    const text = await card.innerText();
    expect(text).toContain('budget_exceeded');
    expect(await card.locator('ol li').count()).toBeGreaterThan(1);
    expect(text).toContain('Raise "Max iterations" in Settings and retry.');

    await task.fill('');
    await card.getByRole('button', { name: 'Edit task' }).click();
    expect(await task.inputValue()).toBe('Keep going forever.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('task');

    await expect.poll(async () => (await newestStoredSession(page))?.status, { timeout: 5000 }).toBe('failed');
    const first = (await newestStoredSession(page))?.id;
    await card.getByRole('button', { name: 'Retry' }).click();
    // A new run of the same task, stored as its own session, which fails the same way.
    await expect.poll(async () => (await newestStoredSession(page))?.id, { timeout: 10_000 }).not.toBe(first);
    await expect.poll(async () => (await newestStoredSession(page))?.status, { timeout: 30_000 }).toBe('failed');
    await waitForText(status, (text) => text === 'failed', { what: 'the retried run to end' });
    expect(await page.getByRole('region', { name: 'Timeline' }).innerText()).toContain('Keep going forever.');
    await context.close();
  }, 120_000);

  it('stuck: the tiers in the page — a nudge, a recovery with its critique, a question, then loop_detected', async () => {
    const { context, page } = await openApp(browser, {
      settings: { sandbox: 'virtual', model: { provider: 'scripted', baseUrl: '', model: 'stuck', apiKey: '', scenario: 'stuck' } },
    });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('button', { name: /^Run/ }).click();
    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (text) => text === 'waiting', { what: 'the loop question', timeout: 60_000 });
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const text = await timeline.innerText();
    expect(text).toMatch(/Loop detected \(3× the same call\): the model was told\./);
    expect(text).toMatch(/Recovery: .*Asking the model for a critique/);
    expect(text).toContain('Critique');
    const question = page.getByRole('group', { name: 'The agent is blocked' });
    expect(await question.innerText()).toContain('How should the agent go on?');
    await question.getByRole('textbox', { name: 'Answer' }).fill('Stop re-reading the README: it says npm test.');
    await question.getByRole('button', { name: 'Send answer' }).click();
    await waitForText(status, (t) => t === 'failed', { what: 'the run to end', timeout: 60_000 });
    const card = page.getByRole('group', { name: 'Run failed' });
    expect(await card.innerText()).toContain('loop_detected');
    expect(await card.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    await context.close();
  }, 120_000);

  it('Roll back and "Restore files to here" put the files back and say so', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', maxIterations: 4 } });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('textbox', { name: 'Task' }).fill('Add a slugify function to sample-utils, with tests.');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (text) => text === 'failed', { what: 'the run to fail', timeout: 60_000 });
    const timeline = page.getByRole('region', { name: 'Timeline' });
    expect(await timeline.getByRole('button', { name: 'Restore files to here' }).count()).toBeGreaterThan(0);
    await page.getByRole('group', { name: 'Run failed' }).getByRole('button', { name: 'Roll back' }).click();
    await waitForText(timeline, (text) => /Files restored to a checkpoint \([1-9]\d* files? changed\)/.test(text), { what: 'the rollback notice' });
    await timeline.getByRole('button', { name: 'Restore files to here' }).first().click();
    await expect.poll(async () => (await timeline.innerText()).match(/Files restored to a checkpoint/g)?.length ?? 0).toBe(2);
    await context.close();
  }, 120_000);
});
