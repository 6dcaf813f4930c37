import { describe, expect, it } from 'vitest';
import { EngineEventSchema } from '../../../src/protocol/events';
import { NOT_IN_REPLAY, previewAvailability } from '../../../src/ui/state/previews';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { loadLog, seek } from '../../../src/ui/state/session-view';
import { eventLog, runStarted } from './event-log';

const A = 'http://127.0.0.1:5173/';
const B = 'http://127.0.0.1:3000/';

/** A run that starts two servers and stops one; ts 1_700_000_000_000 + index. */
const log = eventLog('r1', [
  runStarted('serve it'),
  { type: 'preview_ready', port: 5173, url: A },
  { type: 'preview_ready', port: 3000, url: B },
  { type: 'preview_closed', port: 3000 },
]);
const START = 1_700_000_000_000;

describe('previews reduced from the log', () => {
  it('keeps the open servers by port, and says each start and stop in the Timeline', () => {
    const state = reduceAll(initialState, log);
    expect(state.previews).toEqual([{ port: 5173, url: A, readyAt: START + 1 }]);
    expect(reduceAll(initialState, log.slice(0, 3)).previews.map((server) => server.port)).toEqual([3000, 5173]);
    const lines = state.timeline.flatMap((entry) => (entry.kind === 'notice' ? [entry.message] : []));
    expect(lines).toEqual(['Server ready on port 5173', 'Server ready on port 3000', 'Server on port 3000 stopped']);
  });

  it('a server ready again on the same port takes its new address', () => {
    const again = eventLog('r1', [{ type: 'preview_ready', port: 5173, url: B }], 10);
    expect(reduceAll(initialState, [...log, ...again]).previews).toEqual([{ port: 5173, url: B, readyAt: START }]);
  });

  it('counts a server recorded under another run (the sandbox’s, not the run’s), without a Timeline line', () => {
    const stray = eventLog('no-run', [{ type: 'preview_ready', port: 8080, url: B }], 10);
    const state = reduceAll(initialState, [...log, ...stray]);
    expect(state.previews.map((server) => server.port)).toEqual([5173, 8080]);
    expect(state.timeline.filter((entry) => entry.kind === 'notice')).toHaveLength(3);
  });

  it('keeps a live server across a run of another session', () => {
    const other = eventLog('r2', [runStarted('next')], 20);
    expect(loadLog([...log, ...other]).live.previews.map((server) => server.port)).toEqual([5173]);
  });

  it('refuses an address that is not http(s)', () => {
    const bad = { ...log[1], url: 'javascript:alert(1)' };
    expect(EngineEventSchema.safeParse(bad).success).toBe(false);
  });
});

describe('whether a preview can be shown', () => {
  const servers = reduceAll(initialState, log).previews;
  const live = { replaying: false, replayOnly: false, pageStartedAt: START };

  it('frames a server this page heard of while it follows the log’s end', () => {
    expect(previewAvailability(servers, live)).toEqual({ available: true, servers });
  });

  it('never in a replay, a shared session, or for a server announced before this page loaded', () => {
    const gone = { available: false, ports: [5173], reason: NOT_IN_REPLAY };
    expect(previewAvailability(servers, { ...live, replaying: true })).toEqual(gone);
    expect(previewAvailability(servers, { ...live, replayOnly: true })).toEqual(gone);
    expect(previewAvailability(servers, { ...live, pageStartedAt: START + 60_000 })).toEqual(gone);
  });

  it('a replay position before the server started has nothing to show', () => {
    const view = seek(loadLog(log), 1);
    expect(previewAvailability(view.shown.previews, { ...live, replaying: true })).toEqual({ available: true, servers: [] });
  });
});
