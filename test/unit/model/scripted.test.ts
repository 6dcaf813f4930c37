import { describe, expect, it, vi } from 'vitest';
import { type ChatMessage, ModelError, type ModelResponse } from '../../../src/model/port';
import type { Scenario } from '../../../src/model/scenario';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel, splitIntoChunks } from '../../../src/model/scripted';
import { playTurn } from './play-turn';

const tiny: Scenario = {
  name: 'tiny',
  title: 'Tiny',
  description: 'two turns',
  defaultTask: 'do it',
  turns: [
    {
      text: 'Reading two  files now.',
      toolCalls: [
        { name: 'read_file', args: { path: 'a.txt' } },
        { name: 'read_file', args: null, rawArguments: '{"path": ' },
      ],
    },
    { text: 'All done.' },
  ],
};

const req = { messages: [], tools: [] };

async function runAll(model: ScriptedModel, turns: number) {
  const replies: ModelResponse[] = [];
  const deltas: string[][] = [];
  const messages: ChatMessage[] = [];
  for (let i = 0; i < turns; i++) {
    const chunks: string[] = [];
    replies.push(await playTurn(model, messages, { onTextDelta: (t) => chunks.push(t) }));
    deltas.push(chunks);
  }
  return { replies, deltas };
}

describe('ScriptedModel', () => {
  it('returns turn N on the Nth call with deterministic call ids', async () => {
    const model = new ScriptedModel(tiny);
    const messages: ChatMessage[] = [];
    const first = await playTurn(model, messages);
    expect(first).toEqual({
      text: 'Reading two  files now.',
      toolCalls: [
        { id: 'call_1_0', name: 'read_file', arguments: '{"path":"a.txt"}' },
        { id: 'call_1_1', name: 'read_file', arguments: '{"path": ' },
      ],
      finishReason: 'tool_calls',
    });
    const second = await playTurn(model, messages);
    expect(second).toEqual({ text: 'All done.', toolCalls: [], finishReason: 'stop' });
  });

  it('announces each tool call as a streaming model does: its name, then its path, after the text', async () => {
    const said: string[] = [];
    await playTurn(new ScriptedModel(tiny), [], {
      onTextDelta: () => said.push('text'),
      onToolCallStart: ({ index, name, path }) => said.push(`${index} ${name}${path === undefined ? '' : ` ${path}`}`),
    });
    expect(said.filter((s) => s !== 'text')).toEqual(['0 read_file', '0 read_file a.txt', '1 read_file']);
    expect(said.lastIndexOf('text')).toBeLessThan(said.indexOf('0 read_file'));
  });

  it('announces calls in the demo scenario, paced like its text', async () => {
    const announced: string[] = [];
    const model = new ScriptedModel(getScenario('demo'), { delayMs: 1 });
    const messages: ChatMessage[] = [];
    for (let turn = 0; turn < 3; turn++) await playTurn(model, messages, { onToolCallStart: ({ name }) => announced.push(name) });
    expect(announced.length).toBeGreaterThan(0);
  });

  it('gives identical output on two runs of the same scenario', async () => {
    const demo = getScenario('demo');
    const a = await runAll(new ScriptedModel(demo), demo.turns.length);
    const b = await runAll(new ScriptedModel(demo), demo.turns.length);
    expect(a).toEqual(b);
    expect(a.replies).toHaveLength(demo.turns.length);
  });

  it('streams word-sized chunks that join back to the text', async () => {
    const demo = getScenario('demo');
    const { replies, deltas } = await runAll(new ScriptedModel(demo), demo.turns.length);
    replies.forEach((reply, i) => {
      expect(deltas[i]?.join('')).toBe(reply.text);
      if (reply.text.includes(' ')) expect(deltas[i]?.length).toBeGreaterThan(1);
      for (const piece of deltas[i] ?? []) expect(piece.trim()).not.toContain(' ');
    });
  });

  it('splits text into whitespace-preserving words', () => {
    expect(splitIntoChunks('  Hello  big\nworld ')).toEqual(['  ', 'Hello  ', 'big\n', 'world ']);
    expect(splitIntoChunks('')).toEqual([]);
  });

  it('waits delayMs between chunks', async () => {
    const model = new ScriptedModel(tiny, { delayMs: 20 });
    const started = Date.now();
    await model.complete(req); // 4 chunks
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
  });

  it('stops streaming as soon as the signal fires, between chunks and in the middle of a wait', async () => {
    // Fake time: the request can only end early if the abort cuts its remaining waits short.
    vi.useFakeTimers();
    try {
      const settle = (pending: Promise<unknown>) => {
        const outcome: { settled: boolean; value?: unknown } = { settled: false };
        pending.then(
          (value) => Object.assign(outcome, { settled: true, value }),
          (error: unknown) => Object.assign(outcome, { settled: true, value: error }),
        );
        return outcome;
      };
      const between = new AbortController();
      const chunks: string[] = [];
      const first = settle(
        new ScriptedModel(tiny, { delayMs: 1000 }).complete({
          ...req,
          signal: between.signal,
          onTextDelta: (t) => {
            chunks.push(t);
            between.abort();
          },
        }),
      );
      await vi.advanceTimersByTimeAsync(1000); // the first chunk's wait: it arrives and aborts
      expect(first).toEqual({ settled: true, value: expect.objectContaining({ name: 'ModelError', code: 'aborted' }) });
      expect(chunks).toEqual(['Reading ']);

      const midway = new AbortController();
      const second = settle(new ScriptedModel(tiny, { delayMs: 1000 }).complete({ ...req, signal: midway.signal, onTextDelta: (t) => chunks.push(t) }));
      await vi.advanceTimersByTimeAsync(500);
      midway.abort();
      await vi.advanceTimersByTimeAsync(0);
      expect(second).toEqual({ settled: true, value: expect.objectContaining({ code: 'aborted' }) });
      expect(chunks).toEqual(['Reading ']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects at once when already aborted', async () => {
    const model = new ScriptedModel(tiny);
    await expect(model.complete({ ...req, signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'aborted' });
  });

  it('reports exhaustion past the last turn', async () => {
    const model = new ScriptedModel(tiny);
    const messages: ChatMessage[] = [];
    await playTurn(model, messages);
    await playTurn(model, messages);
    const err = await playTurn(model, messages).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect(err).toMatchObject({ code: 'scenario_exhausted', message: "scripted scenario 'tiny' has no turn 3" });
  });

  it('labels the demo plainly and other scenarios by name', () => {
    expect(new ScriptedModel(getScenario('demo')).info).toEqual({ kind: 'scripted', name: 'demo', label: 'Demo (scripted)' });
    expect(new ScriptedModel(getScenario('recovery')).info).toEqual({
      kind: 'scripted',
      name: 'recovery',
      label: 'Demo (scripted): recovery',
    });
  });
});
