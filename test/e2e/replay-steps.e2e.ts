import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, SCRIPTED, startSlowCommand, waitForText } from './support/app';
import { seriousAxeViolations } from './support/axe';
import { openFromSessions, replayPosition, waitForReplayLongerThan } from './support/replay';
import { newestStoredSession } from './support/stored-session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runStatus = (page: Page) => page.getByRole('status', { name: 'Run status' });
const replayStatus = (page: Page) => page.getByRole('status', { name: 'Replay status' });
const LONG_MODEL = { provider: 'openai', baseUrl: 'https://api.example-provider.com/v1', model: 'gpt-4o-mini-2024-07-18', apiKey: '' };

/** Opens a ready-made session (recorded on first use, shown at its start) and the positions its agent steps end at. */
async function openReadyMade(page: Page, name: RegExp): Promise<number[]> {
  await page.waitForSelector('.app[data-ready="true"]');
  await openFromSessions(page, name);
  await waitForReplayLongerThan(page, 50);
  const types = (await newestStoredSession(page))?.eventTypes ?? [];
  expect(types.length).toBe(Number(await replayPosition(page).getAttribute('max')));
  return types.flatMap((type, index) => (type === 'assistant_message' || type === 'tool_result' ? [index + 1] : []));
}

async function expectAt(page: Page, position: number, step: number, steps: number): Promise<void> {
  await expect.poll(() => replayPosition(page).inputValue()).toBe(String(position));
  expect(await replayStatus(page).innerText()).toBe(`Replay ${step}/${steps}`);
  expect(await page.getByRole('group', { name: 'Replay' }).locator('.replay-count').innerText()).toBe(`${step}/${steps}`);
}

/** The header's visible parts, each one box: they lie on one row when every box crosses one horizontal line. */
async function headerRow(page: Page): Promise<{ oneRow: boolean; right: number; parts: number }> {
  return page.evaluate(() => {
    const header = document.querySelector('.app-header') as HTMLElement;
    const parts = [...header.querySelectorAll('.brand, .model-label, .phase, .sandbox-status__line > *, .pill, .context-meter, .header-actions > *')]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0);
    const top = Math.max(...parts.map((box) => box.top));
    const bottom = Math.min(...parts.map((box) => box.bottom));
    return { oneRow: top < bottom, right: Math.max(...parts.map((box) => box.right)), parts: parts.length };
  });
}

