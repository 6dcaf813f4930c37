import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockOpenAiServer, startMockOpenAi, toolCallsReply } from '../unit/model/mock-openai-server';
import { launchBrowser, openApp, PAGE_CONFIGS, waitForText } from './support/app';

let browser: Browser;
let server: MockOpenAiServer;
beforeAll(async () => {
  browser = await launchBrowser();
  // A model that never finishes and never repeats itself (no loop to detect): each request, another command.
  let ticks = 0;
  server = await startMockOpenAi([], {
    fallback: () => {
      ticks++;
      return {
        kind: 'stream',
        chunks: toolCallsReply([{ id: `tick_${ticks}`, name: 'run_command', arguments: JSON.stringify({ command: `echo tick ${ticks}` }) }]),
      };
    },
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Numbers the focused element the first time it has focus; says whether it is in the editor or the terminal. */
function focusStep(page: Page): Promise<{ id: number; zone: 'editor' | 'terminal' | 'page' | 'none' }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return { id: -1, zone: 'none' as const };
    if (!element.dataset.kbId) element.dataset.kbId = String(document.querySelectorAll('[data-kb-id]').length);
    const zone = element.closest('.monaco-editor') ? 'editor' : element.closest('.xterm') ? 'terminal' : 'page';
    return { id: Number(element.dataset.kbId), zone: zone as 'editor' | 'terminal' | 'page' };
  });
}

/** Presses `key` until focus comes back to where the walk started; every focus stop and the zones seen. */
async function walk(page: Page, key: 'Tab' | 'Shift+Tab'): Promise<{ ids: Set<number>; zones: string[]; returned: boolean }> {
  const ids = new Set<number>();
  const zones: string[] = [];
  const start = await focusStep(page);
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press(key);
    const step = await focusStep(page);
    if (step.id >= 0) ids.add(step.id);
    if (zones.at(-1) !== step.zone) zones.push(step.zone);
    if (step.id === start.id) return { ids, zones, returned: true };
  }
  return { ids, zones, returned: false };
}

/** Every visible control of the page a Tab can stop on, outside Monaco and xterm (checked as zones). */
function pageControls(page: Page): Promise<{ id: number; name: string }[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="slider"], [role="combobox"], [role="textbox"], [tabindex]';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => {
        if (element.closest('.monaco-editor, .xterm, dialog, [inert]')) return false;
        if (element.tabIndex < 0 || (element as HTMLButtonElement).disabled) return false;
        return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
      })
      .map((element) => ({
        id: element.dataset.kbId ? Number(element.dataset.kbId) : -1,
        name: `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.id ?? ''} ${(element.textContent ?? '').trim().slice(0, 40)}`,
      }));
  });
}

describe('keyboard access', () => {
  it.each(PAGE_CONFIGS)('Tab and Shift+Tab reach every control, the editor and the terminal, and come back out ($name)', async ({ viewport, colorScheme }) => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' }, viewport, colorScheme });
    // On a phone the panes are tabs: one is shown at a time, and the walk covers what is shown.
    const stacked = viewport.width <= 860;
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('textbox', { name: 'Task' }).fill('Add a slugify function to sample-utils, with tests.');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    await waitForText(page.getByRole('status', { name: 'Run status' }), (text) => text === 'completed', { what: 'the run to end', timeout: 60_000 });
    // A pane behind a tab is laid out but hidden: on a phone the editor and terminal are only there.
    const state = stacked ? 'attached' : 'visible';
    await page.waitForSelector('.monaco-host[data-loaded="true"] .view-lines', { timeout: 30_000, state });
    await page.waitForSelector('.xterm .xterm-rows', { timeout: 30_000, state });

    // Found by its place, not its role: on a phone the Terminal's tab is not shown yet.
    const terminalInput = page.locator('.xterm textarea');
    expect(await terminalInput.getAttribute('aria-label')).toBe('Terminal output, read-only');
    expect(await terminalInput.getAttribute('aria-readonly')).toBe('true');

    await page.getByRole('textbox', { name: 'Task' }).focus();
    const forward = await walk(page, 'Tab');
    expect(forward.returned, 'Tab comes back to the Task box').toBe(true);
    if (!stacked) expect(forward.zones).toContain('editor');
    if (!stacked) expect(forward.zones).toContain('terminal');
    const unreached = (await pageControls(page)).filter((control) => !forward.ids.has(control.id));
    expect(unreached.map((control) => control.name)).toEqual([]);

    const backward = await walk(page, 'Shift+Tab');
    expect(backward.returned, 'Shift+Tab comes back to the Task box').toBe(true);
    if (!stacked) expect(backward.zones).toContain('editor');
    if (!stacked) expect(backward.zones).toContain('terminal');
    expect([...forward.ids].filter((id) => !backward.ids.has(id))).toEqual([]);

    // Escape leaves the terminal for its region (on a phone, once its tab shows it).
    if (stacked) await page.getByRole('tab', { name: 'Terminal' }).click();
    await terminalInput.focus();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toBe('terminal-heading');
    await context.close();
  });
});

describe('keyboard shortcuts', () => {
  it.each(PAGE_CONFIGS.filter((_, index) => index % 2 === 1))(
    '? lists them, Ctrl+K goes to the Task box, Ctrl+, opens Settings, Escape stops a run outside a field ($name)',
    async ({ viewport, colorScheme }) => {
      const model = { provider: 'custom', baseUrl: server.baseUrl, model: 'mock-model', apiKey: '' };
      const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', maxIterations: 200, model }, viewport, colorScheme });
      await page.waitForSelector('.app[data-ready="true"]');

      const sessions = page.getByRole('button', { name: 'Sessions', exact: true });
      await sessions.focus();
      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await dialog.waitFor({ state: 'visible' });
      const listed = await dialog.innerText();
      for (const keys of ['Ctrl+Enter', 'Escape', 'Ctrl+,', 'Ctrl+K']) expect(listed).toContain(keys);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await sessions.evaluate((element) => element === document.activeElement)).toBe(true);

      // The header button opens it too.
      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await dialog.waitFor({ state: 'visible' });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // `?` typed in the Task box is text, not a shortcut.
      const task = page.getByRole('textbox', { name: 'Task' });
      await task.fill('');
      await task.focus();
      await page.keyboard.press('?');
      expect(await task.inputValue()).toBe('?');
      expect(await dialog.isVisible()).toBe(false);

      await sessions.focus();
      await page.keyboard.press('Control+k');
      expect(await task.evaluate((element) => element === document.activeElement)).toBe(true);

      await page.keyboard.press('Control+Comma');
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'hidden' });

      await task.fill('Run until stopped.');
      await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
      const status = page.getByRole('status', { name: 'Run status' });
      await waitForText(status, (text) => text === 'running', { what: 'running' });

      // In the Task box Escape is the field's own key: the run goes on. Proof that it went on: the model
      // is asked twice more after the key (the first of them may have been under way already).
      await task.focus();
      const before = server.requests.length;
      await page.keyboard.press('Escape');
      await expect.poll(async () => server.requests.length > before + 1 || (await status.innerText()) !== 'running', { timeout: 30_000 }).toBe(true);
      expect(await status.innerText()).toBe('running');

      await sessions.focus();
      await page.keyboard.press('Escape');
      await waitForText(status, (text) => text === 'cancelled', { what: 'cancelled', timeout: 10_000 });
      await context.close();
    },
  );
});
