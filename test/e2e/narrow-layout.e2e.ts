import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, PAGE_CONFIGS, readable, SCRIPTED, waitForText } from './support/app';

/** Issue 14, point 10: phones and narrow screens (tabbed panes, no sideways scroll, a Settings dialog that fits). */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SETTINGS = { sandbox: 'virtual', model: SCRIPTED };
const PHONE = { width: 390, height: 844 };

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('.app[data-ready="true"]');
  await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox'), { what: 'the virtual sandbox' });
}

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, state: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page width ${state}`).toBeLessThanOrEqual(innerWidth);
}

async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, what).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(viewport.height);
}

/** Opens Settings and checks the dialog, Save and Cancel all lie inside the window. */
async function checkSettingsFit(page: Page, shot: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.waitFor({ state: 'visible' });
  await expectInViewport(page, dialog, 'the Settings dialog');
  await expectInViewport(page, dialog.getByRole('button', { name: 'Save', exact: true }), 'Save');
  await expectInViewport(page, dialog.getByRole('button', { name: 'Cancel', exact: true }), 'Cancel');
  await expectNoSidewaysScroll(page, 'with Settings open');
  // Only the fields scroll, and only up and down: no field is wider than the dialog.
  const body = await dialog.locator('.settings-body').evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(body.scrollWidth, 'the Settings fields').toBeLessThanOrEqual(body.clientWidth);
  await page.screenshot({ path: `test-results/narrow-${shot}-settings.png` });
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Which of the three panes a viewer can see. */
async function visiblePanes(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (const name of ['Timeline', 'Editor', 'Terminal']) if (await region(page, name).isVisible()) shown.push(name);
  if (await page.getByRole('textbox', { name: 'Task' }).isVisible()) shown.push('Task');
  return shown;
}

describe('on a phone (390×844)', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`stacks the panes under tabs and never scrolls sideways (${colorScheme})`, async () => {
      const { context, page } = await openApp(browser, { colorScheme, settings: SETTINGS });
      await page.setViewportSize(PHONE);
      await ready(page);

      const tabs = page.getByRole('tablist', { name: 'Workspace panes' });
      const tab = (name: string) => tabs.getByRole('tab', { name });
      expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['Task and Timeline', 'Editor', 'Terminal', 'Files']);
      expect(await tab('Task and Timeline').getAttribute('aria-selected')).toBe('true');
      expect(await visiblePanes(page)).toEqual(['Timeline', 'Task']);
      await expectNoSidewaysScroll(page, 'idle');
      await page.screenshot({ path: `test-results/narrow-${colorScheme}-idle.png` });

      // A long unbroken task: it wraps in the Timeline, not the page.
      const task = page.getByRole('textbox', { name: 'Task' });
      await task.fill(`Add a slugify function to sample-utils, with tests. ${'src/very/long/path/without/breaks/'.repeat(6)}slugify.sh`);
      // With a task of its own typed, the demo's button may read "Run demo".
      await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
      const status = page.getByRole('status', { name: 'Run status' });
      await waitForText(status, (text) => text === 'running', { what: 'the run to start' });
      await expectNoSidewaysScroll(page, 'while running');
      await page.screenshot({ path: `test-results/narrow-${colorScheme}-running.png` });
      await waitForText(status, (text) => ['completed', 'failed', 'cancelled'].includes(text), { what: 'the run to end', timeout: 60_000 });
      // The run leaves the Task and Timeline tab in place; the Terminal tab says something arrived.
      expect(await tab('Task and Timeline').getAttribute('aria-selected')).toBe('true');
      expect(await tab('Terminal').innerText()).toMatch(/new/);
      await expectNoSidewaysScroll(page, 'after the run');
      await page.screenshot({ path: `test-results/narrow-${colorScheme}-finished.png` });

      await tab('Editor').click();
      expect(await tab('Editor').getAttribute('aria-selected')).toBe('true');
      expect(await visiblePanes(page)).toEqual(['Editor']);
      await page.waitForSelector('.monaco-host[data-loaded="true"] .view-lines', { timeout: 30_000 });
      await expectNoSidewaysScroll(page, 'on the Editor tab');
      await page.screenshot({ path: `test-results/narrow-${colorScheme}-editor.png` });

      // Arrow keys move along the tabs and show their pane.
      await tab('Editor').focus();
      await page.keyboard.press('ArrowRight');
      expect(await tab('Terminal').getAttribute('aria-selected')).toBe('true');
      expect(await tab('Terminal').evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await visiblePanes(page)).toEqual(['Terminal']);
      const rows = region(page, 'Terminal').locator('.xterm-rows');
      await waitForText(rows, (text) => readable(text).includes('[exit 0]'), { what: 'the terminal output' });
      // xterm fits the pane: its rows are as wide as the pane, give or take a character.
      const [paneBox, rowsBox] = await Promise.all([region(page, 'Terminal').boundingBox(), rows.boundingBox()]);
      expect(rowsBox?.width ?? 0).toBeGreaterThan((paneBox?.width ?? 0) - 40);
      expect(await tab('Terminal').innerText()).not.toMatch(/new/);
      await expectNoSidewaysScroll(page, 'on the Terminal tab');
      await page.screenshot({ path: `test-results/narrow-${colorScheme}-terminal.png` });

      await page.keyboard.press('ArrowRight');
      expect(await tab('Files').getAttribute('aria-selected')).toBe('true');
      // The explorer loads on first use.
      await region(page, 'Files').waitFor({ state: 'visible' });
      await page.keyboard.press('ArrowRight');
      expect(await tab('Task and Timeline').getAttribute('aria-selected')).toBe('true');
      expect(await visiblePanes(page)).toEqual(['Timeline', 'Task']);

      // Ctrl+K from another pane shows the Task pane and focuses the Task box.
      await tab('Editor').click();
      await page.keyboard.press('Control+k');
      expect(await tab('Task and Timeline').getAttribute('aria-selected')).toBe('true');
      expect(await task.evaluate((element) => element === document.activeElement)).toBe(true);

      await checkSettingsFit(page, `${colorScheme}-390x844`);

      // Another dialog, with the finished run listed: still nothing scrolls sideways.
      await page.getByRole('button', { name: 'Sessions', exact: true }).click();
      const sessions = page.getByRole('dialog', { name: 'Sessions' });
      await sessions.waitFor({ state: 'visible' });
      await expectNoSidewaysScroll(page, 'with Sessions open');
      // Each session is a card: its task first, then its date and status, its buttons inside the window.
      // Found by markup, not role: a table laid out as blocks may lose its table roles in some browsers.
      const row = sessions.locator('.sessions-table tbody tr').first();
      const [taskCell, dateCell, statusCell] = await Promise.all([0, 1, 2].map((index) => row.locator('td').nth(index).boundingBox()));
      expect(taskCell && dateCell && statusCell).toBeTruthy();
      if (taskCell && dateCell && statusCell) {
        expect(dateCell.y).toBeGreaterThanOrEqual(taskCell.y + taskCell.height - 1);
        expect(Math.abs(statusCell.y - dateCell.y)).toBeLessThan(4);
      }
      await expectInViewport(page, row.getByRole('button', { name: /^Open / }), "a session's Open button");
      await expectInViewport(page, row.getByRole('button', { name: /^Delete / }), "a session's Delete button");
      await page.screenshot({ path: `test-results/narrow-${colorScheme}-sessions.png` });
      await page.keyboard.press('Escape');
      await sessions.waitFor({ state: 'hidden' });
      await context.close();
    });
  }
});

describe('on wide screens', () => {
  for (const { viewport, colorScheme } of PAGE_CONFIGS.filter((config) => config.viewport.width > 860)) {
    it(`shows the three panes side by side, no tabs, and a Settings dialog that fits (${viewport.width}×${viewport.height} ${colorScheme})`, async () => {
      const { context, page } = await openApp(browser, { settings: SETTINGS, colorScheme });
      await page.setViewportSize(viewport);
      await ready(page);
      expect(await page.getByRole('tablist', { name: 'Workspace panes' }).count()).toBe(0);
      expect(await visiblePanes(page)).toEqual(['Timeline', 'Editor', 'Terminal', 'Task']);
      const [timeline, editor, terminal] = await Promise.all(['Timeline', 'Editor', 'Terminal'].map((name) => region(page, name).boundingBox()));
      expect(timeline && editor && terminal).toBeTruthy();
      if (timeline && editor && terminal) {
        expect(timeline.x + timeline.width).toBeLessThanOrEqual(editor.x);
        expect(Math.abs(editor.x - terminal.x)).toBeLessThan(2);
        expect(editor.y + editor.height).toBeLessThanOrEqual(terminal.y);
      }
      await expectNoSidewaysScroll(page, 'idle');
      await page.screenshot({ path: `test-results/narrow-wide-${viewport.width}x${viewport.height}.png` });
      await checkSettingsFit(page, `${viewport.width}x${viewport.height}-${colorScheme}`);
      await context.close();
    });
  }
});
