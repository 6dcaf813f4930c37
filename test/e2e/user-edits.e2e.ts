import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockOpenAiServer, type MockReply, type RecordedRequest, startMockOpenAi, textReply, toolCallsReply } from '../unit/model/mock-openai-server';
import { launchBrowser, openApp, readable, sandboxFiles, waitForText } from './support/app';
import { seriousAxeViolations } from './support/axe';
import { openFromSessions, replayPosition } from './support/replay';

/**
 * Issue 23, section 1: the user edits files between runs (Monaco, Save / Ctrl+S, recorded as the
 * user's), and follow-ups make the Timeline one thread. A mock model keeps both runs in one session
 * (the scripted demo starts a session of its own each time).
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

const CONFIGS = [
  { width: 1440, height: 900, colorScheme: 'light', phone: false },
  { width: 1440, height: 900, colorScheme: 'dark', phone: false },
  { width: 390, height: 844, colorScheme: 'light', phone: true },
  { width: 390, height: 844, colorScheme: 'dark', phone: true },
] as const;

const FIRST = 'Write a notes file.';
const FOLLOW_UP = 'Show the notes file.';

/** The first run writes NOTES.md; the follow-up reads it back, slowly enough to see the Editor read-only meanwhile. */
function notesModel(request: RecordedRequest): MockReply {
  const messages = (request.body as { messages?: { role: string; content?: unknown }[] }).messages ?? [];
  const last = messages.at(-1);
  const second = JSON.stringify(messages.filter((m) => m.role === 'user').at(-1)?.content ?? '').includes(FOLLOW_UP);
  if (last?.role === 'tool') return { kind: 'stream', chunks: textReply([second ? 'NOTES.md has your line.' : 'Wrote NOTES.md.']) };
  if (!second)
    return {
      kind: 'stream',
      chunks: toolCallsReply([{ id: 'c1', name: 'create_file', arguments: JSON.stringify({ path: 'NOTES.md', content: '# Notes\n' }) }]),
    };
  return { kind: 'stream', delayMs: 1500, chunks: toolCallsReply([{ id: 'c2', name: 'run_command', arguments: JSON.stringify({ command: 'cat NOTES.md' }) }]) };
}

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('.app[data-ready="true"]');
  await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox'), { what: 'the virtual sandbox' });
}

async function runAndWait(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const status = page.getByRole('status', { name: 'Run status' });
  await waitForText(status, (text) => text === 'running' || text === 'completed', { what: 'the run to start' });
  return waitForText(status, (text) => ['completed', 'failed', 'cancelled'].includes(text), { what: 'the run to end', timeout: 60_000 });
}

/** On a phone, the pane tab that shows `name` (the Editor, the Files, the Task and Timeline). */
async function showPane(page: Page, phone: boolean, name: 'Editor' | 'Files' | 'Task and Timeline'): Promise<void> {
  if (phone) await page.getByRole('tablist', { name: 'Workspace panes' }).getByRole('tab', { name }).click();
}

async function expectNoSeriousAxe(page: Page, state: string): Promise<void> {
  expect(await seriousAxeViolations(page), state).toEqual([]);
}

