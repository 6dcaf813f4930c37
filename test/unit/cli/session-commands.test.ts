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

  it('run --resume keeps every recorded setting: a flag that would change one is refused by name, an older file takes it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pg-resume-chain-'));
    /** The stuck scenario saved with `flags`, cut before the loop detector said anything; `older` strips what old files lack. */
    const cutStuckRun = async (name: string, flags: string[], older = false) => {
      const full = join(dir, `${name}-full.phasegate.json`);
      await run(['--task', 't', '--model', 'scripted:stuck', '--save', full, ...flags]);
      const session = JSON.parse(await readFile(full, 'utf8')) as SessionFile;
      const secondResult = session.events.map((e, i) => (e.type === 'tool_result' ? i : -1)).filter((i) => i >= 0)[1] ?? 0;
      const cut = join(dir, `${name}.phasegate.json`);
      const events = session.events.slice(0, secondResult + 1).map((event) => {
        if (!older || event.type !== 'run_configured') return event;
        const {
          maxRecoveries: _r,
          emergency: _e,
          maxTokensPerRun: _t,
          maxCostPerRun: _c,
          contextWindow: _w,
          tokenEncoding: _k,
          temperature: _s,
          maxOutputTokens: _m,
          ...old
        } = event;
        return old;
      });
      await writeFile(cut, JSON.stringify({ ...session, session: { ...session.session, status: 'running' }, events }));
      return cut;
    };
    const ending = (lines: string[]) => lines.map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });

    const configured = await cutStuckRun('configured', ['--max-recoveries', '0', '--no-emergency', '--temperature', '0.5', '--max-tokens', '900000']);
    const kept = ending((await run(['--resume', configured, '--json'])).lines);
    expect(kept[0]).toMatchObject({
      type: 'run_resumed',
      maxRecoveries: 0,
      emergency: false,
      temperature: 0.5,
      maxTokensPerRun: 900_000,
      tokenEncoding: 'o200k',
    });
    expect(kept.filter((e) => e.type === 'recovery_started')).toEqual([]);
    expect(kept.at(-1)).not.toHaveProperty('suggestions');

    const defaults = await cutStuckRun('defaults', []);
    await expect(run(['--resume', defaults, '--max-recoveries', '0'])).rejects.toThrow(
      /^--max-recoveries would change a setting the session recorded \(maxRecoveries: 1, given 0\)/,
    );
    await expect(run(['--resume', defaults, '--no-emergency'])).rejects.toThrow(/--no-emergency would change .*emergency: on, given off/);
    await expect(run(['--resume', defaults, '--max-tokens', '5000'])).rejects.toThrow(/--max-tokens would change .*maxTokensPerRun: none, given 5000/);
    await expect(run(['--resume', defaults, '--temperature', '1'])).rejects.toThrow(/--temperature would change .*temperature: 0, given 1/);
    await expect(run(['--resume', defaults, '--tokenizer', 'cl100k'])).rejects.toThrow(/--tokenizer would change/);
    await expect(run(['--resume', defaults, '--context-window', '8000'])).rejects.toThrow(/--context-window would change/);
    await expect(run(['--resume', defaults, '--max-output-tokens', '100'])).rejects.toThrow(/--max-output-tokens would change/);
    await expect(run(['--resume', defaults, '--max-recoveries', '7'])).rejects.toThrow(/--max-recoveries must be/);
    // Repeating a recorded value changes nothing, so it is accepted.
    const same = ending((await run(['--resume', defaults, '--max-recoveries', '1', '--temperature', '0', '--json'])).lines);
    expect(same.filter((e) => e.type === 'recovery_started')).toHaveLength(1);
    expect(same.at(-1)).toHaveProperty('suggestions');

    // A file from before the settings were recorded: the flags are taken, as they always were.
    const older = ending((await run(['--resume', await cutStuckRun('older', [], true), '--max-recoveries', '0', '--no-emergency', '--json'])).lines);
    expect(older.filter((e) => e.type === 'recovery_started')).toEqual([]);
    expect(older.at(-1)).toMatchObject({ type: 'run_finished', errorCode: 'loop_detected' });
    expect(older.at(-1)).not.toHaveProperty('suggestions');
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
