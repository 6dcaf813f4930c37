import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockOpenAiServer, type MockReply, startMockOpenAi, textReply, toolCallsReply } from '../unit/model/mock-openai-server';
import { launchBrowser, openApp, waitForText } from './support/app';
import { newestStoredSession } from './support/stored-session';

/**
 * A worker busy for many seconds in one synchronous stretch answers no ping, yet it is alive:
 * the page must wait for it, and only a worker that is really gone is replaced (its run then
 * offered for Resume).
 */
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

/**
 * 180 MB printed by three statements (one may print at most 64 MiB): just-bash builds and accounts
 * each statement's output without a turn of the event loop, so the worker answers nothing for a
 * second or more at a time (the old watch replaced it after 3 s of unanswered pings). How long
 * depends on the machine; the 12 s test below holds the worker busy for a known time instead.
 */
const HUGE_OUTPUT = 'printf "%060000000d" 0; printf "%060000000d" 0; printf "%060000000d" 0';
const RESTARTED = 'The engine stopped responding';

function callsReply(calls: { name: string; args: object }[]): MockReply {
  return { kind: 'stream', chunks: toolCallsReply(calls.map((call, i) => ({ id: `call_${i}`, name: call.name, arguments: JSON.stringify(call.args) }))) };
}
const DONE: MockReply = { kind: 'stream', chunks: textReply(['All done.']) };

async function openWithMock(): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
  const { context, page, errors } = await openApp(browser, {
    settings: { sandbox: 'virtual', model: { provider: 'custom', baseUrl: server.baseUrl, model: 'mock-model', apiKey: '', scenario: 'demo' } },
  });
  await page.waitForSelector('.app[data-ready="true"]');
  return { page, close: () => context.close(), errors };
}

async function runTask(page: Page, task: string) {
  await page.getByRole('textbox', { name: 'Task' }).fill(task);
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
}

function runStatus(page: Page, wanted: string[], timeout: number) {
  return waitForText(page.getByRole('status', { name: 'Run status' }), (text) => wanted.includes(text), { what: `status ${wanted.join('/')}`, timeout });
}

/** Waits until the worker has been silent for `ms` inside a step: it is in the middle of a busy stretch now. */
async function waitForBusyStretch(page: Page, ms: number, timeout: number): Promise<void> {
  await page.waitForFunction((wanted) => ((globalThis as { __phasegateStepSilence?: () => number }).__phasegateStepSilence?.() ?? 0) > wanted, ms, {
    timeout,
    polling: 100,
  });
}

function terminateWorker(page: Page): Promise<void> {
  return page.evaluate(() => (globalThis as { __phasegateTerminateWorker?: () => void }).__phasegateTerminateWorker?.());
}

function longestWorkerSilence(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as { __phasegateLongestWorkerSilence?: () => number }).__phasegateLongestWorkerSilence?.() ?? 0);
}

async function problemsShown(page: Page): Promise<string> {
  return (await page.locator('.problems').allInnerTexts()).join('\n');
}

describe('a busy engine worker', () => {
  it('is not killed while a command prints 180 MB: the run completes', async () => {
    server.setFallback(DONE);
    server.enqueue(callsReply([{ name: 'run_command', args: { command: HUGE_OUTPUT } }]));
    const { page, close } = await openWithMock();
    await runTask(page, 'Print a lot.');
    expect(await runStatus(page, ['completed', 'failed', 'interrupted'], 150_000)).toBe('completed');
    expect(await problemsShown(page)).not.toContain(RESTARTED);
    const stored = await newestStoredSession(page);
    expect(stored?.status).toBe('completed');
    await close();
  }, 180_000);

  it('is kept through 12 s of silence in one synchronous stretch, outside any step: the run completes', async () => {
    // The reply comes slowly, so the run waits on the model (no tool call, no command) while the worker is held busy.
    server.enqueue({ kind: 'stream', chunks: textReply(['All', ' done', '.']), delayMs: 3000 });
    const { page, close } = await openWithMock();
    await runTask(page, 'Say you are done, slowly.');
    await runStatus(page, ['running'], 30_000);
    // Longer than the 10 s after which a silent worker that cannot be shown to exist is replaced:
    // only its life lock, still held, says it is busy rather than gone.
    await page.evaluate(() => (globalThis as { __phasegateHoldWorkerBusy?: (ms: number) => Promise<void> }).__phasegateHoldWorkerBusy?.(12_000));
    expect(await runStatus(page, ['completed', 'failed', 'interrupted'], 60_000)).toBe('completed');
    expect(await longestWorkerSilence(page)).toBeGreaterThan(10_000);
    expect(await problemsShown(page)).not.toContain(RESTARTED);
    await close();
  }, 120_000);

  it('is not killed by a reply of 10,000 tool calls: the run completes', async () => {
    server.setFallback(DONE);
    const calls = Array.from({ length: 10_000 }, (_, i) => ({ name: 'read_file', args: { path: 'README.md', start_line: 1, end_line: i + 1 } }));
    server.enqueue(callsReply(calls));
    const { page, close } = await openWithMock();
    await runTask(page, 'Read a lot.');
    expect(await runStatus(page, ['completed', 'failed', 'interrupted'], 120_000)).toBe('completed');
    expect(await problemsShown(page)).not.toContain(RESTARTED);
    await close();
  }, 150_000);

  it('killed in the middle of a busy stretch inside a step, is replaced and the run offered for Resume, which completes it', async () => {
    server.setFallback(DONE);
    server.enqueue(callsReply([{ name: 'run_command', args: { command: 'sleep 5' } }]));
    const { page, close } = await openWithMock();
    await runTask(page, 'Sleep a while.');
    const terminalLog = page.getByRole('region', { name: 'Terminal' }).getByTestId('terminal-log');
    await waitForText(terminalLog, (text) => text.includes('$ sleep 5'), { what: 'the command in the Terminal' });
    // The worker is held busy inside the command (a step): it is killed two seconds into that silence.
    await page.evaluate(() => {
      void (globalThis as { __phasegateHoldWorkerBusy?: (ms: number) => Promise<void> }).__phasegateHoldWorkerBusy?.(30_000);
    });
    await waitForBusyStretch(page, 2000, 30_000);
    await terminateWorker(page);
    const killedAt = Date.now();
    expect(await runStatus(page, ['interrupted'], 15_000)).toBe('interrupted');
    // A terminated worker holds nothing: it is found gone within seconds, not after the long grace a busy one gets.
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    const banner = page.getByRole('region', { name: 'Interrupted run' });
    await banner.getByRole('button', { name: 'Resume' }).click();
    expect(await runStatus(page, ['completed', 'failed', 'interrupted'], 150_000)).toBe('completed');
    await expect.poll(async () => (await newestStoredSession(page))?.status, { timeout: 5000 }).toBe('completed');
    await close();
  }, 240_000);

  it('gone between runs, is replaced before the next run, which completes', async () => {
    server.setFallback(DONE);
    const { page, close } = await openWithMock();
    await runTask(page, 'Say you are done.');
    expect(await runStatus(page, ['completed', 'failed', 'interrupted'], 30_000)).toBe('completed');
    await terminateWorker(page);
    await waitForText(page.locator('.problems'), (text) => text.includes('The engine stopped and was restarted.'), { what: 'the restart', timeout: 10_000 });
    expect(await page.getByRole('region', { name: 'Interrupted run' }).count()).toBe(0);
    await runTask(page, 'Say you are done again.');
    expect(await runStatus(page, ['completed', 'failed', 'interrupted'], 30_000)).toBe('completed');
    await close();
  }, 90_000);
});
