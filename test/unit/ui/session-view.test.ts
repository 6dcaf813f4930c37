import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../src/protocol/events';
import { replayKeyAction } from '../../../src/ui/replay/replay-keys';
import { type ReplayControl, stepDelay } from '../../../src/ui/replay/use-replay';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { appendEvents, emptyView, isStop, loadLog, nextStop, previousStop, seek } from '../../../src/ui/state/session-view';
import { recordedRun } from '../store/recorded-run';

async function demoLog(): Promise<EngineEvent[]> {
  return (await recordedRun('demo', 'react')).events;
}

describe('the session view', () => {
  it('shows at every position exactly the reduction of the log up to it, keyframes or not', async () => {
    const log = await demoLog();
    const view = loadLog(log);
    expect(view.shown).toEqual(reduceAll(initialState, log));
    // Every position, forward and then back.
    const forward = [...log.keys()];
    for (const position of [...forward, ...[...forward].reverse()]) {
      expect(seek(view, position).shown, `at ${position}`).toEqual(reduceAll(initialState, log.slice(0, position)));
    }
    expect(seek(view, log.length).position).toBeNull();
    expect(seek(view, null).shown).toBe(view.live);
  });

  it('loads a log straight at a position, the same view as loading it and seeking there', async () => {
    const log = await demoLog();
    const atStart = loadLog(log, 0);
    expect(atStart.position).toBe(0);
    expect(atStart.shown).toEqual(initialState);
    expect(atStart.live).toEqual(reduceAll(initialState, log));
    expect(loadLog(log, 7).shown).toEqual(seek(loadLog(log), 7).shown);
    expect(loadLog(log, null).position).toBeNull();
  });

  it('keeps, from one position to another, the entry objects the two share up to the keyframe before them', async () => {
    const log = await demoLog();
    const view = loadLog(log);
    const later = seek(view, log.length - 1).shown.timeline;
    const earlier = seek(view, log.length - 2).shown.timeline;
    // The Timeline renders again only the entries whose object changed (Timeline.tsx, TimelineItem).
    expect(log.length).toBeGreaterThan(129);
    const unchanged = seek(view, 128).shown.timeline.filter((entry) => view.live.timeline.includes(entry));
    expect(unchanged.length).toBeGreaterThan(0);
    for (const entry of unchanged) {
      expect(earlier.includes(entry) && later.includes(entry), entry.id).toBe(true);
    }
  });

  it('keeps a replayed position while new events arrive, and follows them at the end', async () => {
    const log = await demoLog();
    const half = Math.floor(log.length / 2);
    let view = seek(appendEvents(emptyView(), log.slice(0, half)), 10);
    view = appendEvents(view, log.slice(half));
    expect(view.position).toBe(10);
    expect(view.shown).toEqual(reduceAll(initialState, log.slice(0, 10)));
    expect(seek(view, null).shown).toEqual(reduceAll(initialState, log));
  });

  it('starts a new log, from a clean page, when a run of another session starts', async () => {
    const first = await demoLog();
    const second = (await recordedRun('recovery', 'react')).events;
    const view = appendEvents(loadLog(first), second);
    expect(view.log).toEqual(second);
    expect(seek(view, 0).shown).toEqual(initialState);
    expect(view.live).toEqual(reduceAll(initialState, second));
  });

  it('goes on with the same log when a later run of the same session starts', async () => {
    const first = await demoLog();
    const sessionId = first[0]?.runId ?? '';
    const second = (await recordedRun('recovery', 'react')).events.map((event) => (event.type === 'run_started' ? { ...event, sessionId } : event));
    const view = appendEvents(loadLog(first), second);
    expect(view.log).toEqual([...first, ...second]);
    expect(seek(view, first.length).shown).toEqual(reduceAll(initialState, first));
    expect(view.live.sessionId).toBe(sessionId);
    expect(view.live.runs).toBe(2);
  });

  it('steps over streamed pieces of a reply', async () => {
    const log = await demoLog();
    const stops = [0];
    while (stops.at(-1) !== log.length) stops.push(nextStop(log, stops.at(-1) ?? 0));
    expect(stops.every((p) => isStop(log, p))).toBe(true);
    expect(stops.some((p) => p > 0 && p < log.length && log[p - 1]?.type === 'model_delta')).toBe(false);
    expect(stops.length).toBeLessThan(log.length);
    for (let i = stops.length - 1; i > 0; i--) expect(previousStop(log, stops[i] ?? 0)).toBe(stops[i - 1]);
  });
});

describe('replay pacing and presenter keys', () => {
  const at = (ts: number): EngineEvent => ({ v: 1, seq: ts, ts, runId: 'r', type: 'iteration_started', iteration: 1 });
  it('waits the run’s own pace between steps, capped, divided by the speed', () => {
    const log = [at(0), at(100), at(10_000), at(10_001)];
    expect(stepDelay(log, 1, 2, '1')).toBe(100);
    expect(stepDelay(log, 1, 2, '2')).toBe(50);
    expect(stepDelay(log, 2, 3, '1')).toBe(1500);
    expect(stepDelay(log, 3, 4, '0.5')).toBe(80);
    expect(stepDelay(log, 1, 2, 'instant')).toBe(0);
    // The workshop pace: one step every 3 s, whatever the run's own pace.
    expect(stepDelay(log, 1, 2, 'workshop')).toBe(3000);
    expect(stepDelay(log, 2, 3, 'workshop')).toBe(3000);
  });

  it('maps Space, the arrows, Home, End and F, and nothing else', () => {
    const calls: string[] = [];
    const replay = Object.fromEntries(
      ['toggle', 'stepBack', 'stepForward', 'toStart', 'toEnd'].map((name) => [name, () => calls.push(name)]),
    ) as unknown as ReplayControl;
    for (const key of [' ', 'ArrowLeft', 'ArrowRight', 'Home', 'End']) replayKeyAction(key, replay)?.();
    expect(calls).toEqual(['toggle', 'stepBack', 'stepForward', 'toStart', 'toEnd']);
    expect(replayKeyAction('f', replay)).not.toBeNull();
    expect(replayKeyAction('x', replay)).toBeNull();
  });
});
