import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, SCRIPTED, waitForText } from './support/app';
import { seriousAxeViolations } from './support/axe';

/**
 * Issue 23: the preview. WebContainer cannot boot on this machine (no network), so the test
 * installs a small in-page container through the one test hook (`src/ui/sandbox/injected-boot.ts`,
 * defined here with addInitScript, absent in production); from its boot on, the page runs as in
 * production: WebContainerSandbox, the comlink proxy to the worker, the engine's log, the reducer.
 * The preview target is a local HTTP server that counts its requests and sends no COEP or CORP
 * header (as a dev server would not), so the frame loads only because it is credentialless.
 */

let browser: Browser;
let server: Server;
let previewUrl = '';
let requests = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  server = createServer((request, response) => {
    if (request.url === '/') requests++;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>App</title><h1>Hello from the preview</h1><p>request ${requests}</p></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  previewUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** The in-page container: a file map for the starter project, no processes, and WebContainer's `on`. */
function installContainer(): void {
  const files = new Map<string, string>();
  const dirs = new Set<string>(['']);
  const listeners: Record<string, Set<(...args: unknown[]) => void>> = { 'server-ready': new Set(), port: new Set() };
  const key = (path: string) =>
    path
      .replace(/^\/home\/workspace\/?/, '')
      .replace(/^\.\/?/, '')
      .replace(/\/+$/, '');
  const missing = (path: string) => Object.assign(new Error(`ENOENT: no such file or directory, '${path}'`), { code: 'ENOENT' });
  const mount = (tree: Record<string, { file?: { contents: string }; directory?: Record<string, never> }>, prefix: string) => {
    for (const [name, node] of Object.entries(tree)) {
      const path = prefix === '' ? name : `${prefix}/${name}`;
      if (node.file) files.set(path, node.file.contents);
      else {
        dirs.add(path);
        mount(node.directory ?? {}, path);
      }
    }
  };
  const container = {
    workdir: '/home/workspace',
    fs: {
      readFile: async (path: string) => {
        const content = files.get(key(path));
        if (content === undefined) throw missing(path);
        return content;
      },
      writeFile: async (path: string, data: string) => void files.set(key(path), data),
      readdir: async (path: string) => {
        const at = key(path);
        if (!dirs.has(at)) throw missing(path);
        const prefix = at === '' ? '' : `${at}/`;
        const kinds = new Map<string, 'file' | 'dir'>();
        for (const file of files.keys()) if (file.startsWith(prefix) && !file.slice(prefix.length).includes('/')) kinds.set(file.slice(prefix.length), 'file');
        for (const dir of dirs) if (dir !== at && dir.startsWith(prefix) && !dir.slice(prefix.length).includes('/')) kinds.set(dir.slice(prefix.length), 'dir');
        return [...kinds].map(([name, kind]) => ({ name, isFile: () => kind === 'file', isDirectory: () => kind === 'dir' }));
      },
      mkdir: async (path: string) => void dirs.add(key(path)),
      rm: async (path: string) => {
        files.delete(key(path));
        dirs.delete(key(path));
      },
    },
    spawn: async () => {
      throw new Error('this test container runs no processes');
    },
    mount: async (tree: Parameters<typeof mount>[0]) => mount(tree, ''),
    on: (event: string, listener: (...args: unknown[]) => void) => {
      listeners[event]?.add(listener);
      return () => void listeners[event]?.delete(listener);
    },
    teardown: () => undefined,
  };
  Object.assign(globalThis, {
    __phasegateInjectedWebContainerBoot: async () => container,
    __testWatchers: () => listeners['server-ready']?.size ?? 0,
    __testServe: (port: number, url: string) => {
      for (const listener of listeners['server-ready'] ?? []) listener(port, url);
      for (const listener of listeners.port ?? []) listener(port, 'open', url);
    },
  });
}

async function openWithServer(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark'): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await openApp(browser, { settings: { sandbox: 'webcontainer', model: SCRIPTED }, viewport, colorScheme });
  await context.addInitScript(installContainer);
  await page.reload();
  await waitForText(page.getByRole('status', { name: 'Sandbox' }), (text) => text.startsWith('WebContainer'), { what: 'the test container' });
  await page.waitForFunction(() => ((globalThis as { __testWatchers?: () => number }).__testWatchers?.() ?? 0) > 0);
  await page.evaluate((url) => (globalThis as { __testServe?: (port: number, url: string) => void }).__testServe?.(5173, url), previewUrl);
  return { page, close: () => context.close() };
}

const CONFIGS = [
  { width: 1440, height: 900, phone: false },
  { width: 390, height: 844, phone: true },
].flatMap((viewport) => (['light', 'dark'] as const).map((colorScheme) => ({ ...viewport, colorScheme })));

describe('the preview of a server in the sandbox', () => {
  for (const { width, height, phone, colorScheme } of CONFIGS) {
    it(`shows it with its address and reloads it, ${width}×${height} ${colorScheme}`, async () => {
      const { page, close } = await openWithServer({ width, height }, colorScheme);
      try {
        if (phone) await page.getByRole('tablist', { name: 'Workspace panes' }).getByRole('tab', { name: 'Preview' }).click();
        else {
          const toggle = page.getByRole('button', { name: 'Preview', exact: true });
          await toggle.click();
          expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        }
        const region = page.getByRole('region', { name: 'Preview' });
        const link = region.getByRole('link', { name: previewUrl });
        await link.waitFor();
        expect(await link.getAttribute('target')).toBe('_blank');
        const frame = region.locator('iframe[title="Preview"]');
        expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin');
        expect(await frame.getAttribute('credentialless')).not.toBeNull();
        const heading = page.frameLocator('iframe[title="Preview"]').getByRole('heading', { name: 'Hello from the preview' });
        await heading.waitFor();
        const before = requests;
        await region.getByRole('button', { name: 'Reload preview' }).click();
        await page
          .frameLocator('iframe[title="Preview"]')
          .getByText(`request ${before + 1}`)
          .waitFor();
        expect(requests).toBe(before + 1);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
