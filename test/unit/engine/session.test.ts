import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION, EngineEventSchema, type EngineEvent } from '../../../src/engine/events';
import { Session } from '../../../src/engine/session';

describe('Session', () => {
  it('stamps events with version, sequence, time and run id, and fans them out in order', () => {
    let clock = 1000;
    const session = new Session(() => clock++);
    const seen: EngineEvent[] = [];
    session.subscribe((e) => seen.push(e));
    session.record('r1', { type: 'notice', level: 'info', message: 'a' });
    session.record('r1', { type: 'iteration_started', iteration: 1 });
    expect(seen).toEqual(session.events);
    expect(seen.map((e) => [e.v, e.seq, e.ts, e.runId, e.type])).toEqual([
      [EVENT_SCHEMA_VERSION, 0, 1000, 'r1', 'notice'],
      [EVENT_SCHEMA_VERSION, 1, 1001, 'r1', 'iteration_started'],
    ]);
    for (const e of seen) expect(EngineEventSchema.parse(JSON.parse(JSON.stringify(e)))).toEqual(e);
  });

  it('scrubs registered secrets from every field, including JSON-escaped forms', () => {
    const session = new Session();
    const key = 'sk-test-"quoted"-1234567890';
    session.registerSecret(key);
    const event = session.record('r', {
      type: 'tool_result',
      callId: 'c',
      name: 'run_command',
      ok: true,
      output: `echo ${key}\n${key}`,
      durationMs: 1,
    });
    expect(JSON.stringify(event)).not.toContain('1234567890');
    expect(event.type === 'tool_result' && event.output).toBe('echo [redacted]\n[redacted]');
  });

  it('ignores secrets too short to scrub safely and stops after unsubscribe', () => {
    const session = new Session();
    session.registerSecret('abc');
    const seen: EngineEvent[] = [];
    const off = session.subscribe((e) => seen.push(e));
    session.record('r', { type: 'notice', level: 'info', message: 'abc' });
    off();
    session.record('r', { type: 'notice', level: 'info', message: 'later' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.type === 'notice' && seen[0].message).toBe('abc');
  });
});
