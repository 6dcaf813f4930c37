import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, PAGE_CONFIGS, waitForText } from './support/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the agent's text", () => {
  it.each(PAGE_CONFIGS)(
    'is Markdown: code, highlighted blocks, lists, bold, links in a new tab; HTML, scripts and javascript: links stay harmless ($name)',
    async ({ viewport, colorScheme }) => {
      const model = { provider: 'scripted', baseUrl: '', model: 'markdown', apiKey: '', scenario: 'markdown' };
      const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model }, viewport, colorScheme });
      await page.waitForSelector('.app[data-ready="true"]');
      await page.getByRole('button', { name: /^Run/ }).click();
      await waitForText(page.getByRole('status', { name: 'Run status' }), (text) => text === 'completed', { what: 'the run to end', timeout: 30_000 });
      const answer = page.locator('.entry--assistant .markdown').last();
      await answer.locator('strong').first().waitFor();
      expect(await answer.locator('strong code').innerText()).toBe('npm test');
      expect(await answer.locator('pre code.language-bash').count()).toBe(1);
      expect(await answer.locator('pre code .hljs-keyword').count()).toBeGreaterThan(0);
      expect(await answer.locator('li').count()).toBe(2);
      const readme = answer.getByRole('link', { name: 'the README' });
      expect(await readme.getAttribute('href')).toBe('https://example.com/readme');
      expect(await readme.getAttribute('target')).toBe('_blank');
      expect(await readme.getAttribute('rel')).toBe('noopener noreferrer');
      // Raw HTML is dropped, never rendered: no <b>, <script> or <img> from the model.
      expect(await answer.locator('b, script, img').count()).toBe(0);
      // The javascript: link has no href; the image is a link to its address, not loaded.
      expect(await answer.getByText('click me').evaluate((node) => node.closest('a')?.getAttribute('href') ?? null)).toBeNull();
      expect(await answer.getByRole('link', { name: 'a picture' }).getAttribute('href')).toBe('https://example.com/pic.png');
      await answer.getByText('click me').click();
      expect(await page.evaluate(() => (window as { __hacked?: boolean }).__hacked ?? false)).toBe(false);
      // A wide code block scrolls inside its own box, never the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `test-results/markdown-${viewport.width}x${viewport.height}-${colorScheme}.png` });
      await context.close();
    },
    60_000,
  );
});
