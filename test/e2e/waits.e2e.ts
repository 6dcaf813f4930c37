import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunk, type MockOpenAiServer, startMockOpenAi, textReply, toolCallArgs, toolCallStart } from '../unit/model/mock-openai-server';
import { launchBrowser, openApp, PAGE_CONFIGS, waitForText } from './support/app';

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

const LOOKS = PAGE_CONFIGS.map(({ viewport, colorScheme }) => ({ ...viewport, colorScheme }));

/** Nothing of the page sticks out sideways (the wait lines wrap on a phone). */
async function expectNoSidewaysOverflow(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box === null || box.x + box.width <= width + 1).toBe(true);
}

describe.each(LOOKS)('every wait is named, with a live timer ($width×$height, $colorScheme)', ({ width, height, colorScheme }) => {
  it('a run waiting for the sandbox: its task at once, "starting sandbox (N s)", and Stop ends the wait', async () => {
    const { context, page, errors } = await openApp(browser, {
      colorScheme,
      // WebContainer never boots offline: the run waits for the boot until Stop.
      settings: { sandbox: 'webcontainer', webcontainerBootTimeoutMs: 15_000 },
    });
    await page.setViewportSize({ width, height });
    const sandbox = page.getByRole('status', { name: 'Sandbox' });
    await waitForText(sandbox, (value) => value.startsWith('Starting WebContainer…'), { what: 'the booting status', timeout: 3000 });
    await page.waitForSelector('.app[data-ready="true"]');
    const task = 'Add a slugify function to sample-utils, with tests.';
    await page.getByRole('textbox', { name: 'Task' }).fill(task);
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();

    const timeline = page.getByRole('region', { name: 'Timeline' });
    await waitForText(timeline.locator('.entry--task'), (text) => text.includes(task), { what: 'the task echoed at once', timeout: 1000 });
    const status = page.getByRole('status', { name: 'Run status' });
    expect(await status.innerText()).toMatch(/^starting sandbox \([01] s\)$/);
    await waitForText(status, (text) => text === 'starting sandbox (1 s)', { what: 'the sandbox wait to tick', timeout: 3000 });

    await page.getByRole('button', { name: 'Stop' }).click();
    await waitForText(status, (text) => text === 'idle', { what: 'the status back to idle', timeout: 2000 });
    expect(await timeline.locator('.entry--task').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Run( demo)?$/ }).isEnabled()).toBe(true);
    expect(errors.filter((e) => /unhandled|uncaught/i.test(e))).toEqual([]);
    await context.close();
  }, 20_000);

  it('a retry counts down, the model is waited on by name, and a tool call is named while it streams', async () => {
    // Request 1 fails (retried after 3.5 s); request 2 streams a tool call slowly (a chunk every 2 s); then the run ends.
    server.enqueue(
      { kind: 'error', status: 500, headers: { 'retry-after-ms': '3500' }, body: { error: { message: 'The mock model is down', type: 'server_error' } } },
      {
        kind: 'stream',
        delayMs: 2000,
        chunks: [
          toolCallStart(0, 'call_1', 'create_file'),
          toolCallArgs(0, '{"path": "notes.txt", '),
          toolCallArgs(0, '"content": "hello\\n"}'),
          chunk({}, 'tool_calls'),
        ],
      },
    );
    // Every later request (the final answer, a challenge to verify it) ends the run.
    server.setFallback({ kind: 'stream', chunks: textReply(['Wrote notes.txt.']) });
    const model = { provider: 'custom', baseUrl: server.baseUrl, model: 'mock-model', apiKey: '', scenario: 'demo' };
    const { context, page, errors } = await openApp(browser, { colorScheme, settings: { sandbox: 'virtual', model } });
    await page.setViewportSize({ width, height });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('textbox', { name: 'Task' }).fill('Write a note.');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();

    const timeline = page.getByRole('region', { name: 'Timeline' });
    const retry = timeline.locator('.entry--retry');
    const retrying = /Model request failed: server error, HTTP 500\. Retrying in ([1-4]) s \(attempt 1 of 3\)$/;
    const first = await waitForText(retry, (text) => retrying.test(text), { what: 'the retry line' });
    // The wait is 4 s and the line is read as soon as it shows, so a second to count down is left.
    const seconds = Number(retrying.exec(first)?.[1]);
    expect(seconds).toBeGreaterThan(1);
    await waitForText(retry, (text) => text.endsWith(`Retrying in ${seconds - 1} s (attempt 1 of 3)`), { what: 'the countdown', timeout: 2000 });
    expect(await retry.innerText()).not.toMatch(/\([^)]*\(|\bms\b/);
    await expectNoSidewaysOverflow(page, '.entry--retry');

    const host = new URL(server.baseUrl).host;
    const waitLine = timeline.locator('.wait-line');
    await waitForText(waitLine, (text) => text === `Waiting for the model… 1 s · mock-model @ ${host}`, { what: 'the model wait', timeout: 5000 });
    await waitForText(waitLine, (text) => text === 'Preparing create_file…', { what: 'the call by name', timeout: 3000 });
    await waitForText(waitLine, (text) => text === 'Preparing create_file notes.txt…', { what: 'the call with its path', timeout: 3000 });
    await expectNoSidewaysOverflow(page, '.wait-line');

    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (text) => text === 'completed', { what: 'the run to complete', timeout: 15_000 });
    expect(await waitLine.count()).toBe(0);
    expect(await retry.innerText()).toContain('Model request failed: server error, HTTP 500. Retried after 4 s (attempt 1 of 3)');
    expect(errors.filter((e) => /unhandled|uncaught/i.test(e))).toEqual([]);
    await context.close();
  }, 45_000);
});
