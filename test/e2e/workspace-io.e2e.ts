import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../src/sandbox/starter-project';
import { workspaceFiles } from '../../src/workspace/files';
import { committedRepo, git, readTree, removeRepo } from '../unit/workspace/git-tree';
import { launchBrowser, openApp, waitForText } from './support/app';
import { everythingStored, newestStoredSession } from './support/stored-session';

let browser: Browser;
const cleanup: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of cleanup) removeRepo(dir);
});

/** What the test project keeps: text files outside node_modules that no .gitignore names. */
const KEPT = {
  '.gitignore': 'secret.env\nbuild/\n',
  'README.md': '# imported\n\nA project opened from a zip.\n',
  'src/deep/nested/util.ts': 'export const twice = (n: number): number => n * 2;\n',
};
const LEFT_OUT = {
  'secret.env': 'TOKEN=do-not-load\n',
  'build/out.js': 'console.log("built");\n',
  'node_modules/left-pad/index.js': 'module.exports = (s) => s;\n',
};

async function ready(page: Page) {
  await page.waitForSelector('.app[data-ready="true"]');
}

/** A drop of one file on the page, as the browser would dispatch it. */
async function dropFile(page: Page, name: string, bytes: Uint8Array) {
  await page.evaluate(
    ({ name, bytes }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        document.body.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
      }
    },
    { name, bytes: [...bytes] },
  );
}

const notice = (page: Page) => page.getByRole('status', { name: 'Import and export' });

async function waitForNotice(page: Page, check: (text: string) => boolean, what: string) {
  return waitForText(notice(page), (text) => text !== '' && !text.endsWith('…') && check(text), { what });
}

async function download(page: Page, button: string): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  return file;
}

async function downloadedBytes(file: Download): Promise<Uint8Array> {
  return new Uint8Array(readFileSync(await file.path()));
}

function unzipText(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([path, content]) => [path, strFromU8(content)]));
}

async function waitForStatus(page: Page, wanted: string[]) {
  return waitForText(page.getByRole('status', { name: 'Run status' }), (text) => wanted.includes(text), {
    what: `status ${wanted.join('/')}`,
    timeout: 60_000,
  });
}

async function runDemo(page: Page) {
  await ready(page);
  await page.getByRole('textbox', { name: 'Task' }).fill('Add a slugify function to sample-utils, with tests.');
  await page.getByRole('button', { name: /^Run( demo)?$/ }).click();
}

