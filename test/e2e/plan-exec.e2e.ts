import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, readable, waitForText } from './support/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHASE_STATUS = '[role="status"][aria-label="Phase"]';
const REFUSAL_TOAST = '[role="status"][aria-label="Refusal"]';

interface Recording {
  /** Every distinct text the Phase status showed, in order. */
  phases: string[];
  /** One entry per refusal toast added to the page, with when it was added and removed. */
  toasts: Array<{ id: string; text: string; addedAt: number; removedAt: number | null }>;
}

/**
 * Installs a MutationObserver before the run, so no phase is missed however short:
 * it records each Phase status text and every refusal toast put on (and taken off) the page.
 */
async function startRecording(page: Page): Promise<void> {
  await page.evaluate(
    ({ phaseSelector, toastSelector }) => {
      const recording: Recording = { phases: [], toasts: [] };
      (window as unknown as { __recording: Recording }).__recording = recording;
      const recordPhase = () => {
        const text = document.querySelector(phaseSelector)?.textContent?.trim() ?? '';
        if (recording.phases.at(-1) !== text) recording.phases.push(text);
      };
      const toastsIn = (node: Node): Element[] =>
        node instanceof Element ? [...(node.matches(toastSelector) ? [node] : []), ...node.querySelectorAll(toastSelector)] : [];
      const live = new Map<Element, Recording['toasts'][number]>();
      recordPhase();
      new MutationObserver((mutations) => {
        recordPhase();
        for (const mutation of mutations) {
          for (const node of mutation.addedNodes) {
            for (const toast of toastsIn(node)) {
              const entry = { id: toast.getAttribute('data-violation-id') ?? '', text: toast.textContent ?? '', addedAt: performance.now(), removedAt: null };
              recording.toasts.push(entry);
              live.set(toast, entry);
            }
          }
          for (const node of mutation.removedNodes) {
            for (const toast of toastsIn(node)) {
              const entry = live.get(toast);
              if (entry) entry.removedAt = performance.now();
            }
          }
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { phaseSelector: PHASE_STATUS, toastSelector: REFUSAL_TOAST },
  );
}

const recording = (page: Page) => page.evaluate(() => (window as unknown as { __recording: Recording }).__recording);

async function openPlanExec(extra: Record<string, unknown> = {}) {
  const app = await openApp(browser, { settings: { sandbox: 'virtual', mode: 'plan_exec', ...extra } });
  await app.page.waitForSelector('.app[data-ready="true"]');
  await waitForText(app.page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox'), { what: 'the virtual sandbox' });
  return app;
}

async function runToEnd(page: Page): Promise<string> {
  await page.getByRole('textbox', { name: 'Task' }).fill('Add a slugify function to sample-utils, with tests.');
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
  const status = page.getByRole('status', { name: 'Run status' });
  return waitForText(status, (text) => ['completed', 'failed', 'cancelled'].includes(text), { what: 'the run to end', timeout: 60_000 });
}

describe('plan_exec mode on the scripted demo', () => {
  it('walks planning, building, verification and delivery, with one refusal shown once', async () => {
    const { context, page, errors } = await openPlanExec();
    const phase = page.getByRole('status', { name: 'Phase', exact: true });
    expect(await phase.innerText()).toBe('Phase: none — not started');

    await startRecording(page);
    const runEnd = runToEnd(page);

    // The toast names the refused tool and the hint; focusing it holds it open, Escape closes it.
    const toast = page.getByRole('status', { name: 'Refusal' });
    await toast.waitFor({ state: 'visible', timeout: 30_000 });
    const toastText = readable(await toast.innerText());
    expect(toastText).toContain('create_file');
    expect(toastText).toContain('Planning is read-only');
    await toast.getByRole('button', { name: 'Dismiss refusal' }).focus();
    await page.keyboard.press('Escape');
    await toast.waitFor({ state: 'detached', timeout: 2_000 });

    expect(await runEnd).toBe('completed');
    const { phases, toasts } = await recording(page);
    expect(phases.filter((text) => !text.startsWith('Phase: none'))).toEqual(['Phase: planning', 'Phase: building', 'Phase: verification', 'Phase: delivery']);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.removedAt).not.toBeNull();

    expect(await phase.innerText()).toBe('Phase: delivery');
    expect(await page.getByRole('list', { name: 'Phases' }).locator('[aria-current="step"]').innerText()).toBe('delivery');

    const timeline = readable(await page.getByRole('region', { name: 'Timeline' }).innerText());
    expect(timeline).toMatch(/Refused\s+create_file in planning/i);
    expect(timeline).toContain('Planning is read-only');
    expect(timeline).toContain('Phase: planning → building');
    expect(timeline).toContain('Phase: verification → delivery');
    expect(await page.locator('.entry .refusal').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.screenshot({ path: 'test-results/plan-exec.png', fullPage: true });
    await context.close();
  });

  it('hides a refusal toast on its own after a few seconds', async () => {
    const { context, page } = await openPlanExec();
    await startRecording(page);
    expect(await runToEnd(page)).toBe('completed');
    const toast = page.getByRole('status', { name: 'Refusal' });
    await toast.waitFor({ state: 'detached', timeout: 15_000 });
    const { toasts } = await recording(page);
    expect(toasts).toHaveLength(1);
    const shownMs = (toasts[0]?.removedAt ?? Number.NaN) - (toasts[0]?.addedAt ?? Number.NaN);
    expect(shownMs).toBeGreaterThan(3_000);
    expect(shownMs).toBeLessThan(12_000);
    await context.close();
  });

  it('passes the policy from Settings to the run', async () => {
    // Planning that may write: the demo's early create_file is no longer refused.
    const { context, page } = await openPlanExec({ policyText: '{"phases":{"planning":{"tools":["*"],"writes":true}}}' });
    await startRecording(page);
    expect(await runToEnd(page)).toBe('completed');
    const { phases, toasts } = await recording(page);
    expect(toasts).toEqual([]);
    expect(phases).toContain('Phase: delivery');
    expect(await page.locator('.entry .refusal').count()).toBe(0);
    await context.close();
  });

  it('says react mode when the run is not phased', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    expect(await page.getByRole('status', { name: 'Phase', exact: true }).innerText()).toBe('Mode: ReAct — no phases');
    await context.close();
  });
});

describe('the phase policy in Settings', () => {
  it('warns of settings that never take effect, shows an inline error naming the bad value, blocks saving, and accepts a valid override', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor({ state: 'visible' });

    const mode = dialog.getByRole('combobox', { name: 'Mode', exact: true });
    expect(await mode.inputValue()).toBe('react');
    await mode.selectOption('plan_exec');

    // The defaults, read-only, for reference.
    await dialog.getByText('Default policy (read-only)').click();
    const defaults = await waitForText(dialog.getByLabel('Default policy JSON'), (text) => text.includes('"startPhase"'), { what: 'the default policy' });
    expect(JSON.parse(defaults)).toMatchObject({ startPhase: 'planning', phases: { planning: { writes: false } } });

    const policy = dialog.getByRole('textbox', { name: 'Policy (JSON)' });
    // A setting that would never take effect is said as it is typed, before any run.
    await policy.fill('{"phases":{"building":{"rollback":"git checkout ."}}}');
    const warnings = dialog.getByRole('list', { name: 'Policy warnings' });
    const warned = await waitForText(warnings, (text) => text.includes('phases.building.rollback never runs'), { what: 'the policy warning' });
    expect(warned).toContain('phases.building.validate is not set');
    await policy.fill('{"phases":{"planning":{"tools":["rm"]}}}');
    const error = await waitForText(policyError(page), (text) => text.includes('"rm"'), { what: 'the inline policy error' });
    expect(error).toContain('phases.planning.tools');
    expect(await warnings.count()).toBe(0);
    expect(await policy.getAttribute('aria-invalid')).toBe('true');
    expect(await policy.getAttribute('aria-describedby')).toContain('policy-error');

    // Save waits for the worker's policy check (the button is aria-disabled meanwhile): once it is
    // enabled again, Save has decided, and the dialog must still be there.
    const save = dialog.getByRole('button', { name: 'Save' });
    await save.evaluate((button) => {
      const states: string[] = [];
      (window as unknown as { saveStates: string[] }).saveStates = states;
      new MutationObserver(() => states.push(button.getAttribute('aria-disabled') ?? '')).observe(button, {
        attributes: true,
        attributeFilter: ['aria-disabled'],
      });
    });
    await save.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { saveStates: string[] }).saveStates)).toEqual(['true', 'false']);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('alert').innerText()).toContain('Fix the field');
    expect(await page.evaluate(() => localStorage.getItem('phasegate.settings'))).not.toContain('"rm"');

    await policy.fill('{"phases":{"x":{}}}');
    await waitForText(policyError(page), (text) => text.includes('unknown phase "x"'), { what: 'the unknown phase error' });

    const valid = '{"phases":{"planning":{"autoAdvanceAfter":5}}}';
    await policy.fill(valid);
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('aria-invalid') === 'false', '#policy');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('phasegate.settings'))) ?? '{}');
    expect(stored).toMatchObject({ mode: 'plan_exec', policyText: valid });
    expect(await page.getByRole('status', { name: 'Phase', exact: true }).innerText()).toBe('Phase: none — not started');

    // Both survive a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    expect(await dialog.getByRole('combobox', { name: 'Mode', exact: true }).inputValue()).toBe('plan_exec');
    expect(await dialog.getByRole('textbox', { name: 'Policy (JSON)' }).inputValue()).toBe(valid);
    await context.close();
  });
});

/** The element the policy textbox's aria-describedby points at for its error. */
function policyError(page: Page) {
  return page.locator('#policy-error');
}
