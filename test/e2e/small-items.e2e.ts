import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../fixtures/closed-port';
import { launchBrowser, openApp, SCRIPTED, waitForText } from './support/app';
import { seriousAxeViolations } from './support/axe';
import { newestStoredSession } from './support/stored-session';

/** Issue 23, section 4: tool arguments, a refusal once, a dead provider, and the page's small items. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const CONFIGS = VIEWPORTS.flatMap((viewport) =>
  (['light', 'dark'] as const).map((colorScheme) => ({ viewport, colorScheme, name: `${viewport.width}×${viewport.height} ${colorScheme}` })),
);
const ENDED = ['completed', 'failed', 'cancelled'];

const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
const runStatus = (page: Page) => page.getByRole('status', { name: 'Run status' });

async function runToEnd(page: Page, task: string): Promise<string> {
  await page.waitForSelector('.app[data-ready="true"]');
  await page.getByRole('textbox', { name: 'Task' }).fill(task);
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
  return waitForText(runStatus(page), (text) => ENDED.includes(text), { what: 'the run to end', timeout: 60_000 });
}

/** The element is in the window, inside its scrolling Timeline, and the topmost thing at its centre (nothing covers it). */
async function expectUncovered(locator: Locator, what: string): Promise<void> {
  const seen = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const scroller = element.closest('.timeline-scroll')?.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + Math.min(box.height / 2, 12);
    const top = document.elementFromPoint(x, y);
    return {
      inWindow: box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0,
      inScroller: scroller !== undefined && box.top >= scroller.top - 1 && box.bottom <= scroller.bottom + 1,
      onTop: top !== null && element.contains(top),
    };
  });
  expect(seen, what).toEqual({ inWindow: true, inScroller: true, onTop: true });
}

async function expectNoSeriousAxe(page: Page, state: string): Promise<void> {
  expect(await seriousAxeViolations(page), state).toEqual([]);
}

describe('the Timeline reads tool calls as code, a refusal once, and the run end stays in view', () => {
  for (const { viewport, colorScheme, name } of CONFIGS) {
    it(`plan_exec demo (${name})`, async () => {
      const { context, page, errors } = await openApp(browser, { viewport, colorScheme, settings: { sandbox: 'virtual', model: SCRIPTED, mode: 'plan_exec' } });
      const ended = runToEnd(page, 'Add a slugify function to sample-utils, with tests.');
      // The refused create_file raises a toast; hovering holds it up through the run's end.
      const toast = page.getByRole('status', { name: 'Refusal' });
      await toast.waitFor({ state: 'visible', timeout: 30_000 });
      // Focus in the toast holds it up through the run's end (as hovering does).
      await toast.getByRole('button', { name: 'Dismiss refusal' }).focus();
      expect(await ended).toBe('completed');
      expect(await toast.isVisible()).toBe(true);
      // The run's end is the last thing in the Timeline, and the toast under it covers none of it.
      await expectUncovered(timeline(page).locator('.run-end').last(), 'the run end card with a toast up');

      // create_file's content: a code block labelled with the file's language, not escaped JSON.
      const content = timeline(page).locator('.entry--tool:has(.tool-name:text-is("create_file"))').locator('figure.tool-arg-code').first();
      expect((await content.locator('figcaption').innerText()).replace(/\s+/g, ' ')).toBe('content Shell');
      expect(await content.locator('code[data-language="shell"]').innerText()).toContain('slugify');
      const text = await timeline(page).innerText();
      expect(text).not.toContain('"content":');
      expect(text).not.toContain('\\n');
      // edit_file's search and replace, each a block of its own.
      const edit = timeline(page).locator('.entry--tool:has(.tool-name:text-is("edit_file"))').first();
      expect(await edit.locator('figcaption').allInnerTexts()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^search\s/), expect.stringMatching(/^replace\s/)]),
      );

      // The refusal shows once: on the refused call (badge "refused"), no line of its own, no JSON.
      expect(await page.locator('.entry .refusal').count()).toBe(1);
      expect(await page.locator('.entry--refusal').count()).toBe(0);
      const refused = page.locator('.entry--tool', { has: page.locator('.refusal') });
      expect(await refused.locator('.badge--fail').innerText()).toBe('refused');
      expect(await refused.innerText()).not.toContain('"error": "phase_violation"');

      await expectNoSeriousAxe(page, `tool arguments and the refusal (${name})`);
      await page.screenshot({ path: `test-results/small-items-timeline-${viewport.width}-${colorScheme}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});

describe('a dead provider fails fast', () => {
  it('a closed port: no recovery, a short Timeline, Roll back and Download patch say why not, Open Settings', async () => {
    const model = { provider: 'custom', baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, model: 'm', apiKey: '' };
    const { context, page } = await openApp(browser, { viewport: VIEWPORTS[0], settings: { sandbox: 'virtual', model, mode: 'react' } });
    const started = Date.now();
    expect(await runToEnd(page, 'Say hello.')).toBe('failed');
    const seconds = (Date.now() - started) / 1000;
    console.log(`dead provider: failed after ${seconds.toFixed(1)} s with ${await timeline(page).locator('.timeline-list > li').count()} Timeline entries`);
    // The adapter's four attempts (about 1 + 2 + 4 s of backoff) and nothing after them: no critique asked of the dead endpoint.
    expect(seconds).toBeLessThan(20);
    const stored = await newestStoredSession(page);
    expect(stored?.eventTypes.filter((type) => type === 'model_retry')).toHaveLength(3);
    expect(stored?.eventTypes).not.toContain('recovery_started');
    const text = await timeline(page).innerText();
    expect(text).not.toContain('Recovery');
    expect(text).not.toContain('critique');
    // The task, three retries, the end.
    expect(await timeline(page).locator('.timeline-list > li').count()).toBe(5);

    const card = page.getByRole('group', { name: 'Run failed' });
    const rollBack = card.getByRole('button', { name: 'Roll back' });
    expect(await rollBack.isDisabled()).toBe(true);
    expect(await card.innerText()).toContain('The run changed no files: there is nothing to roll back.');
    expect(await rollBack.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(
      'The run changed no files: there is nothing to roll back.',
    );
    const patch = page.getByRole('button', { name: 'Download patch', exact: true, includeHidden: true });
    expect(await patch.isDisabled()).toBe(true);
    expect(await patch.getAttribute('title')).toBe('The session changed no files: there is no patch.');

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        // A new width lays the Timeline out again (on a phone the card is taller than the Timeline's box): its buttons, scrolled to as a reader would, are free to click.
        for (const button of [card.getByRole('button', { name: 'Open Settings' }), rollBack]) {
          await button.scrollIntoViewIfNeeded();
          await expectUncovered(button, `${await button.innerText()} on the failed run's card (${viewport.width} ${colorScheme})`);
        }
        await expectNoSeriousAxe(page, `a failed run against a dead endpoint (${viewport.width} ${colorScheme})`);
        await page.screenshot({ path: `test-results/small-items-dead-${viewport.width}-${colorScheme}.png` });
      }
    }
    await card.getByRole('button', { name: 'Open Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'visible' });
    await context.close();
  }, 120_000);
});

