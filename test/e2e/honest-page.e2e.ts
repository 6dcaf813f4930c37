import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, PAGE_CONFIGS, readable, SCRIPTED, waitForText } from './support/app';

/** Issue 14, points 6, 8 and 9: honest wording, the react-mode label and contrast, toasts that hide no control. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SCHEMES = ['light', 'dark'] as const;
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
] as const;

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('.app[data-ready="true"]');
  await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('Offline sandbox'), { what: 'the virtual sandbox' });
}

async function runToEnd(page: Page, task = 'Add a slugify function to sample-utils, with tests.'): Promise<string> {
  await page.getByRole('textbox', { name: 'Task' }).fill(task);
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
  const status = page.getByRole('status', { name: 'Run status' });
  return waitForText(status, (text) => ['completed', 'failed', 'cancelled'].includes(text), { what: 'the run to end', timeout: 60_000 });
}

interface ContrastSample {
  text: string;
  where: string;
  ratio: number;
}

/**
 * The contrast of each visible element matching `selector` that has text of its own, from
 * getComputedStyle: the text colour (and the opacities above it) over the first opaque background
 * behind it, blending translucent backgrounds on the way, by the WCAG relative luminance formula.
 */
function contrastOf(page: Page, selector: string, only11px: boolean): Promise<ContrastSample[]> {
  return page.evaluate(
    ({ selector, only11px }) => {
      type Rgba = [number, number, number, number];
      const parse = (value: string): Rgba => {
        const parts = value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
        return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
      };
      const over = (top: Rgba, bottom: Rgba): Rgba => {
        const a = top[3];
        return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
      };
      const luminance = ([r, g, b]: Rgba) => {
        const channel = (c: number) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const background = (element: Element): Rgba => {
        const layers: Rgba[] = [];
        for (let node: Element | null = element; node; node = node.parentElement) {
          const colour = parse(getComputedStyle(node).backgroundColor);
          if (colour[3] > 0) layers.push(colour);
          if (colour[3] >= 1) break;
        }
        let result: Rgba = [255, 255, 255, 1];
        for (const layer of layers.reverse()) result = over(layer, result);
        return result;
      };
      const opacity = (element: Element): number => {
        let value = 1;
        for (let node: Element | null = element; node; node = node.parentElement) value *= Number(getComputedStyle(node).opacity);
        return value;
      };
      const samples: Array<{ text: string; where: string; ratio: number }> = [];
      for (const element of document.querySelectorAll(selector)) {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || style.visibility !== 'visible') continue;
        if (only11px && style.fontSize !== '11px') continue;
        const own = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? '')
          .join('')
          .trim();
        const pseudo = getComputedStyle(element, '::before')
          .content.replace(/^none$|^normal$/, '')
          .trim();
        if (own === '' && pseudo === '') continue;
        const back = background(element);
        const colour = parse(style.color);
        const text = over([colour[0], colour[1], colour[2], colour[3] * opacity(element)], back);
        const [hi, lo] = [luminance(text), luminance(back)].sort((x, y) => y - x) as [number, number];
        samples.push({ text: own || pseudo, where: element.className.toString(), ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100 });
      }
      return samples;
    },
    { selector, only11px },
  );
}

describe('honest wording (point 6)', () => {
  it.each(PAGE_CONFIGS)(
    'says "Run failed before the first step" when the model never answered, with one full stop after its message ($name)',
    async ({ viewport, colorScheme }) => {
      const { context, page } = await openApp(browser, {
        settings: { sandbox: 'virtual', model: { provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'gpt-4o-mini', apiKey: 'sk-test-key-0000' } },
        viewport,
        colorScheme,
      });
      // The provider turns the key down with a message that already ends in a full stop.
      await context.route('http://127.0.0.1:9/**', (route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } }),
        }),
      );
      await ready(page);
      expect(await runToEnd(page, 'Say hello.')).toBe('failed');
      const card = page.getByRole('group', { name: 'Run failed' });
      expect(readable(await card.locator('.run-end-title').innerText())).toMatch(/^Run failed before the first step/);
      const timeline = readable(await page.getByRole('region', { name: 'Timeline' }).innerText());
      expect(timeline).toContain('Incorrect API key provided.');
      expect(timeline).not.toMatch(/after 0 steps|after 1 step\b/);
      expect(timeline).not.toMatch(/[^.]\.\.(?!\.)/);
      await context.close();
    },
  );

  it.each(PAGE_CONFIGS)('never shows an empty stderr, nor hides one behind "Show all" ($name)', async ({ viewport, colorScheme }) => {
    // The plan_exec demo runs `grep` with run_command: stdout, no stderr.
    const model = { ...SCRIPTED, model: 'plan_exec-demo', scenario: 'plan_exec-demo' };
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual', model, mode: 'plan_exec' }, viewport, colorScheme });
    await ready(page);
    expect(await runToEnd(page)).toBe('completed');
    const timeline = page.getByRole('region', { name: 'Timeline' });
    expect(readable(await timeline.innerText())).toMatch(/Run completed after \d+ steps/);
    // Every output, expanded: no stderr section that says nothing.
    const showAll = timeline.getByRole('button', { name: /^Show all/ });
    // Each click turns its button into "Show less", so the first one left is the next to open.
    for (let left = await showAll.count(); left > 0; left = await showAll.count()) await showAll.first().click();
    const outputs = await timeline.locator('.tool-output').allInnerTexts();
    expect(outputs.some((text) => text.includes('--- stdout ---'))).toBe(true);
    for (const text of outputs) expect(text).not.toMatch(/--- stderr ---\s*\(empty\)/);
    await context.close();
  });
});

