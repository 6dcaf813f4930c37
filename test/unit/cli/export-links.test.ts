import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../../src/cli/args';
import { RUN_SWITCHES, runTaskCommand } from '../../../src/cli/run-task';
import { exportCommand } from '../../../src/cli/show-session';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

const exportTo = (file: string, out: string) => exportCommand(parseArgs([file, '--out', out], new Set()), () => {});

describe('export --out never writes through a symbolic link inside the output folder', () => {
  let session = '';
  beforeAll(async () => {
    session = join(tempDir('pg-export-links-'), 'demo.phasegate.json');
    // The demo run ends with src/slugify.sh and tests/slugify_test.sh among its files.
    expect(await runTaskCommand(parseArgs(['--task', 'Add slugify', '--save', session], RUN_SWITCHES), () => {})).toBe(0);
  }, 60_000);

  it('refuses a linked folder, writing nothing outside (or inside)', async () => {
    const outside = tempDir('pg-export-outside-');
    const out = tempDir('pg-export-out-');
    symlinkSync(outside, join(out, 'src'));
    await expect(exportTo(session, out)).rejects.toThrow(/^src in .* is a symbolic link; export never writes through links/);
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(out)).toEqual(['src']);
  });

  it('refuses a linked file, leaving the file it points to as it was', async () => {
    const outside = tempDir('pg-export-outside-');
    writeFileSync(join(outside, 'victim.txt'), 'untouched\n');
    const out = tempDir('pg-export-out-');
    mkdirSync(join(out, 'src'));
    symlinkSync(join(outside, 'victim.txt'), join(out, 'src', 'slugify.sh'));
    await expect(exportTo(session, out)).rejects.toThrow(/^src\/slugify\.sh in .* is a symbolic link/);
    expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('untouched\n');
  });

  it('still writes into a folder that holds no links, replacing files already there', async () => {
    const out = tempDir('pg-export-out-');
    mkdirSync(join(out, 'src'));
    writeFileSync(join(out, 'src', 'slugify.sh'), 'old\n');
    expect(await exportTo(session, out)).toBe(0);
    expect(readFileSync(join(out, 'src', 'slugify.sh'), 'utf8')).toContain('slugify');
  });
});