describe('a replay is not a live run', () => {
  it('has its own status, steps by agent step with ←/→ and the buttons, holds Run while playing, and the ? dialog lists its keys', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model: SCRIPTED }, viewport: { width: 1440, height: 900 } });
    const ends = await openReadyMade(page, /^Replay Add slugify \(demo\)/);
    const steps = ends.length;
    expect(steps).toBeGreaterThan(5);
    await expectAt(page, 0, 0, steps);
    // Run status is the live engine's: nothing runs, so it reads the session's outcome, never "running".
    expect(await runStatus(page).innerText()).toBe('completed');

    // → and ← move one agent step (a reply with its streamed pieces, or a tool result), as the buttons do.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowRight');
    await expectAt(page, ends[0] ?? -1, 1, steps);
    expect(ends[0]).toBeGreaterThan(3);
    await page.keyboard.press('ArrowRight');
    await expectAt(page, ends[1] ?? -1, 2, steps);
    await page.keyboard.press('ArrowLeft');
    await expectAt(page, ends[0] ?? -1, 1, steps);
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expectAt(page, ends[1] ?? -1, 2, steps);
    await page.getByRole('button', { name: 'Step back' }).click();
    await expectAt(page, ends[0] ?? -1, 1, steps);
    // The slider stays event by event: a point inside a step counts the steps done before it.
    await replayPosition(page).fill(String((ends[1] ?? 0) - 1));
    expect(await replayStatus(page).innerText()).toBe(`Replay 1/${steps}`);
    await page.keyboard.press('End');
    await expect.poll(() => replayStatus(page).count()).toBe(0);
    await page.keyboard.press('Home');
    await expectAt(page, 0, 0, steps);

    // Playing holds Run, and says why; Run status never reads "running" meanwhile.
    const run = page.getByRole('button', { name: /^Run( demo)?$/ });
    expect(await run.isDisabled()).toBe(false);
    await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('1');
    await page.getByRole('group', { name: 'Replay' }).getByRole('button', { name: 'Play' }).click();
    expect(await run.isDisabled()).toBe(true);
    expect(await page.locator('#task-hint').innerText()).toBe('Pause the replay to run');
    for (let i = 0; i < 5; i++) {
      expect(await runStatus(page).innerText()).toBe('completed');
      await page.waitForTimeout(200);
    }
    await expect
      .poll(
        () =>
          replayStatus(page)
            .innerText()
            .then((text) => Number(text.split(/[ /]/)[1])),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    await page.getByRole('group', { name: 'Replay' }).getByRole('button', { name: 'Pause' }).click();
    expect(await run.isDisabled()).toBe(false);

    // The ? dialog lists the replay keys.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const keys = await dialog.getByRole('definition').allInnerTexts();
    expect(keys).toEqual(
      expect.arrayContaining(['Play or pause the replay', 'One agent step back or forward (a model turn or a tool result)', 'Go to the replay’s start or end']),
    );
    expect(await dialog.getByRole('heading', { name: 'Replay' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await context.close();
  }, 120_000);

  it('shows no replay bar, and no replay keys, during a live run', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model: { ...SCRIPTED, scenario: 'slow-command' } } });
    await page.waitForSelector('.app[data-ready="true"]');
    const { status } = await startSlowCommand(page);
    expect(await page.getByRole('group', { name: 'Replay' }).count()).toBe(0);
    expect(await replayStatus(page).count()).toBe(0);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Home');
    expect(await status.innerText()).toBe('running');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await waitForText(status, (text) => text === 'cancelled', { what: 'the stopped run' });
    // After the run, its session can be replayed.
    await page.getByRole('group', { name: 'Replay' }).waitFor();
    await context.close();
  }, 90_000);

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1440, height: 900 },
  ]) {
    it(`keeps the header on one row at ${viewport.width}×${viewport.height}, with a long model label, the phase strip and the replay pill`, async () => {
      const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model: LONG_MODEL }, viewport });
      await openReadyMade(page, /^Replay Add slugify in phases/);
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
      await waitForText(replayStatus(page), (text) => text.startsWith('Replay 8/'), { what: 'a point in the building phase' });
      expect(await page.getByRole('list', { name: 'Phases' }).count()).toBe(1);
      const row = await headerRow(page);
      expect(row.parts).toBeGreaterThan(12);
      expect(row.oneRow).toBe(true);
      expect(row.right).toBeLessThanOrEqual(viewport.width);
      // The sandbox's name is whole, not cut: what a newcomer reads.
      const sandbox = page.getByRole('status', { name: 'Sandbox' });
      expect(await sandbox.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      // The model label may give way; its title keeps it whole.
      expect(await page.locator('.model-label').getAttribute('title')).toContain('gpt-4o-mini-2024-07-18 @ api.example-provider.com');
      await context.close();
    }, 90_000);
  }

  it('names the sandbox for a newcomer, with what it is and why behind ⓘ, by keyboard too', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model: SCRIPTED }, viewport: { width: 1440, height: 900 } });
    const sandbox = page.getByRole('status', { name: 'Sandbox' });
    // The status's text names the sandbox and says why (the why visually hidden, and behind ⓘ).
    expect(await waitForText(sandbox, (text) => text.startsWith('Offline sandbox'))).toBe('Offline sandbox (no network) — chosen in Settings');
    expect(await sandbox.evaluate((element) => (element.firstChild?.textContent ?? '').trim())).toBe('Offline sandbox (no network)');
    const about = page.getByRole('button', { name: 'About the sandbox' });
    expect(await about.getAttribute('aria-expanded')).toBe('false');
    await about.focus();
    await page.keyboard.press('Enter');
    expect(await about.getAttribute('aria-expanded')).toBe('true');
    const details = page.getByRole('region', { name: 'About the sandbox' });
    expect(await about.getAttribute('aria-controls')).toBe(await details.getAttribute('id'));
    const text = await details.innerText();
    expect(text).toMatch(/^Virtual sandbox: a shell emulated in this tab with Node\.js/);
    expect(text).toContain('No network: npm install and downloads do not work.');
    expect(text).toContain('Why this one: chosen in Settings');
    // Opening it keeps the header one row: the details lie over the page.
    expect((await headerRow(page)).oneRow).toBe(true);
    await page.keyboard.press('Escape');
    expect(await details.count()).toBe(0);
    expect(await about.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  }, 60_000);

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`axe finds nothing serious in a replay and with ⓘ open (${viewport.width}×${viewport.height} ${colorScheme})`, async () => {
        const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model: SCRIPTED }, viewport, colorScheme });
        const ends = await openReadyMade(page, /^Replay Add slugify \(demo\)/);
        await page.getByRole('button', { name: 'Step forward' }).click();
        await page.getByRole('button', { name: 'Step forward' }).click();
        await expectAt(page, ends[1] ?? -1, 2, ends.length);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'About the sandbox' }).click();
        await page.getByRole('region', { name: 'About the sandbox' }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await context.close();
      }, 90_000);
    }
  }
});
