import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, readable, waitForText } from './support/app';
import { highlightedLines } from './support/editor';
import { openFromSessions, replayPosition, waitForReplayLongerThan } from './support/replay';

/** Issue 22's page: the orchestrator demo's roles in the Phase strip, the Timeline's role groups and the handoff cards. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ORCHESTRATOR_DEMO = { provider: 'scripted', baseUrl: '', model: 'demo', apiKey: '', scenario: 'orchestrator-demo' };
const PHASE_STATUS = '[role="status"][aria-label="Phase"]';
const HEADERS = ['Planner', 'Coder · round 1', 'Reviewer · round 1', 'Coder · round 2 · sent back by the review', 'Reviewer · round 2'];

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('.app[data-ready="true"]');
  await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox'), { what: 'the virtual sandbox' });
}

/** Notes every text the Phase status shows, however briefly, from now on, with the role headers open at that moment. */
async function recordPhaseTexts(page: Page): Promise<void> {
  await page.evaluate((selector) => {
    const seen: Array<{ text: string; open: string[] }> = [];
    (window as unknown as { phaseTexts: typeof seen }).phaseTexts = seen;
    const note = () => {
      const text = document.querySelector(selector)?.textContent?.trim() ?? '';
      if (seen.at(-1)?.text === text) return;
      const open = [...document.querySelectorAll('.role-group-toggle[aria-expanded="true"]')].map(
        (button) => button.textContent?.replace(/^[▾▸]\s*/, '') ?? '',
      );
      seen.push({ text, open });
    };
    note();
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, PHASE_STATUS);
}

const phaseTexts = (page: Page) => page.evaluate(() => [...(window as unknown as { phaseTexts: Array<{ text: string; open: string[] }> }).phaseTexts]);

/** The Timeline's role headers: their names and whether each is open. */
async function headers(timeline: Locator): Promise<Array<[string, string | null]>> {
  const buttons = timeline.locator('.role-group-toggle');
  const out: Array<[string, string | null]> = [];
  for (let i = 0; i < (await buttons.count()); i++) {
    const button = buttons.nth(i);
    out.push([readable(await button.innerText()).replace(/^[▾▸]\s*/, ''), await button.getAttribute('aria-expanded')]);
  }
  return out;
}

/** The cards every view of the finished run shows: the plan, and the two reviews with their verdicts and the finding. */
async function expectCards(timeline: Locator): Promise<void> {
  const plan = readable(await timeline.getByRole('group', { name: 'Plan', exact: true }).innerText());
  expect(plan).toContain('Add a slugify function to sample-utils');
  expect(plan).toContain('Add src/slugify.sh defining slugify');
  expect(plan).toContain('Acceptance criteria');
  expect(plan).toContain('slugify "Hello World" prints hello-world');
  const work = readable(await timeline.getByRole('group', { name: 'Work, round 2', exact: true }).innerText());
  expect(work).toContain('lowercases its input with tr');
  expect(work).toContain('tests/slugify_test.sh');
  const review1 = readable(await timeline.getByRole('group', { name: 'Review, round 1', exact: true }).innerText());
  expect(review1).toContain('changes requested');
  expect(review1).toContain('src/slugify.sh:3');
  expect(review1).toContain('Capital letters are kept');
  expect(review1).toContain('Lowercase the text (tr)');
  expect(readable(await timeline.getByRole('group', { name: 'Review, round 2', exact: true }).innerText())).toContain('approved');
}

/** The finding's file opens in the Editor at its line, highlighted. */
async function expectFindingOpens(page: Page, timeline: Locator): Promise<void> {
  await timeline.getByRole('group', { name: 'Review, round 1', exact: true }).getByRole('button', { name: 'src/slugify.sh:3' }).click();
  const editor = page.getByRole('region', { name: 'Editor' });
  await page.waitForSelector('.monaco-host[data-loaded="true"] .view-lines', { timeout: 30_000 });
  await waitForText(editor.locator('.editor-path'), (text) => text.includes('src/slugify.sh') && text.includes('line 3'), { what: 'src/slugify.sh at line 3' });
  expect(await editor.getByRole('tab', { selected: true }).innerText()).toContain('slugify.sh');
  await expect.poll(() => highlightedLines(page), { timeout: 15_000 }).toEqual([3]);
}

describe('orchestrator mode on the scripted orchestrator demo', () => {
  it('offers the mode, runs the demo through its roles, groups the Timeline by role and opens a finding in the Editor', async () => {
    // Settings' mode is ReAct: the demo plays in the orchestrator mode it was recorded in, and says so.
    const { context, page, errors } = await openApp(browser, { settings: { sandbox: 'virtual', model: ORCHESTRATOR_DEMO } });
    await ready(page);
    expect(readable(await page.locator('#demo-note').innerText())).toContain('It plays in orchestrator mode');
    const phase = page.getByRole('status', { name: 'Phase', exact: true });
    expect(await phase.innerText()).toBe('Role: none — not started (planner, coder, reviewer)');
    expect(await page.getByRole('list', { name: 'Roles' }).getByRole('listitem').allInnerTexts()).toEqual(['Planner', 'Coder (round 1)', 'Reviewer (round 1)']);

    // The Mode combobox offers orchestrator.
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const modes = await dialog
      .getByRole('combobox', { name: 'Mode', exact: true })
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(modes).toEqual(['react', 'plan_exec', 'orchestrator']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await recordPhaseTexts(page);
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    const status = page.getByRole('status', { name: 'Run status' });
    const timeline = page.getByRole('region', { name: 'Timeline' });
    // While the coder's second round works, the strip marks it current.
    await waitForText(phase, (text) => text === 'Role: coder (round 2)', { what: 'the coder round 2', timeout: 60_000 });
    expect(await page.getByRole('list', { name: 'Roles' }).locator('[aria-current="step"]').innerText()).toMatch(/^(Coder|Reviewer) \(round 2\)$/);

    expect(await waitForText(status, (text) => ['completed', 'failed', 'cancelled'].includes(text), { what: 'the run to end', timeout: 90_000 })).toBe(
      'completed',
    );
    // The roles in turn (the page renders the worker's events in batches: on a busy machine a short role may
    // start and end within one, so the strip shows the roles it had time to show, in order); while a role
    // works its group is the one open, the finished ones closed with their cards in view.
    const seen = (await phaseTexts(page)).filter(({ text }) => !text.startsWith('Role: none'));
    const order = ['Role: planner', 'Role: coder (round 1)', 'Role: reviewer (round 1)', 'Role: coder (round 2)', 'Role: reviewer (round 2)'];
    const ownHeader = (text: string) => HEADERS[order.indexOf(text)];
    expect(seen.map(({ text }) => text)).toContain('Role: coder (round 2)');
    expect(seen.map(({ text }) => order.indexOf(text))).toEqual([...new Set(seen.map(({ text }) => order.indexOf(text)))].sort((a, b) => a - b));
    for (const { text, open } of seen) expect(open, text).toEqual([ownHeader(text)]);
    expect(await page.getByRole('list', { name: 'Roles' }).getByRole('listitem').allInnerTexts()).toEqual(['Planner', 'Coder (round 2)', 'Reviewer (round 2)']);

    // Every role has its header, closed once it handed off; the run's end sits after the groups.
    expect(await headers(timeline)).toEqual(HEADERS.map((name) => [name, 'false']));
    const end = readable(await timeline.locator('.run-end').innerText());
    expect(end).toMatch(/^Run completed after \d+ steps — tests pass/);
    expect(await timeline.locator('.role-group .run-end').count()).toBe(0);

    // A header is a button: the mouse opens it, the keyboard closes it again.
    const coder2 = timeline.getByRole('button', { name: 'Coder · round 2 · sent back by the review' });
    const steps = timeline.locator('.role-group[data-role="coder"][data-round="2"] .role-group-steps');
    expect(await steps.isVisible()).toBe(false);
    await coder2.click();
    expect(await coder2.getAttribute('aria-expanded')).toBe('true');
    expect(readable(await steps.innerText())).toContain('edit_file');
    await coder2.focus();
    await page.keyboard.press('Enter');
    expect(await coder2.getAttribute('aria-expanded')).toBe('false');
    expect(await steps.isVisible()).toBe(false);
    await page.keyboard.press('Space');
    expect(await coder2.getAttribute('aria-expanded')).toBe('true');

    await expectCards(timeline);
    await expectFindingOpens(page, timeline);
    expect(errors).toEqual([]);
    await page.screenshot({ path: 'test-results/orchestrator.png', fullPage: true });
    await context.close();
  }, 150_000);

  it('shows the same roles and cards in the ready-made session, replayed to its end', async () => {
    const { context, page, errors } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await ready(page);
    await openFromSessions(page, /^Replay Planner, coder, reviewer/);
    await waitForReplayLongerThan(page, 200);
    const phase = page.getByRole('status', { name: 'Phase', exact: true });
    const timeline = page.getByRole('region', { name: 'Timeline' });

    // Just after the plan: its card is there, but src/slugify.sh is not written yet: the workspace at this point has no such file.
    const max = Number(await replayPosition(page).getAttribute('max'));
    const editorTabs = page.getByRole('region', { name: 'Editor' }).getByRole('tab');
    let afterPlan = false;
    for (let at = Math.round(max * 0.1); at < max * 0.4 && !afterPlan; at++) {
      await replayPosition(page).fill(String(at));
      const tabs = await editorTabs.allInnerTexts();
      afterPlan = (await phase.innerText()).startsWith('Role: coder (round 1)') && !tabs.some((tab) => tab.includes('slugify.sh'));
    }
    expect(afterPlan).toBe(true);
    const plan = timeline.getByRole('group', { name: 'Plan', exact: true });
    await plan.getByRole('button', { name: 'src/slugify.sh', exact: true }).click();
    expect(readable(await plan.getByRole('status').innerText())).toContain('not opened: src/slugify.sh is not in the workspace at this point');

    // Stepped into the coder's second round: the strip and the open group say where the replay is.
    await replayPosition(page).fill(String(Math.round(max * 0.7)));
    await waitForText(phase, (text) => text.startsWith('Role: coder (round 2)') || text.startsWith('Role: reviewer (round 2)'), { what: 'a late role' });

    await replayPosition(page).fill(String(max));
    await waitForText(page.getByRole('status', { name: 'Run status' }), (text) => text === 'completed', { what: 'the replay at its end' });
    expect(await phase.innerText()).toBe('Role: none — the run ended after the reviewer (round 2)');
    expect(await headers(timeline)).toEqual(HEADERS.map((name) => [name, 'false']));
    await expectCards(timeline);
    await expectFindingOpens(page, timeline);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
