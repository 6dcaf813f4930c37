import { describe, expect, it } from 'vitest';
import { Session } from '../../../src/engine/session';
import { type EngineEvent, EngineEventSchema, EVENT_SCHEMA_VERSION } from '../../../src/protocol/events';

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

  it('keeps durations to the whole millisecond', () => {
    const session = new Session();
    session.record('r1', { type: 'tool_result', callId: 'c1', name: 'run_command', ok: true, output: 'ok', durationMs: 28.22488999999996 });
    session.record('r1', { type: 'tool_result', callId: 'c2', name: 'run_command', ok: true, output: 'ok', durationMs: 0.4 });
    expect(session.events.map((e) => (e.type === 'tool_result' ? e.durationMs : null))).toEqual([28, 0]);
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
    expect(event?.type === 'tool_result' && event.output).toBe('echo [redacted]\n[redacted]');
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

  it('redacts a key streamed back in pieces, whatever the split, and keeps the text in order', () => {
    const key = 'sk-live-0123456789abcdef';
    const reply = `here is the key: ${key} and ${key}, done`;
    for (const cuts of [[5, 20], [18, 19, 20], [25], [reply.length - 3], [1, 2, 3, 4, 30, 31, 40]]) {
      const session = new Session();
      session.registerSecret(key);
      let at = 0;
      for (const cut of [...cuts, reply.length]) {
        session.record('r', { type: 'model_delta', text: reply.slice(at, cut) });
        at = cut;
      }
      session.record('r', { type: 'assistant_message', text: reply, toolCalls: [] });
      const deltas = session.events.filter((e) => e.type === 'model_delta').map((e) => (e.type === 'model_delta' ? e.text : ''));
      expect(deltas.join(''), String(cuts)).toBe('here is the key: [redacted] and [redacted], done');
      expect(JSON.stringify(session.events)).not.toContain('0123456789');
      expect(session.events.at(-1)?.type).toBe('assistant_message');
    }
  });

  it('redacts a key split across command output chunks, per stream, and releases held text at the end', () => {
    const key = 'sk-live-0123456789abcdef';
    const session = new Session();
    session.registerSecret(key);
    const chunk = (stream: 'stdout' | 'stderr', text: string) => session.record('r', { type: 'command_output', callId: 'c1', stream, chunk: text });
    chunk('stdout', 'KEY=sk-live-0123');
    chunk('stderr', 'warning\n');
    chunk('stdout', '456789abcdef\nend sk-');
    session.flush();
    const out = session.events.filter((e) => e.type === 'command_output').map((e) => (e.type === 'command_output' ? `${e.stream}:${e.chunk}` : ''));
    expect(out.join('|')).not.toContain('0123');
    const stdout = out
      .filter((line) => line.startsWith('stdout:'))
      .map((line) => line.slice(7))
      .join('');
    expect(stdout).toBe('KEY=[redacted]\nend sk-');
  });

  it('holds nothing back when no secret is registered', () => {
    const session = new Session();
    expect(session.record('r', { type: 'model_delta', text: 'sk-' })?.type).toBe('model_delta');
  });
});
