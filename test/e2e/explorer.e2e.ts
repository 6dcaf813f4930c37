import { strToU8, zipSync } from 'fflate';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, SCRIPTED, waitForText } from './support/app';
import { seriousAxeViolations } from './support/axe';

/**
 * Issue 23: the file explorer. The whole workspace as a tree (not only the files the agent
 * touched), badges for the run's changes, the tree keys, a filter, any file opened in the Editor,
 * after an import too; on a phone as the "Files" pane.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900, colorScheme: 'light', phone: false },
  { name: 'phone', width: 390, height: 844, colorScheme: 'dark', phone: true },
] as const;

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('.app[data-ready="true"]');
  await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox'), { what: 'the virtual sandbox' });
}

async function runDemo(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
  const status = page.getByRole('status', { name: 'Run status' });
  expect(await waitForText(status, (text) => ['completed', 'failed', 'cancelled'].includes(text), { what: 'the run to end', timeout: 60_000 })).toBe(
    'completed',
  );
}

/** Shows the explorer: the "Files" button beside the Editor, or the "Files" pane tab on a phone. */
async function showExplorer(page: Page, phone: boolean): Promise<Locator> {
  if (phone) await page.getByRole('tablist', { name: 'Workspace panes' }).getByRole('tab', { name: 'Files' }).click();
  else {
    const toggle = page.getByRole('button', { name: 'Files', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  }
  const region = page.getByRole('region', { name: 'Files', exact: true });
  await region.getByRole('tree', { name: 'Workspace files' }).waitFor();
  return region;
}

/** Each row's text without its folder arrow: the name, then its badge or changed count. */
const rowNames = (tree: Locator) => tree.getByRole('treeitem').evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/^[▸▾]/, '')));

async function focusedRow(tree: Locator): Promise<string> {
  return tree.evaluate((element) => {
    const id = element.getAttribute('aria-activedescendant');
    return ((id ? document.getElementById(id)?.textContent : null) ?? '').replace(/^[▸▾]/, '');
  });
}

/** The Editor's shown file, once it is `path`. */
async function editorShows(page: Page, path: string): Promise<void> {
  await waitForText(page.getByRole('region', { name: 'Editor' }).locator('.editor-path code'), (text) => text === path, { what: `${path} in the Editor` });
}

