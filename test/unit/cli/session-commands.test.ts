import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../../src/cli/args';
import { RUN_SWITCHES, runTaskCommand } from '../../../src/cli/run-task';
import { exportCommand, showCommand } from '../../../src/cli/show-session';
import type { SessionFile } from '../../../src/protocol/session-file';
import { sha256Hex } from '../../../src/store/hash';

async function capture(command: (out: (line: string) => void) => Promise<number>) {
  const lines: string[] = [];
  const code = await command((line) => lines.push(line));
  return { code, lines };
}
const run = (argv: string[]) => capture((out) => runTaskCommand(parseArgs(argv, RUN_SWITCHES), out));
const show = (argv: string[]) => capture((out) => showCommand(parseArgs(argv, new Set(['json'])), out));
const exportTo = (argv: string[]) => capture((out) => exportCommand(parseArgs(argv, new Set()), out));

async function filesUnder(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out[relative(dir, join(entry.parentPath, entry.name))] = await readFile(join(entry.parentPath, entry.name), 'utf8');
  }
  return out;
}

describe('session files from the CLI', () => {
  it('run --save writes the session; show prints the same log; export writes the final workspace', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pg-session-'));
    const file = join(dir, 'demo.phasegate.json');
    const ran = await run(['--task', 'Add slugify', '--json', '--save', file]);
    expect(ran.code).toBe(0);
    const shown = await show([file, '--json']);
    expect(shown.lines.map((l) => JSON.parse(l))).toEqual(ran.lines.map((l) => JSON.parse(l)));
    const text = await show([file]);
    expect(text.lines[0]).toMatch(/^session run-\S+ · completed · react · Demo \(scripted\)/);
    expect(text.lines.at(-1)).toMatch(/^■ completed/);
    const exported = await exportTo([file, '--out', join(dir, 'out')]);
    expect(exported.lines).toEqual(['wrote 8 files to ' + join(dir, 'out')]);
    const files = await filesUnder(join(dir, 'out'));
    expect(files['src/slugify.sh']).toContain("tr '[:upper:]' '[:lower:]'");
    expect(Object.keys(files)).toHaveLength(8);
  });

  it('run --resume goes on with a session cut off mid-run and ends with the same files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pg-resume-'));
    const full = join(dir, 'full.phasegate.json');
    await run(['--task', 'Add slugify', '--save', full]);
    await exportTo([full, '--out', join(dir, 'expected')]);
    const session = JSON.parse(await readFile(full, 'utf8')) as SessionFile;
    for (const fraction of [0.2, 0.5, 0.8]) {
      const cut = join(dir, `cut-${fraction}.phasegate.json`);
      const events = session.events.slice(0, Math.floor(session.events.length * fraction));
      await writeFile(cut, JSON.stringify({ ...session, session: { ...session.session, status: 'running' }, events }));
      const resumed = await run(['--resume', cut, '--json']);
      expect(resumed.code, `cut at ${fraction}`).toBe(0);
      expect(JSON.parse(resumed.lines[0] ?? '{}')).toMatchObject({ type: 'run_resumed' });
      await exportTo([cut, '--out', join(dir, `got-${fraction}`)]);
      expect(await filesUnder(join(dir, `got-${fraction}`))).toEqual(await filesUnder(join(dir, 'expected')));
      const after = JSON.parse(await readFile(cut, 'utf8')) as SessionFile;
      expect(after.session.status).toBe('completed');
    }
  });

  it('run --resume takes --max-recoveries and --no-emergency, and keeps them from the file when not given', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pg-resume-chain-'));
    /** The stuck scenario saved with `flags`, cut before the loop detector said anything. */
    const cutStuckRun = async (name: string, flags: string[]) => {
      const full = join(dir, `${name}-full.phasegate.json`);
      await run(['--task', 't', '--model', 'scripted:stuck', '--save', full, ...flags]);
      const session = JSON.parse(await readFile(full, 'utf8')) as SessionFile;
      const secondResult = session.events.map((e, i) => (e.type === 'tool_result' ? i : -1)).filter((i) => i >= 0)[1] ?? 0;
      const cut = join(dir, `${name}.phasegate.json`);
      const events = session.events.slice(0, secondResult + 1);
      await writeFile(cut, JSON.stringify({ ...session, session: { ...session.session, status: 'running' }, events }));
      return cut;
    };
    const ending = (lines: string[]) => lines.map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });

    const given = ending((await run(['--resume', await cutStuckRun('defaults', []), '--max-recoveries', '0', '--no-emergency', '--json'])).lines);
    expect(given.filter((e) => e.type === 'recovery_started')).toEqual([]);
    expect(given.at(-1)).toMatchObject({ type: 'run_finished', errorCode: 'loop_detected' });
    expect(given.at(-1)).not.toHaveProperty('suggestions');

    const kept = ending((await run(['--resume', await cutStuckRun('configured', ['--max-recoveries', '0', '--no-emergency']), '--json'])).lines);
    expect(kept.filter((e) => e.type === 'recovery_started')).toEqual([]);
    expect(kept.at(-1)).not.toHaveProperty('suggestions');

    const fallback = ending((await run(['--resume', await cutStuckRun('fallback', []), '--json'])).lines);
    expect(fallback.filter((e) => e.type === 'recovery_started')).toHaveLength(1);
    expect(fallback.at(-1)).toHaveProperty('suggestions');
    await expect(run(['--resume', await cutStuckRun('bad', []), '--max-recoveries', '7'])).rejects.toThrow(/--max-recoveries must be/);
  });

  it('refuses to resume a finished run, and flags that the session file holds', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pg-refuse-'));
    const file = join(dir, 's.phasegate.json');
    await run(['--task', 'Add slugify', '--save', file]);
    await expect(run(['--resume', file])).rejects.toThrow(/already finished/);
    await expect(run(['--resume', file, '--task', 'other'])).rejects.toThrow(UsageError);
    await expect(show([])).rejects.toThrow(UsageError);
    await expect(exportTo([file])).rejects.toThrow(UsageError);
    await expect(show([join(dir, 'missing.json')])).rejects.toThrow(/cannot read/);
  });

  it('export never writes outside the folder it was given', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pg-evil-'));
    const file = join(dir, 's.phasegate.json');
    await run(['--task', 'Add slugify', '--save', file]);
    const session = JSON.parse(await readFile(file, 'utf8')) as SessionFile;
    const content = 'owned';
    const contentHash = await sha256Hex(content);
    const manifest = JSON.stringify({ '../escaped.txt': contentHash });
    const manifestHash = await sha256Hex(manifest);
    const last = session.events.findLast((e) => e.type === 'workspace_snapshot');
    if (!last) throw new Error('no snapshot');
    last.manifest = manifestHash;
    session.blobs[contentHash] = content;
    session.blobs[manifestHash] = manifest;
    await writeFile(file, JSON.stringify(session));
    await expect(exportTo([file, '--out', join(dir, 'out')])).rejects.toThrow(/outside the workspace/);
    expect(await readdir(dir)).not.toContain('escaped.txt');
  });
});
