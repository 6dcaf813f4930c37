import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium.mjs';

/** Set by scripts/e2e.mjs: the served production build and the browser to drive. */
export function e2eEnvironment(): { baseUrl: string; executablePath: string } {
  const baseUrl = process.env.PHASEGATE_URL;
  const executablePath = process.env.CHROME_PATH;
  if (!baseUrl || !executablePath) {
    throw new Error('PHASEGATE_URL and CHROME_PATH must be set: run the e2e suite with `node scripts/e2e.mjs`.');
  }
  return { baseUrl, executablePath };
}

export function launchBrowser(): Promise<Browser> {
  // No userDataDir: Playwright gives every launch a fresh temporary profile.
  return chromium.launch({ executablePath: e2eEnvironment().executablePath, args: CHROMIUM_ARGS });
}

export interface OpenAppOptions {
  /** Stored settings to start with (merged over the defaults by the page). */
  settings?: Record<string, unknown>;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
}

/** The viewports issue 14 names (desktop, laptop, phone), each in both colour schemes. */
export const PAGE_CONFIGS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
].flatMap((viewport) =>
  (['light', 'dark'] as const).map((colorScheme) => ({ viewport, colorScheme, name: `${viewport.width}×${viewport.height} ${colorScheme}` })),
);

export interface OpenApp {
  context: BrowserContext;
  page: Page;
  /** Every URL the page, its workers and subresources asked for. */
  requests: string[];
  /** Console errors and uncaught page errors, for diagnosis. */
  errors: string[];
}

export function isLocalUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:') return true;
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

export async function openApp(browser: Browser, options: OpenAppOptions = {}): Promise<OpenApp> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1400, height: 900 }, colorScheme: options.colorScheme ?? 'light' });
  const requests: string[] = [];
  const errors: string[] = [];
  // Recorded before routing, so aborted requests still show up in `requests`.
  // The page's own requests: the service worker's background caching of every asset is not the page loading it.
  context.on('request', (request) => {
    if (request.serviceWorker() === null) requests.push(request.url());
  });
  // Nothing leaves this machine: every other request is aborted as if offline.
  await context.route('**/*', (route) => (isLocalUrl(route.request().url()) ? route.continue() : route.abort('internetdisconnected')));
  if (options.settings) {
    await context.addInitScript((stored) => {
      if (localStorage.getItem('phasegate.settings') === null) localStorage.setItem('phasegate.settings', stored);
    }, JSON.stringify(options.settings));
  }
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(e2eEnvironment().baseUrl);
  return { context, page, requests, errors };
}

/**
 * Runs the `slow-command` scenario's task and waits until its `sleep 30` is under way in the
 * Terminal (a run that stays "running" until stopped); returns the Run status and the terminal log.
 */
export async function startSlowCommand(page: Page): Promise<{ status: Locator; terminalLog: Locator }> {
  await page.getByRole('textbox', { name: 'Task' }).fill('Run a slow command.');
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
  const status = page.getByRole('status', { name: 'Run status' });
  await waitForText(status, (text) => text === 'running', { what: 'running' });
  const terminalLog = page.getByRole('region', { name: 'Terminal' }).getByTestId('terminal-log');
  await page.waitForFunction((element) => element?.textContent?.includes('$ sleep 30') ?? false, await terminalLog.elementHandle(), { timeout: 15_000 });
  return { status, terminalLog };
}

/** Polls a locator's text until `check` accepts it; fails with the last text seen. */
export async function waitForText(
  locator: Locator,
  check: (text: string) => boolean,
  { timeout = 30_000, what = 'text' }: { timeout?: number; what?: string } = {},
): Promise<string> {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    last = (await locator.innerText().catch(() => '')).trim();
    if (check(last)) return last;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`Timed out after ${timeout} ms waiting for ${what}; last text: ${JSON.stringify(last.slice(0, 2000))}`);
}

/** Whether the page's fetch of each URL got an answer (any status) or was refused by the network. */
export function fetchOutcomes(page: Page, urls: readonly string[]): Promise<('answered' | 'refused')[]> {
  return page.evaluate(
    (list) =>
      Promise.all(
        list.map((url) =>
          fetch(url, { mode: 'no-cors', cache: 'no-store' }).then(
            () => 'answered' as const,
            () => 'refused' as const,
          ),
        ),
      ),
    [...urls],
  );
}

/** Monaco renders spaces as non-breaking spaces; compare text as a reader sees it. */
export function readable(text: string): string {
  return text.replace(/\u00a0/g, ' ');
}

/** The files in the page's sandbox now, as text: what "Download workspace (.zip)" gives. */
export async function sandboxFiles(page: Page): Promise<Record<string, string>> {
  // Clicked through the DOM: on a phone the button sits on the Editor's tab, which may be hidden.
  const button = page.getByRole('button', { name: 'Download workspace (.zip)', exact: true, includeHidden: true });
  const [file] = await Promise.all([page.waitForEvent('download'), button.evaluate((element: HTMLElement) => element.click())]);
  const zip = unzipSync(new Uint8Array(readFileSync(await file.path())));
  return Object.fromEntries(Object.entries(zip).map(([path, content]) => [path, strFromU8(content)]));
}

/** The scripted demo's model settings, for a page that must start on it whatever the defaults become. */
export const SCRIPTED = { provider: 'scripted', baseUrl: '', model: 'demo', apiKey: '', scenario: 'demo' };
