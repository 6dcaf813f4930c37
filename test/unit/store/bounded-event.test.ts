import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../src/protocol/events';
import { boundEvent, COMMAND_CHUNK_LIMIT_BYTES, EVENT_TEXT_LIMIT_BYTES, resolveEvent } from '../../../src/store/bounded-event';
import { sha256Hex } from '../../../src/store/hash';
import { MemoryStore } from '../../../src/store/memory-store';

const base = { v: 1 as const, seq: 7, ts: 1, runId: 'run-1' };
const big = (bytes: number, fill = 'x') => fill.repeat(bytes);

describe('events as stored', () => {
  it('moves a 6.9 MB edit out of its event and gets it back exactly', async () => {
    const store = new MemoryStore();
    const before = big(6.9e6, 'a\n');
    const after = `${before}tail\n`;
    const event: EngineEvent = { ...base, type: 'file_changed', path: 'big.txt', change: 'edited', before, after, diff: '@@ -1 +1 @@\n+tail\n' };
    const { event: stored, blobs } = await boundEvent(event, store);
    expect(JSON.stringify(stored).length).toBeLessThan(1000);
    expect(stored.before).toEqual({ $blob: await sha256Hex(before), bytes: before.length });
    expect(stored.diff).toBe(event.diff);
    expect(blobs).toHaveLength(2);
    expect(await resolveEvent(stored, store)).toEqual({ ok: true, event });
  });

  it('keeps the first megabyte of a 100 MB command output in the event and the whole of it as a blob', async () => {
    const store = new MemoryStore();
    const chunk = big(100 * 1024 * 1024, 'y');
    const event: EngineEvent = { ...base, type: 'command_output', callId: 'c', stream: 'stdout', chunk };
    const { event: stored } = await boundEvent(event, store);
    expect(typeof stored.chunk === 'string' && stored.chunk.length).toBe(COMMAND_CHUNK_LIMIT_BYTES);
    expect(await store.getBlob(String(stored.fullOutput))).toBe(chunk);
    const resolved = await resolveEvent(stored, store);
    expect(resolved.ok && resolved.event.type === 'command_output' && resolved.event.chunk.length).toBe(COMMAND_CHUNK_LIMIT_BYTES);
  });

  it('cuts multi-byte output on a character boundary', async () => {
    const store = new MemoryStore();
    const chunk = big(COMMAND_CHUNK_LIMIT_BYTES, 'é');
    const { event: stored } = await boundEvent({ ...base, type: 'command_output', callId: 'c', stream: 'stdout', chunk }, store);
    expect(stored.chunk).toBe(big(COMMAND_CHUNK_LIMIT_BYTES / 2, 'é'));
  });

  it('leaves small events alone, drops parsed arguments and parses them again', async () => {
    const store = new MemoryStore();
    const event: EngineEvent = { ...base, type: 'tool_call', callId: 'c', name: 'read_file', args: { path: 'a' }, rawArguments: '{"path":"a"}' };
    const { event: stored, blobs } = await boundEvent(event, store);
    expect(stored).not.toHaveProperty('args');
    expect(blobs).toEqual([]);
    expect(await resolveEvent(stored, store)).toEqual({ ok: true, event });
  });

  it('stores a text of exactly the limit inline and one byte more as a blob', async () => {
    const store = new MemoryStore();
    const at = await boundEvent({ ...base, type: 'notice', level: 'info', message: big(EVENT_TEXT_LIMIT_BYTES) }, store);
    const over = await boundEvent({ ...base, type: 'notice', level: 'info', message: big(EVENT_TEXT_LIMIT_BYTES + 1) }, store);
    expect(typeof at.event.message).toBe('string');
    expect(over.event.message).toMatchObject({ bytes: EVENT_TEXT_LIMIT_BYTES + 1 });
  });

  it('says which event is wrong when a stored one is malformed or its blob is gone', async () => {
    const store = new MemoryStore();
    expect(await resolveEvent({ type: 'tool_result', seq: 3, v: 1 }, store)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^event 3 \(tool_result\) is not valid/),
    });
    const missing = { ...base, type: 'notice', level: 'info', message: { $blob: 'a'.repeat(64), bytes: 5 } };
    expect(await resolveEvent(missing, store)).toMatchObject({ ok: false, error: expect.stringMatching(/missing/) });
  });

  it('keeps a key named "__proto__" as a key, stored and resolved, without touching any prototype', async () => {
    const store = new MemoryStore();
    // As a policy given as JSON has it: an own property, not the prototype.
    const policy = JSON.parse('{"phases":{"__proto__":{"validate":"npm test"},"building":{"validate":null}}}') as unknown;
    const event: EngineEvent = {
      ...base,
      type: 'run_configured',
      mode: 'plan_exec',
      systemPrompt: 'p',
      taskMessage: 't',
      tools: [],
      policy,
      refuseSyntaxErrors: false,
      allowDestructive: false,
    };
    const { event: stored } = await boundEvent(event, store);
    const storedPhases = (stored.policy as { phases: object }).phases;
    expect(Object.hasOwn(storedPhases, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(storedPhases)).toBe(Object.prototype);
    expect(JSON.stringify(stored.policy)).toBe(JSON.stringify(policy));
    const resolved = await resolveEvent(JSON.parse(JSON.stringify(stored)) as typeof stored, store);
    if (!resolved.ok || resolved.event.type !== 'run_configured') throw new Error('not resolved');
    const phases = (resolved.event.policy as { phases: object }).phases;
    expect(Object.hasOwn(phases, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(phases)).toBe(Object.prototype);
    expect(JSON.stringify(resolved.event.policy)).toBe(JSON.stringify(policy));
  });
});
