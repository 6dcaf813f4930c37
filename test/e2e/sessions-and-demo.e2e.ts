import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../src/sandbox/starter-project';
import { type MockOpenAiServer, type MockReply, type RecordedRequest, startMockOpenAi, textReply, toolCallsReply } from '../unit/model/mock-openai-server';
import { launchBrowser, openApp, PAGE_CONFIGS, sandboxFiles, SCRIPTED, waitForText } from './support/app';

/** Issue 14, points 1 and 2: a session is one workspace and its runs; the demo says it is a demo. */

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

const DEMO_TASK = 'Add a slugify function to sample-utils, with tests.';
const NOTE = 'The demo plays a recorded run of this task. To run your own task, choose a model in Settings.';

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('.app[data-ready="true"]');
  await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox'), { what: 'the virtual sandbox' });
}

async function runAndWait(page: Page, label: 'Run' | 'Run demo'): Promise<string> {
  await page.getByRole('button', { name: label, exact: true }).click();
  const status = page.getByRole('status', { name: 'Run status' });
  await waitForText(status, (text) => text === 'running' || text === 'completed', { what: 'the run to start' });
  return waitForText(status, (text) => ['completed', 'failed', 'cancelled'].includes(text), { what: 'the run to end', timeout: 60_000 });
}

/** A model for two runs: the first writes NOTES.md, the second reads it back; each ends with a sentence. */
function notesModel(request: RecordedRequest): MockReply {
  const messages = (request.body as { messages?: { role: string; content?: unknown }[] }).messages ?? [];
  const last = messages.at(-1);
  // The second run's task message also names the first run's task (as an earlier run), so it is asked about first.
  const second = JSON.stringify(messages.filter((m) => m.role === 'user').at(-1)?.content ?? '').includes('Show the notes');
  if (last?.role === 'tool') return { kind: 'stream', chunks: textReply([second ? 'NOTES.md is still there.' : 'Wrote NOTES.md.']) };
  if (!second)
    return {
      kind: 'stream',
      chunks: toolCallsReply([{ id: 'c1', name: 'create_file', arguments: JSON.stringify({ path: 'NOTES.md', content: '# Notes\n' }) }]),
    };
  return { kind: 'stream', chunks: toolCallsReply([{ id: 'c2', name: 'run_command', arguments: JSON.stringify({ command: 'cat NOTES.md' }) }]) };
}

/** The terminal's text as the page keeps it for screen readers (readable on a phone's hidden tab too). */
const terminalLog = (page: Page) => page.getByTestId('terminal-log').textContent();

