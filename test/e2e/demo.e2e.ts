import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocalUrl, launchBrowser, openApp, readable, waitForText } from './support/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the scripted demo on the virtual sandbox', () => {
  it('runs to completion and shows the timeline, the new file and the test output', async () => {
    const { context, page, requests, errors } = await openApp(browser, { settings: { sandbox: 'virtual' } });

    const sandbox = page.getByRole('status', { name: 'Sandbox' });
    await waitForText(sandbox, (text) => text.startsWith('Offline sandbox (no network) — '), { what: 'the virtual sandbox' });
    expect(await page.locator('.model-label').innerText()).toMatch(/Demo \(scripted\)$/);

    const task = page.getByRole('textbox', { name: 'Task' });
    await task.fill('Add a slugify function to sample-utils, with tests.');
    const runButton = page.getByRole('button', { name: /^Run( demo)?$/ });
    await page.waitForSelector('.app[data-ready="true"]');
    await runButton.click();

    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (text) => text === 'completed' || text === 'failed', { what: 'the run to end', timeout: 60_000 });
    expect(await status.innerText()).toBe('completed');

    const timeline = readable(await page.getByRole('region', { name: 'Timeline' }).innerText());
    for (const tool of ['list_files', 'read_file', 'create_file', 'run_tests', 'edit_file']) expect(timeline).toContain(tool);
    expect(timeline).toMatch(/path\s+src\/slugify.sh/);
    expect(timeline).toMatch(/Run completed after \d+ steps/);

    // The last change to src/slugify.sh was an edit: Monaco shows it as a diff once it has loaded.
    const editor = page.getByRole('region', { name: 'Editor' });
    await page.waitForSelector('.monaco-host[data-loaded="true"] .view-lines', { timeout: 30_000 });
    const editorText = readable(await waitForText(editor, (text) => readable(text).includes("tr '[:upper:]' '[:lower:]'"), { what: 'the edited slugify.sh' }));
    expect(editorText).toContain('src/slugify.sh');
    expect(await editor.locator('.monaco-diff-editor').count()).toBe(1);
    expect(editorText).toContain('slugify() {');
    expect(await page.getByRole('tab', { name: /slugify_test\.sh/ }).count()).toBe(1);

    // xterm's own rows, not only the hidden text log.
    const terminal = page.getByRole('region', { name: 'Terminal' });
    const rows = readable(
      await waitForText(terminal.locator('.xterm-rows'), (text) => readable(text).includes('Test files: 2 passed, 0 failed'), {
        what: 'the passing test summary in xterm',
      }),
    );
    expect(rows).toMatch(/\$ \S/);
    expect(rows).toContain('[exit 0]');
    const log = await terminal.getByTestId('terminal-log').textContent();
    expect(log).toContain('Test files: 1 passed, 1 failed');
    expect(log).toContain('Test files: 2 passed, 0 failed');

    const outside = requests.filter((url) => !isLocalUrl(url));
    expect(outside).toEqual([]);
    expect(requests.some((url) => /engine\.worker.*\.js$/.test(url))).toBe(true);
    expect(errors).toEqual([]);

    const screenshot = resolve('test-results/demo.png');
    await mkdir('test-results', { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(`screenshot: ${screenshot}`);
    await context.close();
  });
});
