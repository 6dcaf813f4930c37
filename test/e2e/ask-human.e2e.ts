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

const CLARIFY = { sandbox: 'virtual', model: { provider: 'scripted', baseUrl: '', model: 'clarify', apiKey: '', scenario: 'clarify' } };

/** The clarify scenario run until it waits on its question. */
async function waitingRun() {
  const { context, page } = await openApp(browser, { settings: CLARIFY });
  await page.waitForSelector('.app[data-ready="true"]');
  await page.getByRole('textbox', { name: 'Task' }).fill('Make the greeting sound friendlier.');
  await page.getByRole('button', { name: /^Run/ }).click();
  const status = page.getByRole('status', { name: 'Run status' });
  await waitForText(status, (text) => text === 'waiting', { what: 'the run to wait for an answer', timeout: 30_000 });
  return { context, page, status };
}

describe('the agent asks the human', () => {
  it('waits with the question in the Timeline; "Send answer" resumes the run with the answer', async () => {
    const { context, page, status } = await waitingRun();
    const question = page.getByRole('group', { name: 'The agent asks' });
    expect(await question.innerText()).toContain('Should the greeting end with an exclamation mark or a full stop?');
    // The options are offered as buttons; Stop stays available while waiting.
    expect(await question.getByRole('button', { name: 'Full stop' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Stop', exact: true }).isEnabled()).toBe(true);
    const answer = question.getByRole('textbox', { name: 'Answer' });
    await answer.fill('Full stop, please <b>not</b> bold');
    await question.getByRole('button', { name: 'Send answer' }).click();
    await waitForText(status, (text) => text === 'completed', { what: 'the run to complete', timeout: 30_000 });
    const timeline = page.getByRole('region', { name: 'Timeline' });
    expect(await timeline.innerText()).toContain('The user answered: Full stop, please <b>not</b> bold');
    // Text, never HTML.
    expect(await timeline.locator('b').count()).toBe(0);
    expect(await question.getByRole('textbox', { name: 'Answer' }).count()).toBe(0);
    await context.close();
  }, 120_000);

  it('keeps the question through a reload, and an option button answers it and resumes the run', async () => {
    const { context, page } = await waitingRun();
    // The question must be stored before the tab goes (the recorder writes in batches): wait until it is.
    await expect.poll(async () => (await newestStoredSession(page))?.eventTypes.includes('human_asked'), { timeout: 10_000 }).toBe(true);
    await page.reload();
    await page.waitForSelector('.app[data-ready="true"]');
    await waitForText(page.getByRole('status', { name: 'Run status' }), (text) => text === 'waiting', {
      what: 'the question back after the reload',
      timeout: 30_000,
    });
    const question = page.getByRole('group', { name: 'The agent asks' });
    await question.getByRole('button', { name: 'Exclamation mark' }).click();
    await waitForText(page.getByRole('status', { name: 'Run status' }), (text) => text === 'completed', {
      what: 'the resumed run to complete',
      timeout: 30_000,
    });
    const text = await page.getByRole('region', { name: 'Timeline' }).innerText();
    expect(text).toContain('The user answered: Exclamation mark');
    expect(text.match(/The agent asks/g)).toHaveLength(1);
    await context.close();
  }, 120_000);

  it('Stop while waiting cancels the run', async () => {
    const { context, page, status } = await waitingRun();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await waitForText(status, (text) => text === 'cancelled', { what: 'the run to be cancelled', timeout: 30_000 });
    expect(await page.getByRole('textbox', { name: 'Answer' }).count()).toBe(0);
    await context.close();
  }, 120_000);
});
