import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, SCRIPTED } from './support/app';
import { openFromSessions, replayPosition, waitForReplayLongerThan } from './support/replay';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every visible element outside Monaco and xterm whose own text shows, with a type size under 20 px. */
function smallText(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const small: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      for (const element of [root, ...root.querySelectorAll('*')]) {
        if (element.closest('.monaco-editor, .xterm') || !(element instanceof HTMLElement)) continue;
        const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
        if (!ownText || element.getClientRects().length === 0 || element.closest('.visually-hidden, .sandbox-status__why')) continue;
        const size = parseFloat(getComputedStyle(element).fontSize);
        if (size < 20) small.push(`${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 30)}" ${size}px`);
      }
    }
    return small;
  }, scope);
}

describe('presenter mode for a room', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    it(`at ${viewport.width}×${viewport.height}: 20 px everywhere, the Timeline at least half the height, the Task box and key strip gone, long lines wrapped`, async () => {
      const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model: SCRIPTED }, viewport });
      await page.waitForSelector('.app[data-ready="true"]');
      await page.getByRole('button', { name: 'Presenter mode' }).click();
      // Before a session: the task in large type; Settings is not the room's.
      const task = page.getByRole('textbox', { name: 'Task' });
      expect(await task.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(20);
      expect(await page.getByRole('button', { name: 'Settings' }).count()).toBe(0);
      const legend = page.getByRole('complementary', { name: 'Keyboard legend' });
      expect(await legend.innerText()).toContain('Space');

      await openFromSessions(page, /^Replay Add slugify \(demo\)/);
      await waitForReplayLongerThan(page, 50);
      // Once a session is on the page the Task box goes, and the replay plays at the workshop pace.
      expect(await task.count()).toBe(0);
      expect(await page.getByRole('combobox', { name: 'Replay speed' }).inputValue()).toBe('workshop');
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.getByRole('status', { name: 'Replay status' }).innerText()).toMatch(/^Replay 6\/\d+$/);

      // 20 px at least on every text in the header, the replay bar and the Timeline: the pills and the counter too.
      expect(await smallText(page, '.app-header, .replay, .timeline')).toEqual([]);
      for (const name of ['Replay status', 'Run status', 'Sandbox', 'Phase']) {
        const size = await page.getByRole('status', { name }).evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
        expect(size, name).toBeGreaterThanOrEqual(20);
      }
      expect(await page.locator('.replay-count').evaluate((element) => parseFloat(getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(20);

      // The Timeline has at least half the window's height.
      const timeline = await page.getByRole('region', { name: 'Timeline' }).boundingBox();
      expect(timeline?.height ?? 0).toBeGreaterThanOrEqual(viewport.height / 2);

      // The key strip leaves after a few seconds (KEY_LEGEND_MS; the "?" dialog keeps the keys), and the Timeline takes its room.
      await expect.poll(() => legend.count(), { timeout: 10_000 }).toBe(0);
      expect((await page.getByRole('region', { name: 'Timeline' }).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(viewport.height / 2);
      expect(await page.locator('.workspace').evaluate((element) => element.getBoundingClientRect().bottom)).toBeGreaterThan(viewport.height - 20);

      // Monaco: the room's type size, and long lines wrapped inside the editor, not cut at its edge.
      await page.keyboard.press('End');
      await page
        .getByRole('tab', { name: /slugify\.sh/ })
        .first()
        .click();
      await page.waitForSelector('.monaco-host[data-loaded="true"] .view-lines', { timeout: 30_000 });
      const editor = await page.evaluate(() => {
        // The editor shown: the widest outside a hidden pane (the diff's modified side, for an edited file).
        const shown = [...document.querySelectorAll<HTMLElement>('.monaco-editor')]
          .filter((element) => element.closest('[hidden]') === null)
          .sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width)[0];
        if (!shown) return null;
        const area = shown.querySelector('.lines-content')?.parentElement?.getBoundingClientRect();
        const lines = [...shown.querySelectorAll('.view-line > span')].map((span) => span.getBoundingClientRect().right);
        const viewLines = shown.querySelector('.view-lines') as HTMLElement;
        const size = parseFloat(getComputedStyle(viewLines).fontSize);
        // Each row of a wrapped line is a .view-line of its own; only its first row has a line number.
        const numbers = [...shown.querySelectorAll('.line-numbers')].map((element) => (element.textContent ?? '').trim());
        const wrapped = numbers.length > 0 && shown.querySelectorAll('.view-line').length > numbers.length;
        return { right: area?.right ?? 0, widest: Math.max(...lines), lines: lines.length, size, wrapped, numbers: numbers.join('|') };
      });
      expect(editor?.size).toBeGreaterThanOrEqual(20);
      expect(editor?.lines).toBeGreaterThan(0);
      // At 1280 px the editor is narrower than src/slugify.sh's pipeline line at 20 px: it wraps.
      if (viewport.width === 1280) expect(editor?.wrapped, editor?.numbers).toBe(true);
      expect(editor?.widest ?? Infinity).toBeLessThanOrEqual(editor?.right ?? 0);
      expect(Number(await replayPosition(page).inputValue())).toBeGreaterThan(0);
      await context.close();
    }, 120_000);
  }
});
