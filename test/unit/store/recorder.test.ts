import { describe, expect, it, vi } from 'vitest';
import type { EngineEvent } from '../../../src/protocol/events';
import { MemoryStore } from '../../../src/store/memory-store';
import type { SessionAppend } from '../../../src/store/port';
import { SessionRecorder } from '../../../src/store/recorder';
import { recordedRun } from './recorded-run';

const started: EngineEvent = {
  v: 1,
  seq: 0,
  ts: 10,
  runId: 'run-a',
  type: 'run_started',
  task: 'do it',
  mode: 'react',
  model: { kind: 'scripted', name: 'demo', label: 'Demo (scripted)' },
  sandbox: { kind: 'virtual', label: 'Virtual sandbox', reason: 'test' },
  maxIterations: 5,
};
const notice = (seq: number): EngineEvent => ({ v: 1, seq, ts: 10 + seq, runId: 'run-a', type: 'notice', level: 'info', message: `n${seq}` });

/** A store that can be made to fail, and counts its writes. */
class FlakyStore extends MemoryStore {
  failing = false;
  writes = 0;
  override async append(write: SessionAppend) {
    this.writes++;
    if (this.failing) throw new Error('disk full');
    return super.append(write);
  }
}

describe('SessionRecorder', () => {
  it("times each batch, and the part of it spent before the store's write", async () => {
    class SlowStore extends MemoryStore {
      override async append(write: SessionAppend) {
        await new Promise((resolve) => setTimeout(resolve, 40));
        return super.append(write);
      }
    }
    const recorder = new SessionRecorder(new SlowStore(), { flushMs: 1000 });
    for (const event of [started, notice(1), notice(2)]) recorder.record(event);
    await recorder.flush();
    const [batch] = recorder.stats.batches;
    expect(batch?.events).toBe(3);
    // The 40 ms write is in the batch's time and not in its preparing time.
    expect(batch?.prepareMs).toBeGreaterThanOrEqual(0);
    expect((batch?.ms ?? 0) - (batch?.prepareMs ?? 0)).toBeGreaterThanOrEqual(39);
  });

  it('writes in batches and hands events on only after they are written', async () => {
    const store = new FlakyStore();
    const handed: number[] = [];
    const recorder = new SessionRecorder(store, {
      flushMs: 30,
      onStored: async (events) => {
        expect((await store.loadEvents('run-a')).map((e) => e.seq)).toEqual(expect.arrayContaining(events.map((e) => e.seq)));
        handed.push(...events.map((e) => e.seq));
      },
    });
    recorder.record(started);
    for (let seq = 1; seq <= 50; seq++) recorder.record(notice(seq));
    expect(handed).toEqual([]);
    await vi.waitFor(() => expect(handed).toHaveLength(51));
    // All 51 in one write.
    expect(store.writes).toBe(1);
    const meta = await store.getSession('run-a');
    expect(meta).toMatchObject({ status: 'running', eventCount: 51, task: 'do it' });
  });

  it('keeps what it could not write, reports it, still shows the events, and writes them on retry', async () => {
    const store = new FlakyStore();
    const errors: string[] = [];
    const handed: number[] = [];
    const recorder = new SessionRecorder(store, { onError: (e) => errors.push(String(e)), onStored: (events) => handed.push(...events.map((e) => e.seq)) });
    store.failing = true;
    recorder.record(started);
    recorder.record(notice(1));
    await recorder.flush();
    expect(errors).toEqual(['Error: disk full']);
    expect(handed).toEqual([0, 1]);
    store.failing = false;
    recorder.record(notice(2));
    await recorder.flush();
    expect((await store.loadEvents('run-a')).map((e) => e.seq)).toEqual([0, 1, 2]);
  });

  it('marks a finished run with its status', async () => {
    const run = await recordedRun('demo', 'react');
    const meta = await run.store.getSession(run.sessionId);
    expect(meta).toMatchObject({ status: 'completed', eventCount: run.events.length, mode: 'react' });
    expect(meta?.bytes).toBeGreaterThan(1000);
  });
});

describe('workspace snapshots', () => {
  it('are taken at the start, after each writing step and not again when nothing changed; unchanged files cost nothing', async () => {
    const run = await recordedRun('demo', 'react');
    const snapshots = run.events.filter((e) => e.type === 'workspace_snapshot');
    expect(snapshots[0]).toMatchObject({ reason: 'run_start', changed: 8 - 2 });
    expect(snapshots.slice(1).every((s) => s.type === 'workspace_snapshot' && s.changed > 0 && s.reason === 'step')).toBe(true);
    // demo: two files created, one edited — three changes in all after the start.
    expect(snapshots.slice(1).reduce((sum, s) => sum + (s.type === 'workspace_snapshot' ? s.changed : 0), 0)).toBe(3);
    // Each snapshot's result comes after it, so a stored step always has its snapshot.
    for (const snapshot of snapshots.slice(1)) {
      if (snapshot.type !== 'workspace_snapshot') continue;
      const result = run.events.findIndex((e) => e.type === 'tool_result' && e.callId === snapshot.callId);
      expect(result).toBeGreaterThan(run.events.indexOf(snapshot));
    }
    // Blobs: 6 starting files + 3 new contents + one manifest per snapshot, nothing more.
    expect(run.store.blobCount).toBe(6 + 3 + snapshots.length);
  });
});