describe('opening and downloading the workspace', () => {
  it('leaves the key in Settings out of a download made after a reload, before any run', async () => {
    const key = 'sk-e2e-before-any-run-0123456789';
    const { context, page, errors } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await page.evaluate((value) => localStorage.setItem('phasegate.apiKey', value), key);
    await page.reload();
    await ready(page);
    const zip = zipSync({ 'project/.env': strToU8(`OPENAI_API_KEY=${key}\n`), 'project/README.md': strToU8('# keyed\n') });
    await dropFile(page, 'keyed.zip', zip);
    await waitForNotice(page, (text) => text.startsWith('Loaded'), 'the import');
    const downloaded = unzipText(await downloadedBytes(await download(page, 'Download workspace (.zip)')));
    expect(downloaded).toEqual({ '.env': 'OPENAI_API_KEY=[redacted]\n', 'README.md': '# keyed\n' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads a dropped zip without node_modules and ignored files, and downloads exactly what it kept', async () => {
    const { context, page, errors } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await ready(page);
    const zip = zipSync(Object.fromEntries(Object.entries({ ...KEPT, ...LEFT_OUT }).map(([path, text]) => [`project/${path}`, strToU8(text)])));
    await dropFile(page, 'project.zip', zip);
    expect(await waitForNotice(page, (text) => text.startsWith('Loaded') || text.includes('not'), 'the import counts')).toBe(
      'Loaded 3 files; skipped 1 (node_modules), 2 ignored by .gitignore.',
    );

    const file = await download(page, 'Download workspace (.zip)');
    expect(file.suggestedFilename()).toBe('workspace.zip');
    expect(unzipText(await downloadedBytes(file))).toEqual(KEPT);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a zip with the keyboard, holding Run from the first read until the worker has written the files', async () => {
    const { context, page, errors } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await ready(page);
    const runButton = page.getByRole('button', { name: /^Run( demo)?$/ });
    await page.getByRole('textbox', { name: 'Task' }).fill('Look around.');
    await expect.poll(() => runButton.isEnabled()).toBe(true);
    // Every change of Run's disabled attribute, with the notice at that moment: a fast import
    // still leaves both changes behind, so this does not depend on timing.
    await page.evaluate(() => {
      const run = [...document.querySelectorAll('button')].find((button) => /^Run( demo)?$/.test(button.textContent?.trim() ?? ''));
      const status = document.querySelector('[role="status"][aria-label="Import and export"]');
      const changes: { disabled: boolean; notice: string }[] = [];
      (window as unknown as { runChanges: typeof changes }).runChanges = changes;
      if (!run) throw new Error('no Run button');
      new MutationObserver((records) => {
        for (const record of records) changes.push({ disabled: record.oldValue === null, notice: status?.textContent ?? '' });
      }).observe(run, { attributes: true, attributeFilter: ['disabled'], attributeOldValue: true });
    });

    const zip = zipSync(
      Object.fromEntries(
        Object.entries({ ...KEPT, ...LEFT_OUT, 'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]) }).map(([path, content]) => [
          `project/${path}`,
          typeof content === 'string' ? strToU8(content) : content,
        ]),
      ),
    );
    // Listening first: Playwright starts intercepting file choosers only once asked to, which takes a round trip.
    const chosen = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open zip file', exact: true }).focus();
    await page.keyboard.press('Enter');
    const chooser = await chosen;
    expect(chooser.isMultiple()).toBe(false);
    await chooser.setFiles({ name: 'project.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    const summary = 'Loaded 3 files; skipped 1 (node_modules), 2 ignored by .gitignore, 1 binary (the sandbox holds text files only).';
    expect(await waitForNotice(page, (text) => text.startsWith('Loaded') || text.includes('not'), 'the import counts')).toBe(summary);
    await expect.poll(() => runButton.isEnabled()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { runChanges: unknown }).runChanges)).toEqual([
      { disabled: true, notice: 'Reading the zip…' },
      { disabled: false, notice: summary },
    ]);
    expect(unzipText(await downloadedBytes(await download(page, 'Download workspace (.zip)')))).toEqual(KEPT);

    // The input behind the button takes .zip files, and a second zip replaces the first.
    const zipInput = page.getByTestId('zip-input');
    expect(await zipInput.getAttribute('accept')).toBe('.zip,application/zip');
    await zipInput.setInputFiles({ name: 'other.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync({ 'only.txt': strToU8('only\n') })) });
    expect(await waitForNotice(page, (text) => text !== summary, 'the second import')).toBe('Loaded 1 file.');
    expect(unzipText(await downloadedBytes(await download(page, 'Download workspace (.zip)')))).toEqual({ 'only.txt': 'only\n' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads a folder chosen in the folder input, counting a skipped folder once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'open-folder-'));
    cleanup.push(dir);
    const root = join(dir, 'project');
    for (const [path, text] of Object.entries({ ...KEPT, ...LEFT_OUT, 'node_modules/left-pad/package.json': '{}\n' })) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await ready(page);
    // Chromium has showDirectoryPicker, which a test cannot answer: the fallback input takes the same path.
    await page.getByTestId('folder-input').setInputFiles(root);
    expect(await waitForNotice(page, (text) => text.startsWith('Loaded') || text.includes('not'), 'the import counts')).toBe(
      'Loaded 3 files; skipped 1 (node_modules), 2 ignored by .gitignore.',
    );
    expect(unzipText(await downloadedBytes(await download(page, 'Download workspace (.zip)')))).toEqual(KEPT);
    await context.close();
  });

  it("refuses to replace the workspace during a run; Download patch gives the run's changes for git apply", async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await ready(page);
    const patchButton = page.getByRole('button', { name: 'Download patch', exact: true });
    expect(await patchButton.isDisabled()).toBe(true);

    await runDemo(page);
    await waitForText(page.getByRole('region', { name: 'Timeline' }), (text) => text.includes('read_file'), { what: 'the run under way' });
    expect(await page.getByRole('button', { name: 'Open folder', exact: true }).isDisabled()).toBe(true);
    await dropFile(page, 'project.zip', zipSync({ 'a.txt': strToU8('a') }));
    expect(await waitForNotice(page, () => true, 'the refusal')).toBe('A run is in progress; stop it before loading other files.');

    expect(await waitForStatus(page, ['completed', 'failed'])).toBe('completed');
    await expect.poll(async () => (await newestStoredSession(page))?.status, { timeout: 5000 }).toBe('completed');
    const final = (await newestStoredSession(page))?.files ?? {};

    const file = await download(page, 'Download patch');
    expect(file.suggestedFilename()).toBe('changes.patch');
    const patch = strFromU8(await downloadedBytes(file));
    expect(patch).toContain('diff --git a/src/slugify.sh b/src/slugify.sh');

    const repo = committedRepo(workspaceFiles(STARTER_PROJECT));
    cleanup.push(repo);
    git(repo, ['apply', '-'], patch);
    expect(readTree(repo)).toEqual(workspaceFiles(final));
    // The downloaded workspace is the same final tree.
    expect(unzipText(await downloadedBytes(await download(page, 'Download workspace (.zip)')))).toEqual(final);
    await context.close();
  }, 120_000);

  it('shows why a dropped session file is not one, and leaves the page as it was', async () => {
    const { context, page } = await openApp(browser, { settings: { sandbox: 'virtual' } });
    await runDemo(page);
    expect(await waitForStatus(page, ['completed', 'failed'])).toBe('completed');
    await expect.poll(async () => (await newestStoredSession(page))?.status, { timeout: 5000 }).toBe('completed');
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const before = { timeline: await timeline.innerText(), stored: await everythingStored(page) };

    await dropFile(page, 'broken.phasegate.json', strToU8('{"format": "phasegate-session", "events": [tru'));
    expect(await waitForNotice(page, () => true, 'the error')).toBe('This is not a Phasegate session: the file is not JSON (it may be cut short).');
    await dropFile(page, 'other.phasegate.json', strToU8('{"hello": "world"}'));
    expect(await waitForNotice(page, (text) => !text.includes('not JSON'), 'the second error')).toBe('This is not a Phasegate session.');

    expect(await page.getByRole('status', { name: 'Run status' }).innerText()).toBe('completed');
    expect(await timeline.innerText()).toBe(before.timeline);
    expect(await everythingStored(page)).toBe(before.stored);
    await context.close();
  }, 120_000);
});
