import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../../src/cli/args';
import { loadWorkspace } from '../../../src/cli/load-workspace';
import { RUN_SWITCHES, runTaskCommand } from '../../../src/cli/run-task';
import { exportCommand } from '../../../src/cli/show-session';
import { EngineEventSchema } from '../../../src/protocol/events';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

function writeTree(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** What the sandbox gets: text files no .gitignore names, outside node_modules and .git. */
const KEPT = {
  '.gitignore': 'dist/\n*.log\n',
  'README.md': '# project\n',
  'src/.gitignore': 'secret.txt\n',
  'src/app.ts': 'export const app = 1;\n',
  'src/nested/deep/util.ts': 'export const twice = (n: number): number => n * 2;\n',
};

/** A project as it sits on disk: build output, dependencies, a repository, binaries. */
function project(): string {
  const root = tempDir('pg-workspace-');
  writeTree(root, {
    ...KEPT,
    'src/secret.txt': 'TOKEN=do-not-load\n',
    'debug.log': 'noise\n',
    'dist/out.js': 'built\n',
    'node_modules/pkg/index.js': 'module.exports = 1;\n',
    'node_modules/pkg/package.json': '{}\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/config': '[core]\n',
    // Small binary: the filter keeps it, the text-only sandbox cannot hold it.
    'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3]),
    // Binary over 1 MB: the filter skips it.
    'big.bin': new Uint8Array(1024 * 1024 + 10),
  });
  // A link is not followed: it could point anywhere.
  symlinkSync(join(root, 'README.md'), join(root, 'link.md'));
  return root;
}

const SUMMARY =
  'Loaded 5 files; skipped 1 (node_modules), 1 (.git), 3 ignored by .gitignore, 1 binary over 1 MB, 1 binary (the sandbox holds text files only).';

async function run(argv: string[]) {
  const lines: string[] = [];
  const notes: string[] = [];
  const code = await runTaskCommand(
    parseArgs(argv, RUN_SWITCHES),
    (line) => lines.push(line),
    (line) => notes.push(line),
  );
  return { code, lines, notes };
}

async function filesUnder(dir: string): Promise<Record<string, string>> {
  const out: [string, string][] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out.push([relative(dir, join(entry.parentPath, entry.name)), await readFile(join(entry.parentPath, entry.name), 'utf8')]);
  }
  return Object.fromEntries(out);
}

describe('--workspace DIR: the import filter the page uses', () => {
  it('loads the text files the filter keeps and says what it left out', async () => {
    expect(await loadWorkspace(project())).toEqual({ files: KEPT, summary: SUMMARY });
  });

  it('runs on exactly those files, printing only events with --json', async () => {
    const dir = tempDir('pg-workspace-run-');
    const file = join(dir, 'run.phasegate.json');
    const ran = await run(['--task', 'Look around', '--model', 'scripted:nudged', '--workspace', project(), '--json', '--save', file]);
    expect(ran.code).toBe(0);
    expect(ran.notes).toEqual([]);
    for (const line of ran.lines) EngineEventSchema.parse(JSON.parse(line));
    // The saved session's workspace is the one the run had.
    await exportCommand(parseArgs([file, '--out', join(dir, 'out')], new Set()), () => {});
    expect(await filesUnder(join(dir, 'out'))).toEqual(KEPT);
  });

  it('keeps files named like Object members (__proto__, constructor…) from folder to export', async () => {
    // fromEntries: a "__proto__" key in an object literal would set the prototype instead.
    const files = Object.fromEntries(['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'sub/__proto__'].map((name) => [name, `${name}\n`]));
    const root = tempDir('pg-workspace-proto-');
    writeTree(root, files);
    expect(Object.keys((await loadWorkspace(root)).files).sort()).toEqual(Object.keys(files).sort());
    const dir = tempDir('pg-workspace-proto-run-');
    const file = join(dir, 'run.phasegate.json');
    const ran = await run(['--task', 'Look around', '--model', 'scripted:nudged', '--workspace', root, '--json', '--save', file]);
    expect(ran.code).toBe(0);
    await exportCommand(parseArgs([file, '--out', join(dir, 'out')], new Set()), () => {});
    expect(await filesUnder(join(dir, 'out'))).toEqual(files);
  });

  it('says what it loaded in text mode, on the side, not among the events', async () => {
    const ran = await run(['--task', 'Look around', '--model', 'scripted:nudged', '--workspace', project()]);
    expect(ran.code).toBe(0);
    expect(ran.notes).toEqual([SUMMARY]);
    expect(ran.lines).not.toContain(SUMMARY);
  });

  it("fails with the filter's message past a cap, counting what was not read", async () => {
    // Six files the filter would keep (the five texts and logo.png); the fifth passes the cap of four.
    await expect(loadWorkspace(project(), { maxFiles: 4 })).rejects.toThrow(
      'The folder has 6 files; the limit is 4. Files a .gitignore ignores are left out: ignore build output and data, then try again.',
    );
  });

  it('refuses a folder that is not there', async () => {
    await expect(run(['--task', 't', '--workspace', join(tempDir('pg-gone-'), 'missing')])).rejects.toThrow(/--workspace .*missing: no such folder/);
  });

  it('exits 1 with one plain error line when the folder is over 50 MB, printing nothing on stdout', () => {
    const root = tempDir('pg-workspace-big-');
    writeTree(root, { 'README.md': '# big\n', 'data.csv': 'x'.repeat(51 * 1024 * 1024) });
    const result = spawnSync(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'src/cli/main.ts', 'run', '--task', 't', '--model', 'scripted:demo', '--workspace', root, '--json'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'error: The folder has 51.1 MB of files; the limit is 50 MB. Files a .gitignore ignores are left out: ignore build output and data, then try again.\n',
    );
  }, 60_000);
});