describe('runs and sessions', () => {
  for (const { viewport, colorScheme } of PAGE_CONFIGS) {
    it(`a second run goes on in the same session under a divider; New session asks first (${viewport.width}×${viewport.height} ${colorScheme})`, async () => {
      server.setFallback(notesModel);
      const model = { provider: 'custom', baseUrl: server.baseUrl, model: 'mock-model', apiKey: '' };
      const { context, page, errors } = await openApp(browser, { settings: { sandbox: 'virtual', model }, colorScheme });
      await page.setViewportSize(viewport);
      await ready(page);
      // A real model: no demo note, and the button is plain Run.
      expect(await page.getByText(NOTE).count()).toBe(0);

      await page.getByRole('textbox', { name: 'Task' }).fill('Write a notes file.');
      expect(await runAndWait(page, 'Run')).toBe('completed');
      await page.getByRole('textbox', { name: 'Task' }).fill('Show the notes file.');
      expect(await runAndWait(page, 'Run')).toBe('completed');

      const timeline = page.getByRole('region', { name: 'Timeline' });
      const text = await timeline.innerText();
      // Both runs in one Timeline, the second under a divider naming it.
      expect(text.indexOf('Write a notes file.')).toBeGreaterThanOrEqual(0);
      expect(text.indexOf('Wrote NOTES.md.')).toBeGreaterThan(text.indexOf('Write a notes file.'));
      const divider = timeline.getByRole('separator', { name: 'Run 2' });
      expect(await divider.count()).toBe(1);
      expect(text.indexOf('Show the notes file.')).toBeGreaterThan(text.indexOf('Wrote NOTES.md.'));
      // The second run was told what the first did, and saw its file: the workspace is the session's.
      const second = server.requests.find((request) => JSON.stringify(request.body).includes('Show the notes file.'));
      expect(JSON.stringify(second?.body)).toMatch(/Earlier runs in this session[^"]*1\. \\"Write a notes file\.\\" \(completed\)\. Files changed: NOTES\.md/);
      expect(await terminalLog(page)).toContain('# Notes');
      expect(await terminalLog(page)).toMatch(/── Run 2: Show the notes file\. ──[\s\S]*\$ cat NOTES\.md/);
      await page.screenshot({ path: `test-results/sessions-two-runs-${viewport.width}x${viewport.height}-${colorScheme}.png` });

      // One stored session holds both runs.
      await page.getByRole('button', { name: 'Sessions' }).click();
      const sessions = page.getByRole('dialog', { name: 'Sessions' });
      await waitForText(sessions, (t) => t.includes('Write a notes file.'), { what: 'the stored session' });
      expect(await sessions.innerText()).not.toContain('Show the notes file.');
      expect(await sessions.innerText()).toContain('2 runs');
      await page.keyboard.press('Escape');
      await sessions.waitFor({ state: 'hidden' });

      // Files changed: New session asks; keeping on changes nothing; starting over clears the page and the files.
      await page.getByRole('button', { name: 'New session', exact: true }).click();
      const ask = page.getByRole('dialog', { name: 'Start over with the starter project?' });
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Keep working here' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect(await timeline.innerText()).toContain('Show the notes file.');
      expect(await sandboxFiles(page)).toEqual({ ...STARTER_PROJECT, 'NOTES.md': '# Notes\n' });
      await page.getByRole('button', { name: 'New session', exact: true }).click();
      await ask.getByRole('button', { name: 'Start over' }).click();
      await ask.waitFor({ state: 'hidden' });
      await waitForText(timeline, (t) => !t.includes('Write a notes file.'), { what: 'the cleared timeline' });
      await expect.poll(() => sandboxFiles(page)).toEqual(STARTER_PROJECT);

      // The starter project again: New session no longer asks. The worker answers in order, so once the
      // files downloaded after the click have come, it has said whether to ask, and nothing asked.
      await page.getByRole('button', { name: 'New session', exact: true }).click();
      expect(await sandboxFiles(page)).toEqual(STARTER_PROJECT);
      expect(await ask.isVisible()).toBe(false);
      expect(errors.filter((e) => /unhandled|uncaught/i.test(e))).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it('a scripted scenario always starts from its own fresh workspace, so a demo run twice succeeds twice', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model: SCRIPTED } });
    await ready(page);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    expect(await runAndWait(page, 'Run')).toBe('completed');
    const first = await timeline.locator('.entry').allInnerTexts();
    expect(await runAndWait(page, 'Run')).toBe('completed');
    // The second run is a session of its own on fresh files: one task, no divider, the same steps
    // with the same outcomes (its failing first test run is part of the recording).
    const text = await timeline.innerText();
    expect(text.split(DEMO_TASK)).toHaveLength(2);
    expect(await timeline.getByRole('separator').count()).toBe(0);
    const durations = (entries: string[]) => entries.map((entry) => entry.replace(/\d+(\.\d+)? ?m?s\b/g, 'T'));
    expect(durations(await timeline.locator('.entry').allInnerTexts())).toEqual(durations(first));
    await context.close();
  }, 120_000);
});

describe('the demo says it is a demo', () => {
  for (const { viewport, colorScheme } of PAGE_CONFIGS) {
    it(`note, "Run demo", the unused task, and a real provider clears the demo task (${viewport.width}×${viewport.height} ${colorScheme})`, async () => {
      const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model: SCRIPTED }, colorScheme });
      await page.setViewportSize(viewport);
      await ready(page);
      const task = page.getByRole('textbox', { name: 'Task' });
      expect(await task.inputValue()).toBe(DEMO_TASK);
      expect(await page.getByText(NOTE).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Run', exact: true }).isVisible()).toBe(true);

      await task.fill('Translate the README into French.');
      expect(await page.getByRole('button', { name: 'Run', exact: true }).count()).toBe(0);
      expect(await page.locator('#demo-note').innerText()).toBe(
        `The demo plays a recorded run of its own task, “${DEMO_TASK}”, and does not read the one typed here. To run your own task, choose a model in Settings.`,
      );
      expect(await runAndWait(page, 'Run demo')).toBe('completed');
      const first = page.getByRole('region', { name: 'Timeline' }).locator('.entry').first();
      const line = await first.innerText();
      expect(line).toContain('The task you typed was not used.');
      expect(line).toContain(DEMO_TASK);
      expect(line).toContain('Translate the README into French.');
      await page.screenshot({ path: `test-results/demo-note-${viewport.width}x${viewport.height}-${colorScheme}.png` });

      // The scenario's own task again: plain Run.
      await task.fill(DEMO_TASK);
      expect(await page.getByRole('button', { name: 'Run', exact: true }).isVisible()).toBe(true);

      // A real provider: the demo's task is cleared and the note goes.
      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Custom' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await waitForText(task, () => true);
      expect(await task.inputValue()).toBe('');
      expect(await page.getByText(NOTE).count()).toBe(0);
      await context.close();
    }, 120_000);
  }
});
