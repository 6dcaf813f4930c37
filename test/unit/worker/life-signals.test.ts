import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Session } from '../../../src/engine/session';
import type { WorkerHeartbeat } from '../../../src/worker/api';
import { HEARTBEAT_INTERVAL_MS, holdLifeLock, startHeartbeats } from '../../../src/worker/life-signals';

describe('the worker’s heartbeats', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('beat every interval, and at once when a step starts or ends, saying whether one is under way', async () => {
    const session = new Session();
    const beats: WorkerHeartbeat[] = [];
    const stop = startHeartbeats(
      (listener) => session.subscribe(listener),
      (beat) => beats.push(beat),
    );
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2);
    expect(beats).toEqual([
      { phasegateHeartbeat: true, step: false },
      { phasegateHeartbeat: true, step: false },
    ]);
    beats.length = 0;
    // Said synchronously: the work after a step's start may block the worker before any timer runs.
    session.record('run-1', { type: 'tool_call', callId: 'c1', name: 'run_command', args: { command: 'x' }, rawArguments: '{}' });
    expect(beats).toEqual([{ phasegateHeartbeat: true, step: true }]);
    session.record('run-1', { type: 'command_started', callId: 'c1', command: 'x', cwd: '/workspace' });
    session.record('run-1', { type: 'command_finished', callId: 'c1', exitCode: 0, durationMs: 5, timedOut: false, aborted: false });
    expect(beats).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(beats.at(-1)).toEqual({ phasegateHeartbeat: true, step: true });
    session.record('run-1', { type: 'tool_result', callId: 'c1', name: 'run_command', ok: true, output: 'done', durationMs: 5 });
    expect(beats.at(-1)).toEqual({ phasegateHeartbeat: true, step: false });
    stop();
    const count = beats.length;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 3);
    session.record('run-1', { type: 'tool_call', callId: 'c2', name: 'run_command', args: {}, rawArguments: '{}' });
    expect(beats).toHaveLength(count);
  });

  it('a step left open by a run that ended is closed with it', () => {
    const session = new Session();
    const beats: WorkerHeartbeat[] = [];
    const stop = startHeartbeats(
      (listener) => session.subscribe(listener),
      (beat) => beats.push(beat),
    );
    session.record('run-1', { type: 'command_started', callId: 'validate', command: 'npm test', cwd: '/workspace' });
    session.record('run-1', { type: 'run_finished', status: 'cancelled', reason: 'stopped', iterations: 1 });
    expect(beats.map((beat) => beat.step)).toEqual([true, false]);
    stop();
  });

  it('holds no life lock where the platform has no Web Locks', async () => {
    vi.stubGlobal('navigator', {});
    expect(await holdLifeLock('phasegate-worker:test')).toBe(false);
    vi.unstubAllGlobals();
  });

  it('says the life lock is held once the lock manager granted it, and keeps it', async () => {
    let released = false;
    const request = vi.fn((_name: string, callback: () => Promise<void>) => callback().then(() => (released = true)));
    vi.stubGlobal('navigator', { locks: { request } });
    expect(await holdLifeLock('phasegate-worker:test')).toBe(true);
    expect(request).toHaveBeenCalledWith('phasegate-worker:test', expect.any(Function));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(released).toBe(false);
    vi.unstubAllGlobals();
  });
});