describe('a question to the human', () => {
  it('marks the tab title while it waits, keeps the task through a reload, and puts the title back', async () => {
    const settings = { sandbox: 'virtual', model: { ...SCRIPTED, model: 'clarify', scenario: 'clarify' } };
    const { context, page } = await openApp(browser, { viewport: VIEWPORTS[1], settings });
    await page.waitForSelector('.app[data-ready="true"]');
    expect(await page.title()).toBe('Phasegate');
    // A task of the viewer's own (the demo plays its recorded one), so the Task box cannot show the demo's by chance.
    const typed = 'Greet people warmly, please (typed before the reload).';
    await page.getByRole('textbox', { name: 'Task' }).fill(typed);
    await page.getByRole('button', { name: /^Run/ }).click();
    await waitForText(runStatus(page), (text) => text === 'waiting', { what: 'the question', timeout: 30_000 });
    await expect.poll(() => page.title()).toBe('(?) Phasegate');

    await expect.poll(async () => (await newestStoredSession(page))?.eventTypes.includes('human_asked'), { timeout: 10_000 }).toBe(true);
    await page.reload();
    await page.waitForSelector('.app[data-ready="true"]');
    await waitForText(runStatus(page), (text) => text === 'waiting', { what: 'the question after the reload', timeout: 30_000 });
    await expect.poll(() => page.getByRole('textbox', { name: 'Task' }).inputValue()).toBe(typed);
    await expect.poll(() => page.title()).toBe('(?) Phasegate');

    await page.getByRole('group', { name: 'The agent asks' }).getByRole('button', { name: 'Exclamation mark' }).click();
    await waitForText(runStatus(page), (text) => text === 'completed', { what: 'the resumed run', timeout: 30_000 });
    await expect.poll(() => page.title()).toBe('Phasegate');
    await context.close();
  }, 120_000);
});

describe('the new-session dialog and the Sessions storage figure', () => {
  for (const { viewport, colorScheme, name } of CONFIGS) {
    it(`(${name})`, async () => {
      const { context, page } = await openApp(browser, { viewport, colorScheme, settings: { sandbox: 'virtual', model: SCRIPTED, mode: 'react' } });
      expect(await runToEnd(page, 'Add a slugify function to sample-utils, with tests.')).toBe('completed');

      await page.getByRole('button', { name: 'Sessions' }).click();
      const sessions = page.getByRole('dialog', { name: 'Sessions' });
      await waitForText(sessions, (text) => text.includes('completed'), { what: 'the stored run' });
      const usage = await sessions.getByLabel('Storage use').innerText();
      expect(usage).toMatch(/^1 stored session takes \d+(\.\d)? (KB|MB) .*\(their own size; the app's offline files are not counted\)\.$/);
      // The figure is the listed session's own size, as its row says it.
      const size = await sessions.locator('td[data-label="Size"]').first().innerText();
      expect(usage).toContain(`takes ${size}`);
      await page.keyboard.press('Escape');
      await sessions.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'New session', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Start over with the starter project?' });
      await dialog.waitFor({ state: 'visible' });
      // Padded like the other dialogs: the heading and the buttons sit 16–20 px inside the border.
      const inset = await dialog.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const heading = element.querySelector('h2')?.getBoundingClientRect();
        const last = element.querySelector('.dialog-actions button:last-child')?.getBoundingClientRect();
        return {
          top: Math.round((heading?.top ?? box.top) - box.top),
          left: Math.round((heading?.left ?? box.left) - box.left),
          right: Math.round(box.right - (last?.right ?? box.right)),
          bottom: Math.round(box.bottom - (last?.bottom ?? box.bottom)),
        };
      });
      for (const [side, px] of Object.entries(inset)) expect(px, `padding ${side}`).toBeGreaterThanOrEqual(14);
      await expectNoSeriousAxe(page, `the new-session dialog (${name})`);
      await page.screenshot({ path: `test-results/small-items-new-session-${viewport.width}-${colorScheme}.png` });
      await dialog.getByRole('button', { name: 'Keep working here' }).click();
      await context.close();
    }, 120_000);
  }
});
