import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longSessionFile } from '../../bench/support/long-session';
import type { SessionFile } from '../../src/protocol/session-file';
import { sha256Hex } from '../../src/store/hash';
import { exportSession } from '../../src/store/session-file';
import { recordedRun } from '../unit/store/recorded-run';
import { e2eEnvironment, launchBrowser, openApp, waitForText } from './support/app';
import { openFromSessions, shownReplayPositions, waitForReplayLongerThan, watchReplayPositions } from './support/replay';
import { newestStoredSession } from './support/stored-session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const status = (page: Page) => page.getByRole('status', { name: 'Run status' });
const waitForStatus = (page: Page, wanted: string[]) =>
  waitForText(status(page), (text) => wanted.includes(text), { what: `status ${wanted.join('/')}`, timeout: 60_000 });
const position = (page: Page) => page.getByRole('slider', { name: 'Replay position' });
const replayStatus = (page: Page) => page.getByRole('status', { name: 'Replay status' });
const waitForReplayAt = (page: Page, step: number | 'end', what: string) =>
  waitForText(replayStatus(page), (text) => (step === 'end' ? /^Replay (\d+)\/\1$/.test(text) : text.startsWith(`Replay ${step}/`)), { what });

/** Moves the replay to `to` the way dragging the slider does. */
async function seekTo(page: Page, to: number): Promise<void> {
  await position(page).evaluate((slider, value) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(slider, String(value));
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  }, to);
}

/** The first line xterm shows once scrolled to the top of its scrollback. */
async function terminalTopLine(page: Page): Promise<string> {
  const screen = page.locator('.terminal .xterm-screen');
  await screen.hover();
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -100_000);
  return ((await page.locator('.terminal .xterm-rows > div').first().textContent()) ?? '').trim();
}

async function runPlanExecDemo(page: Page) {
  await page.waitForSelector('.app[data-ready="true"]');
  await page.getByRole('textbox', { name: 'Task' }).fill('Add a slugify function to sample-utils, with tests.');
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
  expect(await waitForStatus(page, ['completed', 'failed'])).toBe('completed');
}

async function shareLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share' }).click();
  const box = page.getByRole('dialog', { name: 'Share' }).getByRole('textbox', { name: 'Share link' });
  await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toMatch(/#session=/);
  const link = await box.inputValue();
  await page.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Close' }).click();
  return link;
}

