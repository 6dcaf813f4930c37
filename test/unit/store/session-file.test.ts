import { describe, expect, it } from 'vitest';
import { SESSION_FILE_LIMIT_BYTES, SESSION_FILE_VERSION, sessionFileTooLarge } from '../../../src/protocol/session-file';
import { exportSession, parseSessionFile } from '../../../src/store/session-file';
import { recordedRun } from './recorded-run';

async function demoFile() {
  const run = await recordedRun('demo', 'react');
  return { run, file: await exportSession(run.store, run.sessionId) };
}

describe('session files', () => {
  it('round-trip: the events come back as the engine recorded them', async () => {
    const { run, file } = await demoFile();
    const loaded = await parseSessionFile(JSON.stringify(file));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.session.events).toEqual(run.events);
    expect(loaded.session.file.session).toMatchObject({ id: run.sessionId, status: 'completed' });
  });

  it('can leave the model deltas out (the assembled messages stay)', async () => {
    const { run } = await demoFile();
    const file = await exportSession(run.store, run.sessionId, { withoutDeltas: true });
    expect(file.events.some((e) => e.type === 'model_delta')).toBe(false);
    expect(file.events.filter((e) => e.type === 'assistant_message')).toHaveLength(run.events.filter((e) => e.type === 'assistant_message').length);
    expect((await parseSessionFile(JSON.stringify(file))).ok).toBe(true);
  });

  it('refuses damaged, tampered, truncated, foreign and newer input with one clear message', async () => {
    const { file } = await demoFile();
    const text = JSON.stringify(file);
    const cases: [string, string, RegExp][] = [
      ['cut short', text.slice(0, text.length / 2), /not JSON \(it may be cut short\)/],
      ['not a session', JSON.stringify({ hello: 1 }), /not a Phasegate session/],
      ['newer', JSON.stringify({ ...file, version: SESSION_FILE_VERSION + 1 }), /newer Phasegate \(format version 2\)/],
      [
        'a blob changed',
        JSON.stringify({ ...file, blobs: Object.fromEntries(Object.entries(file.blobs).map(([k, v], i) => [k, i === 0 ? `${v} ` : v])) }),
        /does not match its checksum/,
      ],
      [
        'an event changed',
        JSON.stringify({ ...file, events: file.events.map((e) => (e.type === 'tool_result' ? { ...e, ok: 'yes' } : e)) }),
        /event \d+ \(tool_result\) is not valid/,
      ],
      ['a blob missing', JSON.stringify({ ...file, blobs: Object.fromEntries(Object.entries(file.blobs).slice(1)) }), /missing/],
      ['an unknown field', JSON.stringify({ ...file, extra: true }), /unknown key "extra"/],
      ['two runs', JSON.stringify({ ...file, events: file.events.map((e, i) => (i === 3 ? { ...e, runId: 'other' } : e)) }), /more than one run/],
      ['script in the task', JSON.stringify({ ...file, session: { ...file.session, createdAt: '<script>' } }), /damaged/],
    ];
    for (const [name, input, message] of cases) {
      const loaded = await parseSessionFile(input);
      expect(loaded.ok, name).toBe(false);
      if (!loaded.ok) expect(loaded.error, name).toMatch(message);
    }
  });
});

describe('session file size', () => {
  it('refuses a file over the limit before reading it, with the figures', () => {
    expect(sessionFileTooLarge(SESSION_FILE_LIMIT_BYTES)).toBeNull();
    expect(sessionFileTooLarge(SESSION_FILE_LIMIT_BYTES + 1)).toMatch(/at most 128 MB/);
  });
});
