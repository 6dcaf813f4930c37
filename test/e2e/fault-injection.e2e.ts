import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockOpenAiServer, type MockReply, startMockOpenAi, textReply } from '../unit/model/mock-openai-server';
import { e2eEnvironment, launchBrowser, openApp, waitForText } from './support/app';
import { useCustomEndpoint } from './support/settings';

let browser: Browser;
let server: MockOpenAiServer;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startMockOpenAi([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A 500 on every request; retry-after-ms keeps the adapter's retries quick. */
const FAILING: MockReply = {
  kind: 'error',
  status: 500,
  headers: { 'retry-after-ms': '10' },
  body: { error: { message: 'The mock model is down', type: 'server_error' } },
};
const HEALTHY: MockReply = { kind: 'stream', chunks: textReply(['The greeting is fine; ', 'nothing to change.']) };

describe('a fault from the model endpoint, from the page', () => {
  it('500 until the retries are spent: the error card with its message and suggestions; Retry against a healthy endpoint completes', async () => {
    server.setFallback(FAILING);
    const { context, page, errors } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');

    // The mock is set up in Settings as a user would: provider Custom, its base URL, a model name.
    await useCustomEndpoint(page, server.baseUrl, 'mock-model');
    const host = new URL(server.baseUrl).host;
    await waitForText(page.locator('.model-label'), (text) => text.includes(`mock-model @ ${host}`), { what: 'the model label' });

    await page.getByRole('textbox', { name: 'Task' }).fill('Check the greeting.');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (text) => text === 'failed', { what: 'the run to fail', timeout: 60_000 });

    const card = page.getByRole('group', { name: 'Run failed' });
    const text = await card.innerText();
    expect(text).toContain('llm_failure');
    expect(text).toContain(`${host} had a server error (HTTP 500): The mock model is down (gave up after 4 attempts)`);
    const suggestions = await card.locator('ol li').allInnerTexts();
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.every((s) => s.trim() !== '')).toBe(true);
    // The page's worker reached the mock across origins (Playwright's routing answers the CORS
    // preflight itself, so only the requests arrive here; openai.test.ts covers the mock's own).
    // Four attempts, and no recovery critique asked of an endpoint that failed them all (issue 23).
    expect(server.requests.length).toBe(4);
    expect(server.requests.every((r) => r.headers.origin === new URL(e2eEnvironment().baseUrl).origin)).toBe(true);

    // The endpoint recovers; Retry runs the same task again and completes.
    server.setFallback(HEALTHY);
    const before = server.requests.length;
    await card.getByRole('button', { name: 'Retry' }).click();
    await waitForText(status, (text) => text === 'completed', { what: 'the retried run to complete', timeout: 60_000 });
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await waitForText(timeline, (t) => t.includes('The greeting is fine; nothing to change.'), { what: 'the reply in the timeline' });
    expect(server.requests.length).toBe(before + 1);
    expect(JSON.stringify(server.requests.at(-1)?.body)).toContain('Check the greeting.');
    expect(errors.filter((e) => /unhandled|uncaught/i.test(e))).toEqual([]);
    await context.close();
  }, 120_000);
});
