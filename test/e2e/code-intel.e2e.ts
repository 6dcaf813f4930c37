import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocalUrl, launchBrowser, openApp, readable, waitForText } from './support/app';
import { highlightedLines } from './support/editor';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function waitForHighlight(page: Page, expected: number[]): Promise<void> {
  const deadline = Date.now() + 15_000;
  let last: number[] = [];
  while (Date.now() < deadline) {
    last = await highlightedLines(page);
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`expected highlighted lines ${JSON.stringify(expected)}, saw ${JSON.stringify(last)}`);
}

describe('the code-intel scenario on the virtual sandbox', () => {
  it('outlines, reads a method by symbol with the slice highlighted, and reports the broken edit', async () => {
    const { context, page, requests, errors } = await openApp(browser, {
      settings: { sandbox: 'virtual', model: { provider: 'scripted', scenario: 'code-intel' } },
    });
    await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox (no network) — '), {
      what: 'the virtual sandbox',
    });
    await page.waitForSelector('.app[data-ready="true"]');
    // Nothing is parsed yet, so no grammar has been fetched.
    expect(requests.filter((url) => url.includes('/grammars/'))).toEqual([]);

    await page.getByRole('textbox', { name: 'Task' }).fill('Add a small TypeScript geometry module and review one of its methods.');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (text) => text === 'completed' || text === 'failed', { what: 'the run to end', timeout: 60_000 });
    expect(await status.innerText()).toBe('completed');

    // Timeline: the tools ran, and the breaking edit carries the syntax report.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const timelineText = readable(await timeline.innerText());
    for (const tool of ['create_file', 'outline', 'read_file', 'edit_file']) expect(timelineText).toContain(tool);
    expect(timelineText).toMatch(/symbol\s+Rectangle\.perimeter/);
    const flagged = timeline.locator('li', { has: page.locator('.syntax-badge') });
    expect(await flagged.count()).toBe(1);
    expect(await flagged.locator('.syntax-badge').innerText()).toBe('1 syntax error');
    const expand = flagged.getByRole('button', { name: /Show all/ });
    if ((await expand.count()) > 0) await expand.click();
    expect(readable(await flagged.innerText())).toMatch(/Syntax check: 1 new error — line 13, column \d+: missing `\)`/);

    // Editor: the last read (Rectangle.perimeter, lines 12–14) is revealed and highlighted on the "after" side.
    const editor = page.getByRole('region', { name: 'Editor' });
    await page.waitForSelector('.monaco-host[data-loaded="true"] .view-lines', { timeout: 30_000 });
    expect(readable(await editor.locator('.editor-path').innerText())).toContain('Rectangle.perimeter · lines 12–14');
    await waitForHighlight(page, [12, 13, 14]);

    // Outline: the class and its members with kinds and lines; picking one moves the highlight.
    const outline = editor.getByRole('navigation', { name: 'Outline' });
    const items = (await outline.getByRole('button').allInnerTexts()).map((text) => readable(text).replace(/\s+/g, ' ').trim());
    expect(items).toEqual([
      'class Rectangle lines 1–20',
      'constructor constructor lines 3–6',
      'method area lines 8–10',
      'method perimeter lines 12–14',
      'method scale lines 16–19',
      'function totalArea lines 22–25',
    ]);
    await outline.getByRole('button', { name: /scale/ }).click();
    await waitForHighlight(page, [16, 17, 18, 19]);
    // Keyboard: focus an item, arrow up to the one above, Enter picks it.
    await outline.getByRole('button', { name: /perimeter/ }).focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await waitForHighlight(page, [8, 9, 10]);

    // Grammars: only TypeScript's (and the runtime) were fetched, from this app.
    const grammars = requests.filter((url) => new URL(url).pathname.startsWith('/grammars/')).map((url) => new URL(url).pathname);
    expect([...new Set(grammars)].sort()).toEqual(['/grammars/tree-sitter-typescript.wasm', '/grammars/tree-sitter.wasm']);
    expect(requests.filter((url) => !isLocalUrl(url))).toEqual([]);
    expect(errors).toEqual([]);

    const screenshot = resolve('test-results/code-intel.png');
    await mkdir('test-results', { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(`screenshot: ${screenshot}`);
    await context.close();
  });

  it('refuses the breaking edit when Settings says so, and the file never breaks', async () => {
    const { context, page, errors } = await openApp(browser, {
      settings: { sandbox: 'virtual', model: { provider: 'scripted', scenario: 'code-intel' } },
    });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('button', { name: 'Settings' }).click();
    const refuse = page.getByRole('checkbox', { name: 'Refuse edits that break the syntax' });
    expect(await refuse.isChecked()).toBe(false);
    await refuse.check();
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('phasegate.settings') ?? '{}').refuseSyntaxErrors)).toBe(true);

    await page.getByRole('textbox', { name: 'Task' }).fill('Add a small TypeScript geometry module and review one of its methods.');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    const status = page.getByRole('status', { name: 'Run status' });
    await waitForText(status, (text) => text === 'completed' || text === 'failed', { what: 'the run to end', timeout: 60_000 });

    const timeline = readable(await page.getByRole('region', { name: 'Timeline' }).innerText());
    expect(timeline).toContain('Refused: this would add syntax errors to src/geometry.ts, so the file was left unchanged');
    await page.waitForSelector('.monaco-host[data-loaded="true"] .view-lines', { timeout: 30_000 });
    const editorText = readable(await page.getByRole('region', { name: 'Editor' }).innerText());
    expect(editorText).toContain('return 2 * (this.width + this.height);');
    expect(editorText).not.toContain('(this.width + this.height;');
    expect(errors).toEqual([]);
    await context.close();
  });
});
