import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSessionFromLink } from '../../src/store/share-link';
import { launchBrowser, openApp, waitForText } from './support/app';
import { linkFromAnotherModel } from './support/shared-link';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function linkInShareDialog(page: Page): Promise<string> {
  const box = page.getByRole('dialog', { name: 'Share' }).getByRole('textbox', { name: 'Share link' });
  await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toMatch(/#session=/);
  return box.inputValue();
}

function decoded(link: string): string {
  const result = decodeSessionFromLink(link.split('#session=')[1] ?? '');
  return result.ok ? JSON.stringify(result.value) : '';
}

describe('a shared session explains itself', () => {
  it('shows its task and model, refuses the demo model inside it, shares without the address by default, and leaves the address once the viewer runs', async () => {
    const { link, task } = await linkFromAnotherModel();
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.waitForSelector('.app[data-ready="true"]');
    await page.goto(link);
    const banner = page.getByRole('region', { name: 'Shared session' });
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.innerText()).toContain('model qwen-coder @ gpu-box.corp:8000 · ReAct · offline sandbox');
    expect(await page.locator('.model-label').innerText()).toContain('qwen-coder @ gpu-box.corp:8000');
    expect(await page.getByRole('textbox', { name: 'Task' }).inputValue()).toBe(task);

    // "Replay from the start" plays it from its first event.
    await banner.getByRole('button', { name: 'Replay from the start' }).click();
    const slider = page.getByRole('slider', { name: 'Replay position' });
    await page.getByRole('group', { name: 'Replay' }).getByRole('button', { name: 'Pause' }).waitFor();
    expect(Number(await slider.inputValue())).toBeLessThan(Number(await slider.getAttribute('max')));

    // The scripted demo cannot go on inside someone else's session: a model first.
    await banner.getByRole('button', { name: 'Continue from here' }).click();
    const ask = page.getByRole('dialog', { name: 'Start a new run of yours from here?' });
    await ask.waitFor();
    expect(await ask.innerText()).toContain('it cannot go on with this session (recorded with qwen-coder @ gpu-box.corp:8000)');
    expect(await ask.getByRole('button', { name: 'Start new run' }).count()).toBe(0);
    await ask.getByRole('button', { name: 'Open Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.waitFor({ state: 'visible' });
    await settings.getByRole('button', { name: 'Cancel' }).click();

    // Shared on from here: no address unless asked for.
    await page.getByRole('button', { name: 'Share' }).click();
    const plain = decoded(await linkInShareDialog(page));
    expect(plain).toContain('"label":"qwen-coder"');
    expect(plain).not.toContain('gpu-box.corp');
    const share = page.getByRole('dialog', { name: 'Share' });
    await share.getByRole('checkbox', { name: "Include the model's address" }).check();
    await expect.poll(async () => decoded(await linkInShareDialog(page))).toContain('qwen-coder @ gpu-box.corp:8000');
    await share.getByRole('button', { name: 'Close' }).click();

    // The address keeps the session until the viewer runs something of their own.
    expect(page.url()).toContain('#session=');
    await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
    await waitForText(page.getByRole('status', { name: 'Run status' }), (text) => text === 'completed', { what: "the viewer's own run", timeout: 60_000 });
    expect(page.url()).not.toContain('#session=');
    expect(await page.getByRole('region', { name: 'Shared session' }).count()).toBe(0);
    expect(await page.locator('.model-label').innerText()).toMatch(/Demo \(scripted\)$/);
    await context.close();
  }, 120_000);
});
