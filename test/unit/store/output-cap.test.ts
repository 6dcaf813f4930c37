import { describe, expect, it } from 'vitest';
import { formatEvent } from '../../../src/cli/format-event';
import { SESSION_FULL_OUTPUT_LIMIT_BYTES } from '../../../src/protocol/cut-output';
import type { EngineEvent } from '../../../src/protocol/events';
import type { StoredEvent } from '../../../src/protocol/session-file';
import { COMMAND_CHUNK_LIMIT_BYTES, resolveEvents } from '../../../src/store/bounded-event';
import { MemoryStore } from '../../../src/store/memory-store';
import { SessionRecorder } from '../../../src/store/recorder';
import { referencedBlobs } from '../../../src/store/references';
import { initialTerminal, writeCommand } from '../../../src/ui/state/terminal';
import { toPlainText } from '../../../src/ui/terminal/format';

const MIB = 1024 * 1024;
const started: EngineEvent = {
  v: 1,
  seq: 0,
  ts: 10,
  runId: 'run-a',
  type: 'run_started',
  task: 'print a lot',
  mode: 'react',
  model: { kind: 'scripted', name: 'demo', label: 'Demo (scripted)' },
  sandbox: { kind: 'virtual', label: 'Virtual sandbox', reason: 'test' },
  maxIterations: 5,
};

/** Command output of 3 MiB, different for each `i` (so no two share a blob). */
const output = (seq: number, i: number): EngineEvent => ({
  v: 1,
  seq,
  ts: 10 + seq,
  runId: 'run-a',
  type: 'command_output',
  callId: `call-${i}`,
  stream: 'stdout',
  chunk: `${i}:`.padEnd(3 * MIB, 'y'),
});

async function outputsStored(store: MemoryStore): Promise<StoredEvent[]> {
  return (await store.loadEvents('run-a')).filter((event) => event.type === 'command_output');
}

/** The bytes of the distinct whole outputs the session's events refer to. */
async function keptBytes(store: MemoryStore, events: readonly StoredEvent[]): Promise<number> {
  const hashes = new Set(events.flatMap((event) => (typeof event.fullOutput === 'string' ? [event.fullOutput] : [])));
  let bytes = 0;
  for (const hash of hashes) bytes += (await store.getBlob(hash))?.length ?? 0;
  return bytes;
}

describe('whole command outputs kept with a session', () => {
  it('keep at most 64 MiB per session; past that an output keeps its first megabyte and says why', async () => {
    const store = new MemoryStore();
    const recorder = new SessionRecorder(store, { flushMs: 0 });
    recorder.record(started);
    for (let i = 0; i < 30; i++) recorder.record(output(i + 1, i));
    await recorder.flush();

    const stored = await outputsStored(store);
    expect(stored).toHaveLength(30);
    expect(await keptBytes(store, stored)).toBeLessThanOrEqual(SESSION_FULL_OUTPUT_LIMIT_BYTES);
    const kept = stored.filter((event) => typeof event.fullOutput === 'string');
    const omitted = stored.filter((event) => event.fullOutput === undefined);
    expect(kept).toHaveLength(Math.floor(SESSION_FULL_OUTPUT_LIMIT_BYTES / (3 * MIB)));
    for (const event of omitted) {
      expect(event).toMatchObject({ fullOutputBytes: 3 * MIB, fullOutputOmitted: 'session_cap' });
      expect(String(event.chunk)).toHaveLength(COMMAND_CHUNK_LIMIT_BYTES);
    }
    for (const event of kept) expect(event).toMatchObject({ fullOutputBytes: 3 * MIB });
    // What the session refers to (and an export carries) is only what it kept.
    const referenced = await referencedBlobs(await store.loadEvents('run-a'), store);
    expect([...referenced].sort()).toEqual([...new Set(kept.map((event) => String(event.fullOutput)))].sort());
  });

  it('a recorder started later (a reload, a resume) counts what the session kept before', async () => {
    const store = new MemoryStore();
    const first = new SessionRecorder(store, { flushMs: 0 });
    first.record(started);
    for (let i = 0; i < 20; i++) first.record(output(i + 1, i));
    await first.flush();
    expect((await outputsStored(store)).filter((event) => typeof event.fullOutput === 'string')).toHaveLength(20);

    const second = new SessionRecorder(store, { flushMs: 0 });
    for (let i = 20; i < 25; i++) second.record(output(i + 1, i));
    await second.flush();
    const stored = await outputsStored(store);
    expect(stored).toHaveLength(25);
    expect(await keptBytes(store, stored)).toBeLessThanOrEqual(SESSION_FULL_OUTPUT_LIMIT_BYTES);
    expect(stored.filter((event) => event.fullOutputOmitted === 'session_cap')).toHaveLength(4);
  });

  it('a stored session says what its outputs left out, in the Terminal and in `show`', async () => {
    const store = new MemoryStore();
    const recorder = new SessionRecorder(store, { flushMs: 0 });
    recorder.record(started);
    for (let i = 0; i < 23; i++) recorder.record(output(i + 1, i));
    recorder.record({ v: 1, seq: 24, ts: 40, runId: 'run-a', type: 'command_output', callId: 'short', stream: 'stdout', chunk: 'short\n' });
    await recorder.flush();
    const resolved = await resolveEvents(await store.loadEvents('run-a'), store);
    if (!resolved.ok) throw new Error(resolved.error);
    const outputs = resolved.events.filter((event) => event.type === 'command_output');
    const [kept, omitted, short] = [outputs[0], outputs[22], outputs[23]];
    if (!kept || !omitted || !short) throw new Error('missing outputs');

    expect(formatEvent(kept)).toBe('  [stored output cut to its first 1.0 MiB of 3.0 MiB; the whole output is kept with the session]');
    expect(formatEvent(omitted)).toBe(
      '  [stored output cut to its first 1.0 MiB of 3.0 MiB; the whole output was not kept: this session had already kept 64.0 MiB of whole command outputs]',
    );
    expect(formatEvent(short)).toBeNull();

    const lines = toPlainText(writeCommand({ terminal: initialTerminal }, omitted).terminal.text).split('\n');
    expect(lines.at(-2)).toBe(
      '[stored output cut to its first 1.0 MiB of 3.0 MiB; the whole output was not kept: this session had already kept 64.0 MiB of whole command outputs]',
    );
    expect(toPlainText(writeCommand({ terminal: initialTerminal }, short).terminal.text)).toBe('short\n');
  });
});
