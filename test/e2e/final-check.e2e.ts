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

describe("the engine's check when the agent says it is done", () => {
  it('a run whose tests still fail after the fix attempts ends with the verification_failed card, the test named, and Retry', async () => {
    const { context, page } = await openApp(browser, {
      settings: { sandbox: 'virtual', model: { provider: 'scripted', baseUrl: '', model: 'untested', apiKey: '', scenario: 'untested' } },
    });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('button', { name: /^Run/ }).click();
    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (text) => text === 'failed', { what: 'the run to fail', timeout: 90_000 });

    const card = page.getByRole('group', { name: 'Run failed' });
    const text = await card.innerText();
    expect(text).toContain('verification_failed');
    expect(text).toContain('tests/add_test.sh');
    expect(text).toContain('after 3 fix attempts');
    expect(text).toContain('Fix attempts after a failed check');
    expect(await card.getByRole('button', { name: 'Retry' }).count()).toBe(1);

    // The check's command and result: one line each in the Timeline, the command and its output in the Terminal.
    const timeline = await page.getByRole('region', { name: 'Timeline' }).innerText();
    expect(timeline.match(/Checking the work: npm test/g)).toHaveLength(4);
    expect(timeline).toMatch(/Check failed: npm test — Tests FAILED[^\n]*Failing: tests\/add_test\.sh/);
    const log = (await page.getByRole('region', { name: 'Terminal' }).getByTestId('terminal-log').textContent()) ?? '';
    expect(log).toContain('npm test');
    expect(log).toContain('FAIL - adds two numbers');
    await context.close();
  }, 150_000);

  it('a project without tests completes saying "no tests found", never "tests pass"', async () => {
    const { context, page } = await openApp(browser, {
      settings: { sandbox: 'virtual', model: { provider: 'scripted', baseUrl: '', model: 'no-tests', apiKey: '', scenario: 'no-tests' } },
    });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('button', { name: /^Run/ }).click();
    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (text) => text === 'completed', { what: 'the run to complete', timeout: 60_000 });
    const timeline = await page.getByRole('region', { name: 'Timeline' }).innerText();
    expect(timeline).toMatch(/Run completed after 3 steps — no tests found/);
    expect(timeline).toContain('No tests found, the work was not checked: the policy names no delivery validate and no test runner was detected.');
    expect(timeline).not.toContain('tests pass');
    await context.close();
  }, 90_000);
});
