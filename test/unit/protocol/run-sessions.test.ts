import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../src/protocol/events';
import { lastRunEvents, lastRunMode, RunSessions, sessionOfRunStart } from '../../../src/protocol/run-sessions';

const base = { v: 1 as const, ts: 1 };
const started = (runId: string, seq: number, extra: { sessionId?: string; mode?: 'react' | 'plan_exec' } = {}): EngineEvent => ({
  ...base,
  seq,
  runId,
  type: 'run_started',
  task: runId,
  mode: extra.mode ?? 'react',
  model: { kind: 'scripted', name: 'demo', label: 'Demo (scripted)' },
  sandbox: { kind: 'virtual', label: 'Virtual sandbox', reason: 'test' },
  maxIterations: 5,
  ...(extra.sessionId ? { sessionId: extra.sessionId } : {}),
});
const notice = (runId: string, seq: number): EngineEvent => ({ ...base, seq, runId, type: 'notice', level: 'info', message: 'n' });

describe('runs and their sessions', () => {
  it('a run that names no session is its own; one that names a session belongs to it', () => {
    expect(sessionOfRunStart(started('a', 0))).toBe('a');
    expect(sessionOfRunStart(started('b', 5, { sessionId: 'a' }))).toBe('a');
    expect(sessionOfRunStart(notice('a', 1))).toBeNull();
  });

  it('learns from first events, maps later ones, and forgets a deleted session', () => {
    const runs = new RunSessions();
    expect(runs.learn(started('a', 0))).toBe('a');
    expect(runs.learn(notice('a', 1))).toBe('a');
    expect(runs.learn(started('b', 2, { sessionId: 'a' }))).toBe('a');
    expect(runs.learn(notice('b', 3))).toBe('a');
    expect(runs.of('unknown')).toBe('unknown');
    runs.bind('c', 'a');
    expect(runs.of('c')).toBe('a');
    runs.forgetSession('a');
    expect(runs.of('b')).toBe('b');
    expect(runs.of('c')).toBe('c');
  });

  it('finds the last run of a session and the mode it was in', () => {
    const events = [started('a', 0, { mode: 'plan_exec' }), notice('a', 1), started('b', 2, { sessionId: 'a' }), notice('b', 3)];
    expect(lastRunEvents(events).map((event) => event.seq)).toEqual([2, 3]);
    expect(lastRunMode(events)).toBe('react');
    expect(lastRunMode(events.slice(0, 2))).toBe('plan_exec');
    expect(lastRunEvents([notice('x', 0)])).toHaveLength(1);
    expect(lastRunMode([])).toBeNull();
  });
});
