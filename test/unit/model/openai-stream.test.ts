import { describe, expect, it } from 'vitest';
import { StreamAccumulator } from '../../../src/model/openai-stream';
import { ModelError } from '../../../src/model/port';

function delta(d: Record<string, unknown>, finish: string | null = null) {
  return { choices: [{ index: 0, delta: d, finish_reason: finish }] };
}

describe('StreamAccumulator', () => {
  it('ignores chunks without choices (usage-only chunks)', () => {
    const acc = new StreamAccumulator();
    acc.add({ choices: [], usage: { total_tokens: 3 } });
    acc.add(delta({ content: 'hi' }, 'stop'));
    expect(acc.result()).toEqual({ text: 'hi', toolCalls: [], finishReason: 'stop' });
    expect(acc.emittedText).toBe(true);
  });

  it('turns a call streamed with no arguments into "{}"', () => {
    const acc = new StreamAccumulator();
    acc.add(delta({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'run_tests' } }] }));
    expect(acc.result().toolCalls).toEqual([{ id: 'c1', name: 'run_tests', arguments: '{}' }]);
    expect(acc.emittedText).toBe(false);
  });

  it('keeps calls apart on servers that omit index but send ids', () => {
    const acc = new StreamAccumulator();
    acc.add(delta({ tool_calls: [{ id: 'a', function: { name: 'read_file', arguments: '{"path":' } }] }));
    acc.add(delta({ tool_calls: [{ function: { arguments: '"x"}' } }] }));
    acc.add(delta({ tool_calls: [{ id: 'b', function: { name: 'list_files', arguments: '{}' } }] }));
    expect(acc.result().toolCalls).toEqual([
      { id: 'a', name: 'read_file', arguments: '{"path":"x"}' },
      { id: 'b', name: 'list_files', arguments: '{}' },
    ]);
  });

  it('separates calls from servers that reuse index 0 with new ids', () => {
    const acc = new StreamAccumulator();
    acc.add(delta({ tool_calls: [{ index: 0, id: 'a', function: { name: 'read_file', arguments: '{"path":"1"}' } }] }));
    acc.add(delta({ tool_calls: [{ index: 0, id: 'b', function: { name: 'read_file', arguments: '{"path":' } }] }));
    acc.add(delta({ tool_calls: [{ index: 0, function: { arguments: '"2"}' } }] }));
    expect(acc.result().toolCalls.map((c) => [c.id, c.arguments])).toEqual([
      ['a', '{"path":"1"}'],
      ['b', '{"path":"2"}'],
    ]);
  });

  it('fills in an id when the server sends none', () => {
    const acc = new StreamAccumulator();
    acc.add(delta({ tool_calls: [{ index: 0, function: { name: 'list_files', arguments: '{}' } }] }));
    expect(acc.result().toolCalls[0]?.id).toBe('call_0');
  });

  it('rejects a tool call that never got a name', () => {
    const acc = new StreamAccumulator();
    acc.add(delta({ tool_calls: [{ index: 0, id: 'c', function: { arguments: '{}' } }] }));
    expect(() => acc.result()).toThrow(ModelError);
    expect(() => acc.result()).toThrow(/without a function name/);
  });

  it('tells a reply cut off in the middle of a tool call from a finished one', () => {
    const acc = new StreamAccumulator();
    acc.add(delta({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'create_file', arguments: '{"path": "a.txt", "content": "ha' } }] }));
    expect(acc.cutOff()).toBe(true);
    expect(acc.position()).toBe('tool call create_file (32 characters of its arguments so far)');
    acc.add(delta({ tool_calls: [{ index: 0, function: { arguments: 'lf"}' } }] }));
    expect(acc.cutOff()).toBe(false);
    // A finish_reason means the server ended the reply itself (e.g. "length"): not a cut connection.
    const truncated = new StreamAccumulator();
    truncated.add(delta({ tool_calls: [{ index: 0, id: 'c2', function: { name: 'create_file', arguments: '{"path": ' } }] }, 'length'));
    expect([truncated.cutOff(), truncated.position()]).toEqual([false, null]);
  });

  it('rejects malformed chunks with the offending path', () => {
    const acc = new StreamAccumulator();
    const bad = [null, 'text', { choices: 'nope' }, delta({ tool_calls: [{ index: -1 }] })];
    for (const chunk of bad) {
      let caught: unknown;
      try {
        acc.add(chunk);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(ModelError);
      expect((caught as ModelError).code).toBe('bad_response');
    }
  });
});
