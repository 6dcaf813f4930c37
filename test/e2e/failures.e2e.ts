import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLUGIFY_TESTS, SLUGIFY_WITH_BUG } from '../../src/model/scenarios/demo';
import { STARTER_PROJECT } from '../../src/sandbox/starter-project';
import { launchBrowser, openApp, sandboxFiles, waitForText } from './support/app';
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
    const starter = STARTER_PROJECT;
    const added = { 'src/slugify.sh': SLUGIFY_WITH_BUG, 'tests/slugify_test.sh': SLUGIFY_TESTS };
    expect(await sandboxFiles(page)).toEqual(starter);
    await page.getByRole('textbox', { name: 'Task' }).fill('Add a slugify function to sample-utils, with tests.');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    const status = page.getByRole('status', { name: 'Run status' });
    // Four steps: the third adds slugify with its bug and its tests, the fourth runs them; the fix never comes.
    await waitForText(status, (text) => text === 'failed', { what: 'the run to fail', timeout: 60_000 });
    expect(await sandboxFiles(page)).toEqual({ ...starter, ...added });

    const timeline = page.getByRole('region', { name: 'Timeline' });
    const notices = async () => (await timeline.innerText()).match(/Files restored to a checkpoint \(\d+ files? changed\)/g) ?? [];
    // One checkpoint per call that wrote: after slugify.sh, then after its tests too.
    const restore = timeline.getByRole('button', { name: 'Restore files to here' });
    expect(await restore.count()).toBe(2);
    const ask = page.getByRole('dialog', { name: 'Restore the files?' });
    const backToLatest = timeline.getByRole('button', { name: 'Back to latest' });
    // Roll back: asked first (Cancel changes nothing), then to the run's start, so the two new files are gone.
    await page.getByRole('group', { name: 'Run failed' }).getByRole('button', { name: 'Roll back' }).click();
    expect(await ask.innerText()).toContain('go back to the start of the run');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await sandboxFiles(page)).toEqual({ ...starter, ...added });
    await page.getByRole('group', { name: 'Run failed' }).getByRole('button', { name: 'Roll back' }).click();
    await ask.getByRole('button', { name: 'Restore files' }).click();
    await expect.poll(notices).toEqual(['Files restored to a checkpoint (2 files changed)']);
    expect(await sandboxFiles(page)).toEqual(starter);
    // "Back to latest" brings the run's last files back, and goes once they are there.
    await backToLatest.click();
    await expect.poll(async () => (await notices()).length).toBe(2);
    expect(await sandboxFiles(page)).toEqual({ ...starter, ...added });
    expect(await backToLatest.count()).toBe(0);
    // Restore files to here: to the first write, then to the second, each as the run wrote it.
    await restore.first().click();
    await ask.getByRole('button', { name: 'Restore files' }).click();
    await expect.poll(async () => (await notices()).length).toBe(3);
    expect(await sandboxFiles(page)).toEqual({ ...starter, 'src/slugify.sh': SLUGIFY_WITH_BUG });
    expect(await backToLatest.count()).toBe(1);
    await restore.last().click();
    await ask.getByRole('button', { name: 'Restore files' }).click();
    await expect.poll(async () => (await notices()).length).toBe(4);
    expect(await sandboxFiles(page)).toEqual({ ...starter, ...added });
    expect(await backToLatest.count()).toBe(0);
    await context.close();
  }, 120_000);
});
