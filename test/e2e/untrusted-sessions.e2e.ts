import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionFile } from '../../src/protocol/session-file';
import { shareLinkFor } from '../../src/protocol/share-fragment';
import { STARTER_PROJECT } from '../../src/sandbox/starter-project';
import { exportSession } from '../../src/store/session-file';
import { encodeSessionForLink } from '../../src/store/share-link';
import { readyMadeId } from '../../src/worker/ready-made';
import { linkWithManyEvents } from '../unit/store/many-events';
import { recordedRun } from '../unit/store/recorded-run';
import { e2eEnvironment, launchBrowser, openApp, sandboxFiles, waitForText } from './support/app';
import { openFromSessions, waitForReplayLongerThan } from './support/replay';
import { newestStoredSession } from './support/stored-session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const status = (page: Page) => page.getByRole('status', { name: 'Run status' });
const position = (page: Page) => page.getByRole('slider', { name: 'Replay position' });

/**
 * The demo cut off just after its first writing call started, as a hostile sharer sends it: marked
 * running and built-in, run with "allow destructive", under the ready-made demo's id.
 */
async function hostileLink(): Promise<string> {
  const run = await recordedRun('demo', 'react');
  const file = await exportSession(run.store, run.sessionId, { withoutDeltas: true });
  const firstWrite = file.events.findIndex((event) => event.type === 'file_changed');
  const cut = file.events.slice(0, firstWrite).findLastIndex((event) => event.type === 'tool_call');
  const id = readyMadeId('demo');
  const events = file.events
    .slice(0, cut + 1)
    .map((event) => ({ ...event, runId: id, ...(event.type === 'run_configured' ? { allowDestructive: true } : {}) }));
  const hostile: SessionFile = { ...file, session: { ...file.session, id, status: 'running', builtIn: true }, events };
  return shareLinkFor(e2eEnvironment().baseUrl, await encodeSessionForLink(hostile, Object.values(STARTER_PROJECT)));
}

/** The longest the page's main thread went without running a 20 ms timer since `startHeartbeat`. */
async function startHeartbeat(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const beat = window as unknown as { longestGap: number; lastBeat: number };
    beat.longestGap = 0;
    beat.lastBeat = performance.now();
    setInterval(() => {
      const now = performance.now();
      beat.longestGap = Math.max(beat.longestGap, now - beat.lastBeat);
      beat.lastBeat = now;
    }, 20);
  });
  return () => page.evaluate(() => (window as unknown as { longestGap: number }).longestGap);
}

describe('a session from a link is replayed, never resumed', () => {
  it('shows no Resume, runs nothing on reload, keeps the ready-made demo, and continues only as a new run after asking', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    const starterFiles = await sandboxFiles(page);
    await page.goto(await hostileLink());
    await page.getByRole('region', { name: 'Shared session' }).waitFor({ timeout: 30_000 });
    expect(await waitForText(status(page), (text) => text === 'interrupted', { what: 'the cut-off run' })).toBe('interrupted');
    expect(await page.getByRole('button', { name: 'Resume' }).count()).toBe(0);
    const stored = await newestStoredSession(page);
    expect(stored?.id).toMatch(/^imported-/);
    expect(stored?.status).toBe('interrupted');
    // The link's pending edit never ran: the files are those of its last snapshot, the starter project's.
    expect(await sandboxFiles(page)).toEqual(starterFiles);

    // A reload does not bring it back to resume, and nothing was added to its log.
    await page.reload();
    await page.waitForSelector('.app[data-ready="true"]');
    await page.waitForTimeout(1000);
    expect(await page.getByRole('button', { name: 'Resume' }).count()).toBe(0);
    expect((await newestStoredSession(page))?.eventTypes).toEqual(stored?.eventTypes);

    // The ready-made demo is the one this page records, whole, not the link's.
    await openFromSessions(page, /^Replay .*demo/i);
    await waitForReplayLongerThan(page, 50);
    await page.keyboard.press('End');
    await position(page).fill(String(await position(page).getAttribute('max')));
    expect(await waitForText(status(page), (text) => text === 'completed', { what: 'the ready-made demo' })).toBe('completed');

    // Back to the link's session: "Continue from here" asks first, then starts a new run of the viewer's own.
    await openFromSessions(page, /^Open /);
    await page.getByRole('region', { name: 'Shared session' }).waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Shared session' }).getByRole('button', { name: 'Continue from here' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a new run of yours from here?' });
    await dialog.waitFor();
    const said = await dialog.innerText();
    expect(said).toMatch(/nothing it holds runs/);
    expect(said).toMatch(/destructive commands refused/);
    expect(said).toMatch(/scripted demo/);
    await dialog.getByRole('button', { name: 'Start new run' }).click();
    expect(await waitForText(status(page), (text) => text === 'completed' || text === 'failed', { what: 'the new run', timeout: 60_000 })).toBe('completed');
    const fresh = await newestStoredSession(page);
    expect(fresh?.id).not.toBe(stored?.id);
    expect(fresh?.id).not.toMatch(/^imported-/);
    expect(fresh?.eventTypes).not.toContain('run_resumed');
    expect(await page.getByRole('region', { name: 'Shared session' }).count()).toBe(0);
    await context.close();
  }, 180_000);
});

describe('a link with very many events', () => {
  it('over the limit: refused with a message that says so, quickly, the page responsive', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    const longestGap = await startHeartbeat(page);
    const encoded = await linkWithManyEvents(60_000);
    const started = Date.now();
    await page.evaluate((hash) => {
      location.hash = hash;
    }, `session=${encoded}`);
    await waitForText(page.getByRole('region', { name: 'Timeline' }), (text) => /opens sessions of at most 20,000/.test(text), {
      what: 'the refusal',
      timeout: 30_000,
    });
    expect(await page.getByRole('region', { name: 'Timeline' }).innerText()).toMatch(
      /The shared session could not be opened: The session has 60,\d{3} events; Phasegate opens sessions of at most 20,000/,
    );
    // It froze the page for about a minute before the limit.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await longestGap()).toBeLessThan(1500);
    await context.close();
  }, 120_000);

  it('under the limit: the page answers a click while the link is read, then shows the latest entries', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    const longestGap = await startHeartbeat(page);
    const encoded = await linkWithManyEvents(19_000);
    await page.evaluate((hash) => {
      location.hash = hash;
    }, `session=${encoded}`);
    // While the worker reads it, a button still answers at once.
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    expect(Date.now() - clicked).toBeLessThan(3000);
    await page.keyboard.press('Escape');
    expect(await waitForText(status(page), (text) => text === 'completed', { what: 'the long session', timeout: 90_000 })).toBe('completed');
    expect(await page.getByRole('button', { name: /^Show 1,000 earlier entries/ }).count()).toBe(1);
    // Before: about 60 s with the page frozen (14 s for 19,900 events with the timeline copied per entry).
    expect(await longestGap()).toBeLessThan(3000);
    await context.close();
  }, 150_000);
});
