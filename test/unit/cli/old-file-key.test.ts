import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../../src/cli/args';
import { SessionFileWriter } from '../../../src/cli/session-file-io';
import { exportCommand, showCommand } from '../../../src/cli/show-session';
import { Engine } from '../../../src/engine/engine';
import type { Scenario } from '../../../src/model/scenario';
import { ScriptedModel } from '../../../src/model/scripted';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { SessionRecorder } from '../../../src/store/recorder';
import { exportSession } from '../../../src/store/session-file';

const KEY = 'sk-old-file-0123456789abcdefXYZ';

/** Writes the key into a file: recorded with no key registered, as a file saved before redaction was. */
const leaky: Scenario = {
  name: 'leaky',
  title: 'Leaky',
  description: 'writes a key into a file',
  defaultTask: 'configure the client',
  turns: [{ toolCalls: [{ name: 'create_file', args: { path: 'config/.env', content: `OPENAI_API_KEY=${KEY}\n` } }] }, { text: 'Done.' }],
};

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-old-key-'));
  dirs.push(dir);
  return dir;
};
const saved = { PHASEGATE_API_KEY: process.env.PHASEGATE_API_KEY, OPENAI_API_KEY: process.env.OPENAI_API_KEY };

describe('a session file saved before keys were kept out, read by the CLI with that key in its environment', () => {
  const store = new MemoryStore();
  let path = '';
  let sessionId = '';

  beforeAll(async () => {
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: store });
    const recorder = new SessionRecorder(store, { flushMs: 0 });
    engine.session.subscribe((event) => recorder.record(event));
    sessionId = (await engine.run({ task: leaky.defaultTask, mode: 'react', model: new ScriptedModel(leaky), maxIterations: 4 })).runId;
    await recorder.flush();
    path = join(tempDir(), 'old.phasegate.json');
    writeFileSync(path, JSON.stringify(await exportSession(store, sessionId)));
    // The premise: the file holds the key.
    expect(readFileSync(path, 'utf8')).toContain(KEY);
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('export --out writes the files with the key redacted', async () => {
    process.env.PHASEGATE_API_KEY = KEY;
    const out = tempDir();
    expect(await exportCommand(parseArgs([path, '--out', out], new Set()), () => {})).toBe(0);
    expect(readdirSync(join(out, 'config'))).toEqual(['.env']);
    expect(readFileSync(join(out, 'config', '.env'), 'utf8')).toBe('OPENAI_API_KEY=[redacted]\n');
  });

  it('show and show --json never print it', async () => {
    process.env.OPENAI_API_KEY = KEY;
    for (const flags of [[], ['--json']]) {
      const lines: string[] = [];
      expect(await showCommand(parseArgs([path, ...flags], new Set(['json'])), (line) => lines.push(line))).toBe(0);
      expect(lines.join('\n')).not.toContain(KEY);
      expect(lines.join('\n')).toContain('[redacted]');
    }
  });

  it('a session file the CLI writes from such a store (--save, --resume) does not carry it', async () => {
    process.env.PHASEGATE_API_KEY = KEY;
    const target = join(tempDir(), 'again.phasegate.json');
    const writer = new SessionFileWriter(store, target);
    writer.sessionId = sessionId;
    await writer.schedule();
    const text = readFileSync(target, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).toContain('[redacted]');
  });
});
