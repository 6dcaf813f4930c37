import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocalUrl, launchBrowser, openApp, readable, sandboxFiles, waitForText } from './support/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Opens the page on the virtual sandbox with a scripted scenario, checks that nothing matching
 * `notLoadedYet` was fetched before the run, runs `task` and expects the run to complete.
 */
async function playScenario(scenario: string, task: string, { notLoadedYet }: { notLoadedYet: (url: string) => boolean }) {
  const opened = await openApp(browser, { settings: { sandbox: 'virtual', model: { provider: 'scripted', scenario } } });
  const { page, requests } = opened;
  await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox (no network) — '), {
    what: 'the virtual sandbox',
  });
  await page.waitForSelector('.app[data-ready="true"]');
  expect(requests.filter(notLoadedYet)).toEqual([]);
  await page.getByRole('textbox', { name: 'Task' }).fill(task);
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
  const status = page.getByRole('status', { name: 'Run status' });
  await waitForText(status, (text) => text === 'completed' || text === 'failed', { what: 'the run to end', timeout: 120_000 });
  expect(await status.innerText()).toBe('completed');
  return opened;
}

describe('the offline runtimes on the virtual sandbox, played by their scenarios', () => {
  it('runs pytest on Pyodide in the browser: two failures, the fix, all four pass, the file fixed', async () => {
    const { context, page, requests, errors } = await playScenario('python-demo', 'The tests of text_tools fail. Fix the code so they pass.', {
      // Python loads on first use, not with the page.
      notLoadedYet: (url) => url.includes('/pyodide/'),
    });

    const timeline = readable(await page.getByRole('region', { name: 'Timeline' }).innerText());
    expect(timeline).toMatch(/Run completed after \d+ steps — tests pass/);
    expect(timeline).toContain('Runner: python -m pytest -q');

    const log = (await page.getByRole('region', { name: 'Terminal' }).getByTestId('terminal-log').textContent()) ?? '';
    expect(log).toMatch(/2 failed, 2 passed in [\d.]+s/);
    expect(log).toMatch(/(?<!failed, )4 passed in [\d.]+s/);

    const files = await sandboxFiles(page);
    expect(files['text_tools.py']).toContain('return "-".join(words).lower()');
    expect(Object.keys(files).sort()).toEqual(['README.md', 'test_text_tools.py', 'text_tools.py']);

    expect(requests.some((url) => url.includes('/pyodide/'))).toBe(true);
    expect(requests.filter((url) => !isLocalUrl(url))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('runs node --test on a TypeScript project in QuickJS in the browser: two failures, the fix, all three pass', async () => {
    const { context, page, requests, errors } = await playScenario('node-demo', 'The tests of word-tools fail. Fix the code so they pass.', {
      // QuickJS's wasm loads with the first node command, not with the page.
      notLoadedYet: (url) => url.endsWith('.wasm') && !url.includes('/grammars/'),
    });

    const timeline = readable(await page.getByRole('region', { name: 'Timeline' }).innerText());
    expect(timeline).toMatch(/Run completed after \d+ steps — tests pass/);
    expect(timeline).toContain('2 failed, 1 passed, 0 skipped (node:test)');

    const log = (await page.getByRole('region', { name: 'Terminal' }).getByTestId('terminal-log').textContent()) ?? '';
    expect(log).toContain('> node --test');
    expect(log).toContain('ℹ fail 2');
    expect(log).toMatch(/ℹ pass 3\s/);

    const files = await sandboxFiles(page);
    expect(files['src/words.ts']).toContain('return word.charAt(0).toUpperCase() + word.slice(1);');
    expect(requests.filter((url) => !isLocalUrl(url))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