describe('the mode label and contrast (point 8)', () => {
  it.each(PAGE_CONFIGS)('shows "Mode: ReAct" and no phase strip in react mode, the strip in plan_exec ($name)', async ({ viewport, colorScheme }) => {
    const react = await openApp(browser, { settings: { sandbox: 'virtual', model: SCRIPTED, mode: 'react' }, viewport, colorScheme });
    await ready(react.page);
    const label = react.page.getByRole('status', { name: 'Phase', exact: true });
    expect(await label.innerText()).toBe('Mode: ReAct — no phases');
    expect(await react.page.getByRole('list', { name: 'Phases' }).count()).toBe(0);
    await react.context.close();

    const phased = await openApp(browser, { settings: { sandbox: 'virtual', model: SCRIPTED, mode: 'plan_exec' }, viewport, colorScheme });
    await ready(phased.page);
    expect(await phased.page.getByRole('status', { name: 'Phase', exact: true }).innerText()).toBe('Phase: none — not started');
    // Below 1100 px the header keeps only the status text; the strip needs the room.
    expect(await phased.page.getByRole('list', { name: 'Phases' }).getByRole('listitem').count()).toBe(viewport.width > 1100 ? 4 : 0);
    await phased.context.close();
  });

  for (const colorScheme of SCHEMES) {
    it(`keeps 11 px text and the completed pill at 4.5:1 or more (${colorScheme})`, async () => {
      const { context, page } = await openApp(browser, { colorScheme, settings: { sandbox: 'virtual', model: SCRIPTED, mode: 'plan_exec' } });
      await page.setViewportSize({ width: 1440, height: 900 });
      await ready(page);

      // Before the run: the phase strip, not yet active, at 11 px.
      const before = await contrastOf(page, '.phase-step', true);
      expect(before.length).toBe(4);

      expect(await runToEnd(page)).toBe('completed');
      const pill = await contrastOf(page, '.pill--status', false);
      expect(pill.map((sample) => sample.text)).toEqual(['completed']);
      const small = await contrastOf(page, 'body *', true);
      expect(small.length).toBeGreaterThan(4);
      const failing = [...before, ...pill, ...small].filter((sample) => sample.ratio < 4.5);
      expect(failing).toEqual([]);
      await context.close();
    });
  }
});

describe('refusal toasts (point 9)', () => {
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      it(`cover no button, tab or textbox at ${viewport.width}×${viewport.height} (${colorScheme})`, async () => {
        const { context, page } = await openApp(browser, { colorScheme, settings: { sandbox: 'virtual', model: SCRIPTED, mode: 'plan_exec' } });
        await page.setViewportSize(viewport);
        await ready(page);
        const runEnd = runToEnd(page);
        const toast = page.getByRole('status', { name: 'Refusal' });
        await toast.waitFor({ state: 'visible', timeout: 30_000 });
        // Hovering holds the toast open while it is measured.
        await toast.hover();
        const covered = await page.evaluate(() => {
          const toastBox = document.querySelector('[role="status"][aria-label="Refusal"]');
          if (!toastBox) return ['no toast'];
          const t = toastBox.getBoundingClientRect();
          const controls = document.querySelectorAll('button, [role="tab"], [role="button"], input, textarea, select, [role="textbox"], a[href]');
          const hits: string[] = [];
          for (const control of controls) {
            if (toastBox.contains(control)) continue;
            const style = getComputedStyle(control);
            const c = control.getBoundingClientRect();
            if (c.width < 2 || c.height < 2 || style.visibility !== 'visible' || style.display === 'none') continue;
            const overlap = Math.min(t.right, c.right) > Math.max(t.left, c.left) && Math.min(t.bottom, c.bottom) > Math.max(t.top, c.top);
            if (overlap) hits.push(`${control.tagName} ${control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? ''}`);
          }
          return hits;
        });
        expect(covered).toEqual([]);
        // Nothing lies on top of the toast either: its centre is the toast.
        const onTop = await page.evaluate(() => {
          const box = document.querySelector('[role="status"][aria-label="Refusal"]')?.getBoundingClientRect();
          if (!box) return false;
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit?.closest('[role="status"][aria-label="Refusal"]') !== null;
        });
        expect(onTop).toBe(true);
        await page.mouse.move(0, 0);
        expect(await runEnd).toBe('completed');
        await context.close();
      });
    }
  }
});