describe('the file explorer', () => {
  for (const viewport of VIEWPORTS) {
    it(`lists the whole workspace, badges the run's changes, moves by keys, filters and opens any file (${viewport.name})`, async () => {
      const { context, page, errors } = await openApp(browser, {
        colorScheme: viewport.colorScheme,
        viewport: { width: viewport.width, height: viewport.height },
        settings: { sandbox: 'virtual', model: SCRIPTED },
      });
      try {
        await ready(page);
        await runDemo(page);

        const region = await showExplorer(page, viewport.phone);
        const tree = region.getByRole('tree', { name: 'Workspace files' });
        const status = region.getByRole('status');
        // The starter project's files and the two the demo created: more than the agent touched.
        await waitForText(status, (text) => /^\d+ files · \d+ changed$/.test(text), { what: 'the listing' });
        expect(await rowNames(tree)).toEqual(['src1 changed', 'tests1 changed', 'README.md', 'package.json']);

        // Keyboard: focus lands on the first row; → opens src, → again goes into it.
        await tree.focus();
        expect(await focusedRow(tree)).toBe('src1 changed');
        await page.keyboard.press('ArrowRight');
        expect(await tree.getByRole('treeitem', { name: /^src/ }).getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('ArrowRight');
        expect(await focusedRow(tree)).toBe('greet.sh');
        await page.keyboard.press('ArrowDown');
        expect(await focusedRow(tree)).toBe('slugify.shnew');
        // ← goes back to the folder, ← again closes it.
        await page.keyboard.press('ArrowLeft');
        expect(await focusedRow(tree)).toBe('src1 changed');
        await page.keyboard.press('ArrowLeft');
        expect(await tree.getByRole('treeitem', { name: /^src/ }).getAttribute('aria-expanded')).toBe('false');
        // End, then Enter opens package.json in the Editor: a file the agent never opened.
        await page.keyboard.press('End');
        expect(await focusedRow(tree)).toBe('package.json');
        await page.keyboard.press('Enter');
        await editorShows(page, 'package.json');
        // (On a phone the Editor pane shows the file; the Files pane is hidden, so read the Editor first.)
        // Monaco loads on first use and draws the text after the path shows: wait for it (a loaded machine takes seconds).
        const monaco = page.getByRole('region', { name: 'Editor' }).locator('.monaco-host');
        await expect.poll(() => monaco.innerText(), { timeout: 30_000 }).toContain('"name"');
        if (viewport.phone) {
          expect(await page.getByRole('tab', { name: 'Editor' }).getAttribute('aria-selected')).toBe('true');
          await showExplorer(page, true);
        }
        expect(await tree.getByRole('treeitem', { name: 'package.json' }).getAttribute('aria-selected')).toBe('true');

        // The filter narrows to matching paths, their folders open; the badges show there too.
        await region.getByRole('searchbox', { name: 'Filter files' }).fill('slug');
        expect(await rowNames(tree)).toEqual(['src1 changed', 'slugify.shnew', 'tests1 changed', 'slugify_test.shnew']);
        // ↓ from the filter goes to the rows.
        await page.keyboard.press('ArrowDown');
        expect(await tree.evaluate((element) => element === document.activeElement)).toBe(true);
        await tree.getByRole('treeitem', { name: /^slugify_test\.sh/ }).click();
        await editorShows(page, 'tests/slugify_test.sh');
        if (viewport.phone) await showExplorer(page, true);
        await region.getByRole('searchbox', { name: 'Filter files' }).fill('no-such-file');
        expect(await region.getByText('No file matches the filter.').isVisible()).toBe(true);
        await region.getByRole('searchbox', { name: 'Filter files' }).fill('');

        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: `test-results/explorer-${viewport.name}.png` });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('shows an imported project whole and opens its package.json', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' }, viewport: { width: 1440, height: 900 } });
    try {
      await ready(page);
      const zip = zipSync({
        'package.json': strToU8('{ "name": "imported" }\n'),
        'src/index.ts': strToU8('export const x = 1;\n'),
        'test/index.test.ts': strToU8('import { x } from "../src/index";\n'),
      });
      await page.getByTestId('zip-input').setInputFiles({ name: 'project.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
      await waitForText(page.getByRole('status', { name: 'Import and export' }), (text) => text.startsWith('Loaded'), { what: 'the import' });
      const region = await showExplorer(page, false);
      const tree = region.getByRole('tree', { name: 'Workspace files' });
      await waitForText(region.getByRole('status'), (text) => text === '3 files', { what: 'the imported files' });
      expect(await rowNames(tree)).toEqual(['src', 'test', 'package.json']);
      await tree.getByRole('treeitem', { name: 'package.json' }).click();
      await editorShows(page, 'package.json');
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists the files at a replay position, not the workspace now', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model: SCRIPTED }, viewport: { width: 1440, height: 900 } });
    try {
      await ready(page);
      await runDemo(page);
      const region = await showExplorer(page, false);
      const status = region.getByRole('status');
      await waitForText(status, (text) => /^\d+ files · 2 changed$/.test(text), { what: 'the live listing' });
      const live = Number((await status.innerText()).split(' ')[0]);
      // The replay's first point: the starter files only, no changes yet.
      await page.getByRole('slider', { name: 'Replay position' }).focus();
      await page.keyboard.press('Home');
      // Before the run's first snapshot the files are as it found them: the first snapshot's.
      await waitForText(status, (text) => text === `${live - 2} files · at this replay point`, { what: 'the replay listing' });
      expect(await region.getByRole('treeitem').evaluateAll((rows) => rows.some((row) => row.textContent?.includes('new')))).toBe(false);
    } finally {
      await context.close();
    }
  });
});
