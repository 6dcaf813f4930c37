import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../src/protocol/events';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { appendEvents, loadLog, seek } from '../../../src/ui/state/session-view';
import { recordedRun } from '../store/recorded-run';

/** The demo's log with `count` notices before its end: a long session, as a link may carry one. */
async function longLog(count: number): Promise<EngineEvent[]> {
  const { events } = await recordedRun('demo', 'react');
  const end = events.findLastIndex((event) => event.type === 'run_finished');
  const last = events[end - 1] as EngineEvent;
  const notices: EngineEvent[] = Array.from({ length: count }, (_, i) => ({ ...last, type: 'notice', level: 'info', message: `n${i}` }) as EngineEvent);
  return [...events.slice(0, end), ...notices, ...events.slice(end)].map((event, seq) => ({ ...event, seq }));
}

describe('a long session on the page', () => {
  it('opens 20,000 events in linear time (copying the timeline per entry took half a minute)', async () => {
    const log = await longLog(20_000);
    const started = performance.now();
    const view = loadLog(log);
    // Generous for a shared machine: the quadratic version took 27 s here, the linear one about 0.5 s.
    expect(performance.now() - started).toBeLessThan(5000);
    // The added notices, beside the demo's own (its final check's line).
    expect(view.live.timeline.filter((entry) => entry.kind === 'notice' && /^n\d+$/.test(entry.message))).toHaveLength(20_000);
  }, 60_000);

  it('states it keeps never change afterwards: keyframes, the live state, an earlier view', async () => {
    const log = await longLog(1000);
    const half = Math.floor(log.length / 2);
    const view = loadLog(log.slice(0, half));
    const liveBefore = view.live.timeline.length;
    const keyframeLengths = [...view.keyframes].map(([at, state]) => [at, state.timeline.length]);
    const grown = appendEvents(view, log.slice(half));
    // The earlier view still shows what it showed; its keyframes hold what they held.
    expect(view.live.timeline).toHaveLength(liveBefore);
    expect(keyframeLengths.map(([at]) => [at, view.keyframes.get(at as number)?.timeline.length])).toEqual(keyframeLengths);
    // And every position of the grown view is the plain reduction up to it.
    for (const position of [0, 1, 127, 128, 129, 300, half, half + 1, log.length - 1]) {
      expect(seek(grown, position).shown, `at ${position}`).toEqual(reduceAll(initialState, log.slice(0, position)));
    }
    const seekedTwice = seek(grown, 700).shown.timeline.length;
    seek(grown, 900);
    expect(seek(grown, 700).shown.timeline).toHaveLength(seekedTwice);
    expect(grown.live).toEqual(reduceAll(initialState, log));
  }, 60_000);
});
