import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunk, type MockOpenAiServer, startMockOpenAi } from '../unit/model/mock-openai-server';
import { launchBrowser, openApp } from './support/app';
import { openCustomEndpoint } from './support/settings';

const KEY = 'sk-e2e-endpoint-check-0123456789';

let browser: Browser;
let server: MockOpenAiServer;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startMockOpenAi([], {
    models: ['mock-large', 'mock-small'],
    fallback: { kind: 'stream', chunks: [chunk({ role: 'assistant', content: 'OK' }), chunk({}, 'length')] },
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Settings: List models and Test connection', () => {
  it("lists the endpoint's models into the Model box, and tests a one-token request", async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    const dialog = await openCustomEndpoint(page, server.baseUrl);
    await dialog.getByLabel('API key', { exact: true }).fill(KEY);

    await dialog.getByRole('button', { name: 'List models' }).click();
    const answer = dialog.getByRole('status', { name: 'Endpoint check' });
    await expect.poll(() => answer.innerText()).toBe('2 models listed: pick one under "Listed models".');
    const listed = dialog.getByRole('combobox', { name: 'Listed models' });
    await listed.selectOption('mock-small');
    const model = dialog.getByRole('textbox', { name: 'Model', exact: true });
    expect(await model.inputValue()).toBe('mock-small');
    // The box still takes any name.
    await model.fill('my-own-model');
    expect(server.modelRequests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => answer.innerText()).toMatch(/^Connected: my-own-model @ 127\.0\.0\.1:\d+ answered in \d+ ms \(“OK”, finish: length\)\.$/);
    expect(server.requests.at(-1)?.body).toMatchObject({ model: 'my-own-model', max_tokens: 1 });

    // Another address clears the answers; one that is not there says so.
    await dialog.getByRole('textbox', { name: 'Base URL', exact: true }).fill('http://127.0.0.1:9/v1');
    expect(await answer.innerText()).toBe('');
    expect(await listed.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => answer.innerText()).toContain('did not answer: connection to 127.0.0.1:9 failed');
    // Nothing was saved by checking.
    expect(await page.evaluate(() => localStorage.getItem('phasegate.apiKey'))).toBeNull();
    await context.close();
  });
});