describe('the user edits files between runs, and follow-ups make one thread', () => {
  for (const config of CONFIGS) {
    const name = `${config.width}×${config.height} ${config.colorScheme}`;
    it(`edit, save, see it marked and in the Timeline, follow up, reload and replay (${name})`, async () => {
      server.setFallback(notesModel);
      server.requests.length = 0;
      const model = { provider: 'custom', baseUrl: server.baseUrl, model: 'mock-model', apiKey: '' };
      const { context, page, errors } = await openApp(browser, {
        settings: { sandbox: 'virtual', model },
        colorScheme: config.colorScheme,
        viewport: { width: config.width, height: config.height },
      });
      try {
        await ready(page);
        const task = page.getByRole('textbox', { name: 'Task' });
        await task.fill(FIRST);
        expect(await runAndWait(page)).toBe('completed');

        // The follow-up state: the box reads "Follow up" and keeps its name "Task".
        await page.getByText('Follow up', { exact: true }).waitFor();
        expect(await task.getAttribute('placeholder')).toMatch(/follow-up/i);
        await expectNoSeriousAxe(page, 'follow-up box');

        // The run's file is in the Editor, editable now.
        await showPane(page, config.phone, 'Editor');
        const editor = page.getByRole('region', { name: 'Editor' });
        await waitForText(editor.locator('.editor-path code'), (text) => text === 'NOTES.md', { what: 'NOTES.md in the Editor' });
        const save = editor.getByRole('button', { name: 'Save' });
        await save.waitFor();
        expect(await save.isDisabled()).toBe(true);
        const lines = editor.locator('.monaco-pane:not([hidden]) .view-lines');
        await lines.waitFor();
        await lines.click();
        await page.keyboard.press('Control+End');
        await page.keyboard.type('My own line.');
        // Unsaved: marked on the Editor and on the file's tab.
        await editor.getByText('unsaved', { exact: true }).waitFor();
        expect(await editor.getByRole('tab', { name: /NOTES\.md.*unsaved/ }).count()).toBe(1);
        expect(await save.isDisabled()).toBe(false);
        await expectNoSeriousAxe(page, 'editing');
        await page.screenshot({ path: `test-results/user-edits-editing-${config.width}x${config.height}-${config.colorScheme}.png` });

        await page.keyboard.press('Control+s');
        await waitForText(editor.locator('.editor-path'), (text) => !text.includes('unsaved'), { what: 'the save' });
        expect(await sandboxFiles(page)).toMatchObject({ 'NOTES.md': '# Notes\nMy own line.' });

        // The explorer marks the file as the user's, beside the run's badge.
        if (config.phone) await showPane(page, true, 'Files');
        else await page.getByRole('button', { name: 'Files', exact: true }).click();
        const files = page.getByRole('region', { name: 'Files', exact: true });
        const row = files.getByRole('treeitem', { name: /NOTES\.md/ });
        await waitForText(row, (text) => text.includes('you'), { what: 'the user mark on NOTES.md' });
        expect(readable(await row.innerText())).toMatch(/new\s+edited by\s+you/);

        // The Timeline shows the edit after the first run, its diff behind it.
        await showPane(page, config.phone, 'Task and Timeline');
        const timeline = page.getByRole('region', { name: 'Timeline' });
        const edit = timeline.getByText('You edited NOTES.md');
        await edit.waitFor();
        await edit.click();
        expect(await timeline.getByRole('group', { name: 'Diff of NOTES.md' }).innerText()).toContain('+My own line.');

        // The follow-up: a new run in the same session, told what the user edited. The Editor is read-only meanwhile.
        await task.fill(FOLLOW_UP);
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        await showPane(page, config.phone, 'Editor');
        await waitForText(editor, (text) => text.includes('Read-only: a run is under way'), { what: 'the read-only note', timeout: 10_000 });
        expect(await editor.getByRole('button', { name: 'Save' }).count()).toBe(0);
        await showPane(page, config.phone, 'Task and Timeline');
        const status = page.getByRole('status', { name: 'Run status' });
        expect(
          await waitForText(status, (text) => ['completed', 'failed', 'cancelled'].includes(text), { what: 'the follow-up to end', timeout: 60_000 }),
        ).toBe('completed');
        const followUpRequest = server.requests.find((request) => JSON.stringify(request.body).includes(FOLLOW_UP));
        expect(JSON.stringify(followUpRequest?.body)).toContain('The user edited NOTES.md since the last run.');

        // One thread: the task, the agent, the user's edit, the divider, the follow-up, the agent.
        const thread = readable(await timeline.innerText());
        const order = [FIRST, 'Wrote NOTES.md.', 'You edited NOTES.md', 'RUN 2', FOLLOW_UP, 'NOTES.md has your line.'].map((part) => thread.indexOf(part));
        expect(order.every((at) => at >= 0)).toBe(true);
        expect([...order].sort((a, b) => a - b)).toEqual(order);
        expect(await timeline.locator('.user-bubble').count()).toBe(2);
        await expectNoSeriousAxe(page, 'thread after a follow-up');

        // A reload: the stored session holds the edit, in the thread and in the replay at its place.
        await page.reload();
        await ready(page);
        await openFromSessions(page, /^Open /);
        await page.getByRole('dialog', { name: 'Sessions' }).waitFor({ state: 'hidden' });
        await waitForText(timeline, (text) => text.includes('You edited NOTES.md') && text.includes('NOTES.md has your line.'), {
          what: 'the reopened session',
        });
        const slider = replayPosition(page);
        const end = Number(await slider.getAttribute('max'));
        const events = await page.evaluate(() => document.querySelectorAll('.timeline-list .entry').length);
        expect(events).toBeGreaterThan(4);
        // Step back from the end until the follow-up is no longer shown: the edit is still there, after the first run.
        let at = end;
        while (at > 0 && readable(await timeline.innerText()).includes(FOLLOW_UP)) {
          at -= 1;
          await slider.fill(String(at));
        }
        const before = readable(await timeline.innerText());
        expect(before).toContain('You edited NOTES.md');
        expect(before).not.toContain(FOLLOW_UP);
        expect(errors.filter((e) => /unhandled|uncaught/i.test(e))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
