import { describe, expect, it } from 'vitest';
import type { EngineEvent, EventOf } from '../../../src/protocol/events';
import { initialState, reduceAll, type TimelineEntry } from '../../../src/ui/state/reducer';
import { recordedRun } from '../store/recorded-run';

function restored(after: readonly EngineEvent[], manifest: string, changed: number): EventOf<'checkpoint_restored'> {
  const last = after.at(-1) as EngineEvent;
  return { ...last, type: 'checkpoint_restored', seq: last.seq + 1, manifest, changed } as EventOf<'checkpoint_restored'>;
}

function endOf(timeline: readonly TimelineEntry[]): Extract<TimelineEntry, { kind: 'end' }> {
  const end = timeline.findLast((entry) => entry.kind === 'end');
  if (end?.kind !== 'end') throw new Error('no run end');
  return end;
}

describe('files restored after a run ended', () => {
  it('mark the verdict as about files no longer there, until the files the run ended with are back', async () => {
    const run = await recordedRun('demo', 'react');
    const snapshots = run.events.filter((event) => event.type === 'workspace_snapshot');
    const first = snapshots[0]?.manifest ?? '';
    const final = snapshots.at(-1)?.manifest ?? '';
    expect(first).not.toBe(final);

    const ended = endOf(reduceAll(initialState, run.events).timeline);
    expect(ended).toMatchObject({ status: 'completed', verified: true, finalFiles: final, restoredAway: false });

    const away = [...run.events, restored(run.events, first, 2)];
    expect(endOf(reduceAll(initialState, away).timeline).restoredAway).toBe(true);
    // Back to latest: the run's own files again.
    const back = [...away, restored(away, final, 2)];
    expect(endOf(reduceAll(initialState, back).timeline).restoredAway).toBe(false);
    // A restore that changed nothing leaves the files the run ended with.
    expect(endOf(reduceAll(initialState, [...run.events, restored(run.events, first, 0)]).timeline).restoredAway).toBe(false);
  });
});
