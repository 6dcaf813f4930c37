import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSessionFromLink } from '../../src/store/share-link';
import { startMockOpenAi } from '../unit/model/mock-openai-server';
import { launchBrowser, openApp, waitForText } from './support/app';
import { everythingStored, newestStoredSession } from './support/stored-session';

let browser: Browser;
/** The files an uninterrupted demo run ends with. */
let expectedFiles: Record<string, string>;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TASK = 'Add a slugify function to sample-utils, with tests.';

async function startDemo(page: Page) {
  await page.waitForSelector('.app[data-ready="true"]');
  await page.getByRole('textbox', { name: 'Task' }).fill(TASK);
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
}

async function waitForStatus(page: Page, wanted: string[], timeout = 60_000) {
  return waitForText(page.getByRole('status', { name: 'Run status' }), (text) => wanted.includes(text), { what: `status ${wanted.join('/')}`, timeout });
}

/** Waits until the timeline shows `text` (the run got that far). */
async function waitForTimeline(page: Page, text: string) {
  await waitForText(page.getByRole('region', { name: 'Timeline' }), (seen) => seen.includes(text), { what: `"${text}" in the timeline` });
}

describe('sessions that outlive the tab', () => {
  it('stores a run as it happens, with its final workspace', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await startDemo(page);
    expect(await waitForStatus(page, ['completed', 'failed'])).toBe('completed');
    await expect.poll(async () => (await newestStoredSession(page))?.status, { timeout: 5000 }).toBe('completed');
    const stored = await newestStoredSession(page);
    expect(stored?.files['src/slugify.sh']).toContain("tr '[:upper:]' '[:lower:]'");
    expectedFiles = stored?.files ?? {};
    await context.close();
  }, 90_000);

  it('after a reload mid-run, opens the run as interrupted and Resume completes it with the same files', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await startDemo(page);
    await waitForTimeline(page, 'create_file');
    await page.reload();
    expect(await waitForStatus(page, ['interrupted'])).toBe('interrupted');
    const banner = page.getByRole('region', { name: 'Interrupted run' });
    await banner.getByRole('button', { name: 'Resume' }).click();
    expect(await waitForStatus(page, ['completed', 'failed'])).toBe('completed');
    await expect.poll(async () => (await newestStoredSession(page))?.status, { timeout: 5000 }).toBe('completed');
    expect((await newestStoredSession(page))?.files).toEqual(expectedFiles);
    expect(await page.getByRole('region', { name: 'Timeline' }).innerText()).toContain('Resumed');
    await context.close();
  }, 120_000);

  it('restarts a worker that died mid-run and offers Resume the same way', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await startDemo(page);
    await waitForTimeline(page, 'read_file');
    await page.evaluate(() => (globalThis as { __phasegateTerminateWorker?: () => void }).__phasegateTerminateWorker?.());
    expect(await waitForStatus(page, ['interrupted'], 20_000)).toBe('interrupted');
    await page.getByRole('button', { name: 'Resume' }).click();
    expect(await waitForStatus(page, ['completed', 'failed'])).toBe('completed');
    await expect.poll(async () => (await newestStoredSession(page))?.files, { timeout: 5000 }).toEqual(expectedFiles);
    await context.close();
  }, 120_000);

  it('lists stored sessions, opens one in its final state, deletes one and all', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    for (let run = 0; run < 2; run++) {
      await startDemo(page);
      await waitForStatus(page, ['completed']);
      await page.getByRole('button', { name: 'New session', exact: true }).click();
      // The demo changed files: New session asks before it starts over (the files stay stored).
      await page.getByRole('dialog', { name: 'Start over with the starter project?' }).getByRole('button', { name: 'Start over' }).click();
    }
    await waitForText(page.getByRole('status', { name: 'Run status' }), (text) => text === 'idle', { what: 'an empty page' });
    await page.getByRole('button', { name: 'Sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sessions' });
    await waitForText(dialog, (text) => text.includes('completed') && text.includes('Demo (scripted)'), { what: 'the stored run in the list' });
    // Counted from the sessions, not the site's whole storage (which holds the app's offline copy too).
    expect(
      await dialog
        .getByText(/^2 stored sessions take .* of the .* this browser allows this site \(their own size; the app's offline files are not counted\)\.$/)
        .count(),
    ).toBe(1);
    await dialog
      .getByRole('button', { name: /^Open / })
      .first()
      .click();
    expect(await waitForStatus(page, ['completed'])).toBe('completed');
    await waitForTimeline(page, 'edit_file');
    await page.getByRole('button', { name: 'Sessions' }).click();
    expect(await dialog.getByRole('button', { name: /^Delete (?!all$)/ }).count()).toBe(2);
    await dialog
      .getByRole('button', { name: /^Delete (?!all$)/ })
      .first()
      .click();
    // Deleting one asks in its row first; Keep leaves it.
    await dialog.getByRole('button', { name: 'Keep', exact: true }).click();
    expect(await dialog.getByRole('button', { name: /^Delete (?!all$)/ }).count()).toBe(2);
    await dialog
      .getByRole('button', { name: /^Delete (?!all$)/ })
      .first()
      .click();
    await dialog.getByRole('button', { name: /^Yes, delete (?!all$)/ }).click();
    await expect.poll(() => dialog.getByRole('button', { name: /^Delete (?!all$)/ }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Delete all' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete all' }).click();
    await waitForText(dialog, (text) => text.includes('No stored sessions yet'), { what: 'an empty list' });
    expect(await everythingStored(page)).not.toContain('slugify');
    await context.close();
  }, 90_000);

  it('keeps the API key out of everything it stores', async () => {
    const key = 'sk-test-KEYKEYKEY-0123456789abcdef';
    const mock = await startMockOpenAi([
      {
        kind: 'stream',
        chunks: [
          { choices: [{ index: 0, delta: { role: 'assistant', content: `Done. The key was ${key}.` }, finish_reason: null }] },
          { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
        ],
      },
    ]);
    try {
      const { context, page } = await openApp(browser, {
        settings: {
          sandbox: 'virtual',
          model: { provider: 'custom', baseUrl: `${mock.baseUrl}?token=query-secret-value`, model: 'mock-model', apiKey: '', scenario: 'demo' },
        },
      });
      await context.addInitScript((k) => localStorage.setItem('phasegate.apiKey', k), key);
      await page.reload();
      await startDemo(page);
      expect(await waitForStatus(page, ['completed', 'failed'])).toBe('completed');
      expect(mock.requests[0]?.headers.authorization).toBe(`Bearer ${key}`);
      expect(mock.requests[0]?.url).toBe('/v1/chat/completions?token=query-secret-value');
      await expect.poll(async () => (await newestStoredSession(page))?.status, { timeout: 5000 }).toBe('completed');
      const stored = await everythingStored(page);
      expect(stored).toContain('[redacted]');
      expect(stored).not.toContain(key);
      const local = await page.evaluate(() => Object.entries(localStorage).filter(([name]) => name !== 'phasegate.apiKey'));
      expect(JSON.stringify(local)).not.toContain(key);
      // Nor in the share link or the session file, byte for byte, nor the endpoint's query string.
      await page.getByRole('button', { name: 'Share' }).click();
      const share = page.getByRole('dialog', { name: 'Share' });
      const box = share.getByRole('textbox', { name: 'Share link' });
      await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toMatch(/#session=/);
      const link = await box.inputValue();
      const download = page.waitForEvent('download');
      await share.getByRole('button', { name: 'Download session file' }).click();
      const fileText = await readFile((await (await download).path()) ?? '', 'utf8');
      const linked = decodeSessionFromLink(link.split('#session=')[1] ?? '');
      const linkText = linked.ok ? JSON.stringify(linked.value) : '';
      expect(linkText).toContain('mock-model');
      for (const text of [link, linkText, fileText]) {
        expect(text).not.toContain(key);
        expect(text).not.toContain('token=query-secret-value');
        expect(text).not.toContain('query-secret-value');
      }
      await context.close();
    } finally {
      await mock.close();
    }
  }, 90_000);
});