describe('share links, replay and presenter mode', () => {
  it('a link opens in a fresh browser on the same final files, phase and status, and can be replayed', async () => {
    const first = await openApp(browser, { settings: { sandbox: 'virtual', mode: 'plan_exec' } });
    await runPlanExecDemo(first.page);
    const original = await newestStoredSession(first.page);
    const link = await shareLink(first.page);
    expect(link.startsWith(e2eEnvironment().baseUrl)).toBe(true);
    expect(link.length).toBeLessThan(32 * 1024);

    const second = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await second.page.goto(link);
    expect(await waitForStatus(second.page, ['completed'])).toBe('completed');
    expect(await second.page.getByRole('status', { name: 'Phase' }).innerText()).toMatch(/delivery/i);
    // The shared session explains itself, with its own task and model, and stays in the address: a reload shows it again.
    const banner = second.page.getByRole('region', { name: 'Shared session' });
    expect(await banner.innerText()).toMatch(
      /^Shared session · Add a slugify function to sample-utils, with tests\. · .+ · model Demo \(scripted\)[^·]* · plan & execute · offline sandbox/,
    );
    expect(await second.page.getByRole('textbox', { name: 'Task' }).inputValue()).toBe('Add a slugify function to sample-utils, with tests.');
    expect(second.page.url()).toContain('#session=');
    await second.page.reload();
    expect(await waitForStatus(second.page, ['completed'])).toBe('completed');
    await banner.waitFor();
    expect(second.page.url()).toContain('#session=');
    const opened = await newestStoredSession(second.page);
    expect(opened?.files).toEqual(original?.files);
    // Stored under an id of this page's own, as a replay (issue 26 item 2).
    expect(opened?.id).toMatch(/^imported-/);

    // Links made here can point at the team's hosted copy instead.
    await second.page.getByRole('button', { name: 'Settings' }).click();
    await second.page.getByRole('textbox', { name: 'Public address for share links' }).fill('https://team.example/phasegate/');
    await second.page.getByRole('button', { name: 'Save' }).click();
    expect((await shareLink(second.page)).startsWith('https://team.example/phasegate/#session=')).toBe(true);

    // Seek to the start, step, and back to the end: the page follows the position, and the replay
    // has its own status; Run status names the live engine (nothing runs: the session's outcome).
    await waitForReplayAt(second.page, 'end', 'a shared session is a replay, at its end');
    await position(second.page).fill('0');
    await waitForReplayAt(second.page, 0, 'the state before the run');
    expect(await second.page.getByRole('region', { name: 'Timeline' }).getByText('Add a slugify function').count()).toBe(0);
    await second.page.getByRole('button', { name: 'Step forward' }).click();
    await waitForReplayAt(second.page, 1, 'the first step');
    expect(await status(second.page).innerText()).toBe('completed');
    const length = Number(await position(second.page).getAttribute('max'));
    expect(length).toBeGreaterThan(50);
    for (const at of [Math.floor(length / 2), 5, length - 1, 0, length]) {
      await position(second.page).fill(String(at));
      await expect.poll(() => position(second.page).inputValue()).toBe(String(at));
    }
    expect(await waitForStatus(second.page, ['completed'])).toBe('completed');
    await first.context.close();
    await second.context.close();
  }, 120_000);

  it('presenter mode: large type, a key legend, and Space, arrows, Home and End drive the replay', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    await watchReplayPositions(page);
    await openFromSessions(page, /^Replay .*demo/i);
    // Recorded on first use, then shown at its start: never first at its end for a frame or two.
    await waitForReplayLongerThan(page, 50);
    expect(await position(page).inputValue()).toBe('0');
    expect(await shownReplayPositions(page)).toEqual(['0']);
    await waitForReplayAt(page, 0, 'the ready-made session at its start');
    await page.getByRole('button', { name: 'Presenter mode' }).click();
    expect(await page.getByRole('button', { name: 'Presenter mode' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('complementary', { name: 'Keyboard legend' }).innerText()).toContain('Space');
    expect(await page.getByRole('button', { name: 'Settings' }).count()).toBe(0);
    const timelineSize = await page.locator('.timeline').evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(timelineSize).toBeGreaterThanOrEqual(20);

    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('End');
    await expect.poll(() => position(page).inputValue()).toBe(await position(page).getAttribute('max'));
    expect(await waitForStatus(page, ['completed'])).toBe('completed');
    await page.keyboard.press('Home');
    await waitForReplayAt(page, 0, 'Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(Number(await position(page).inputValue())).toBeGreaterThan(0);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await position(page).inputValue()).toBe('0');
    await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('8');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press(' ');
    expect(await page.getByRole('group', { name: 'Replay' }).getByRole('button', { name: 'Pause' }).count()).toBe(1);
    await expect.poll(async () => Number(await position(page).inputValue()), { timeout: 10_000 }).toBeGreaterThan(3);
    // Monaco and xterm follow the presenter's type size once they show something.
    await page.keyboard.press('End');
    await page.waitForSelector('.monaco-host[data-loaded="true"] .view-lines', { timeout: 30_000 });
    const editorSize = await page
      .locator('.monaco-editor .view-lines')
      .first()
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(editorSize).toBeGreaterThanOrEqual(20);
    await context.close();
  }, 120_000);

  it('a tampered or oversized link gives a message, and the session on the page stays', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', mode: 'plan_exec' } });
    await runPlanExecDemo(page);
    const link = await shareLink(page);
    const encoded = link.split('#session=')[1] ?? '';
    const tampered = `${encoded.slice(0, 40)}${encoded[40] === 'A' ? 'B' : 'A'}${encoded.slice(41)}`;
    await page.evaluate((hash) => {
      location.hash = hash;
    }, `session=${tampered}`);
    await waitForText(page.getByRole('region', { name: 'Timeline' }), (text) => text.includes('The shared session could not be opened'), {
      what: 'the message',
    });
    expect(await status(page).innerText()).toBe('completed');

    // A session whose link would pass 32 KB: the dialog says so and offers the file.
    const run = await recordedRun('demo', 'react');
    const file: SessionFile = await exportSession(run.store, run.sessionId);
    const noise = Array.from({ length: 3000 }, (_, i) => (i * 2654435761).toString(36)).join('\n');
    const snapshot = file.events.findLast((e) => e.type === 'workspace_snapshot');
    if (!snapshot || typeof snapshot.manifest !== 'string') throw new Error('no snapshot');
    const manifest = { ...(JSON.parse(file.blobs[snapshot.manifest] ?? '{}') as Record<string, string>), 'noise.txt': await sha256Hex(noise) };
    const manifestText = JSON.stringify(manifest);
    const manifestHash = await sha256Hex(manifestText);
    file.blobs[await sha256Hex(noise)] = noise;
    file.blobs[manifestHash] = manifestText;
    snapshot.manifest = manifestHash;
    const big = { ...file, session: { ...file.session, id: 'big-session' }, events: file.events.map((e) => ({ ...e, runId: 'big-session' })) };
    await page.getByRole('button', { name: 'Sessions' }).click();
    await page
      .locator('.sessions input[type="file"]')
      .setInputFiles({ name: 'big.phasegate.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(big)) });
    await waitForStatus(page, ['completed']);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await waitForText(dialog, (text) => /over the 32 KB a link can reliably carry/.test(text), { what: 'the size message' });
    expect(await dialog.getByRole('button', { name: 'Copy link' }).isDisabled()).toBe(true);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download session file' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^imported-[0-9a-f]+\.phasegate\.json$/);
    await context.close();
  }, 120_000);

  it('a point in a long replay lays out the entries just before it, earlier ones on request, and the whole terminal', async () => {
    const file = await longSessionFile(2000);
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('button', { name: 'Sessions' }).click();
    await page
      .locator('.sessions input[type="file"]')
      .setInputFiles({ name: 'long.phasegate.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await expect.poll(async () => Number(await position(page).getAttribute('max')), { timeout: 30_000 }).toBe(2000);
    const entries = page.locator('.timeline-list > li');
    const atEnd = await entries.count();
    expect(atEnd).toBeGreaterThan(300);

    await seekTo(page, 1900);
    // REPLAY_WINDOW in Timeline.tsx.
    await expect.poll(() => entries.count()).toBe(40);
    const earlier = page.getByRole('button', { name: /^Show [\d,]+ earlier entries/ });
    await earlier.click();
    await expect.poll(() => entries.count()).toBeGreaterThan(40);
    expect(await earlier.count()).toBe(0);

    // The terminal writes the last lines at once and the scrollback above them once the replay has
    // stayed a second and the page is idle: scrolled to the top, it shows the output's first line,
    // not a line 60 from the end.
    const log = await page.getByRole('region', { name: 'Terminal' }).getByTestId('terminal-log').textContent();
    const lines = (log ?? '').split('\n');
    expect(lines.length).toBeGreaterThan(400);
    const first = lines.find((line) => line.trim() !== '')?.trim() ?? '';
    await expect.poll(() => terminalTopLine(page), { timeout: 10_000 }).toBe(first);
    await context.close();
  }, 120_000);
});
