import { describe, expect, it } from 'vitest';
import { Engine, type RunOptions } from '../../../src/engine/engine';
import { BudgetExceeded, UsageMeter } from '../../../src/engine/usage-meter';
import { costOf, loadModelPrice } from '../../../src/model/model-prices';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import { approximateCounter, loadTokenCounter } from '../../../src/model/token-counter';
import type { EngineEvent, EventOf, EventPayload } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { mockModel, startMock, useFaultHarness } from '../faults/harness';
import { chunk, toolCallArgs, toolCallStart } from '../model/mock-openai-server';

useFaultHarness();

async function runDemo(options: Partial<RunOptions> = {}) {
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
  await engine.run({ task: 'Add slugify', mode: 'react', model: new ScriptedModel(getScenario('demo')), maxIterations: 30, ...options });
  const events = engine.session.events as EngineEvent[];
  const of = <T extends EngineEvent['type']>(type: T) => events.filter((e): e is EventOf<T> => e.type === type);
  const finished = events.at(-1) as EventOf<'run_finished'>;
  return { events, of, finished };
}

/** A usage chunk (no choices) as a provider asked with include_usage ends its stream. */
const usageChunk = (prompt: number, completion: number) => ({
  id: 'c',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-4o',
  choices: [],
  usage: { prompt_tokens: prompt, completion_tokens: completion },
});
const listFiles = (id: string) => [toolCallStart(0, id, 'list_files'), toolCallArgs(0, '{"path": "."}'), chunk({}, 'tool_calls')];

describe('usage events', () => {
  it('follow every reply of a scripted run, estimated with the run tokenizer, the request counted against the window', async () => {
    const { events, of, finished } = await runDemo({ contextWindow: 64_000 });
    expect(finished.status).toBe('completed');
    const usage = of('usage');
    const replies = of('assistant_message');
    expect(usage).toHaveLength(replies.length);
    for (const reply of replies) expect(events[events.indexOf(reply) - 1]?.type).toBe('usage');
    const counter = await loadTokenCounter('o200k');
    for (const [index, event] of usage.entries()) {
      expect(event).toMatchObject({ estimated: true, contextWindow: 64_000 });
      expect(event.requestTokens).toBeGreaterThan(0);
      expect(event.promptTokens).toBe(event.requestTokens);
      expect(event).not.toHaveProperty('costUsd');
      const reply = replies[index] as EventOf<'assistant_message'>;
      const count = (text: string) => counter.count(text);
      const own = count(reply.text) + reply.toolCalls.reduce((sum, call) => sum + count(call.name) + count(call.arguments), 0);
      expect(event.completionTokens).toBe(own);
    }
    // The conversation grows, so each request is larger than the one before.
    const sizes = usage.map((event) => event.requestTokens);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(new Set(sizes).size).toBe(sizes.length);
  });

  it('count against the default 32,000 tokens without a window', async () => {
    const { of } = await runDemo();
    expect(of('usage').every((event) => event.contextWindow === 32_000)).toBe(true);
  });

  it("carry the provider's counts and the cost of a priced model", async () => {
    const server = await startMock([
      { kind: 'stream', chunks: [...listFiles('call_1'), usageChunk(1_500, 20)] },
      { kind: 'stream', chunks: [chunk({ role: 'assistant', content: 'Done.' }), chunk({}, 'stop'), usageChunk(1_700, 5)] },
    ]);
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
    await engine.run({ task: 'Look around.', mode: 'react', maxIterations: 5, model: mockModel(server, { model: 'gpt-4o' }), contextWindow: 128_000 });
    const usage = engine.session.events.filter((e): e is EventOf<'usage'> => e.type === 'usage');
    const price = await loadModelPrice('gpt-4o');
    if (!price) throw new Error('gpt-tokenizer has no price for gpt-4o');
    expect(usage.map(({ promptTokens, completionTokens, estimated, contextWindow }) => ({ promptTokens, completionTokens, estimated, contextWindow }))).toEqual(
      [
        { promptTokens: 1_500, completionTokens: 20, estimated: false, contextWindow: 128_000 },
        { promptTokens: 1_700, completionTokens: 5, estimated: false, contextWindow: 128_000 },
      ],
    );
    expect(usage[0]?.costUsd).toBeCloseTo(costOf(price, { promptTokens: 1_500, completionTokens: 20 }), 10);
    expect(usage[1]?.requestTokens).toBeGreaterThan(usage[0]?.requestTokens ?? Infinity);
  });
});

describe('budgets', () => {
  it('a tiny token budget ends the run before its first request, with the figures', async () => {
    const { of, finished } = await runDemo({ maxTokensPerRun: 100 });
    expect(of('assistant_message')).toEqual([]);
    expect(finished).toMatchObject({ status: 'failed', errorCode: 'budget_exceeded', cause: 'max_tokens' });
    expect(finished.reason).toMatch(/^The run would pass its token budget: used 0 of 100 tokens; the next request needs ~\d{1,3}(,\d{3})*\.$/);
  });

  it('a token budget ends the run when the next request would pass it, after the replies it allowed', async () => {
    const full = await runDemo();
    const usage = full.of('usage');
    const spentAfterTwo = (usage[0]?.promptTokens ?? 0) + (usage[0]?.completionTokens ?? 0) + (usage[1]?.promptTokens ?? 0) + (usage[1]?.completionTokens ?? 0);
    const third = usage[2]?.requestTokens ?? 0;
    const budget = spentAfterTwo + third - 1;
    const { of, finished } = await runDemo({ maxTokensPerRun: budget });
    expect(of('assistant_message')).toHaveLength(2);
    expect(finished).toMatchObject({ status: 'failed', errorCode: 'budget_exceeded', cause: 'max_tokens', iterations: 3 });
    const figure = (n: number) => n.toLocaleString('en-US');
    expect(finished.reason).toBe(
      `The run would pass its token budget: used ${figure(spentAfterTwo)} of ${figure(budget)} tokens; the next request needs ~${figure(third)}.`,
    );
    expect(finished.suggestions).toContain('If the token or cost budget stopped it, raise "Max tokens per run" or "Max cost per run" in Settings.');
  });

  it('a cost budget on a model without a known price says once that it cannot be enforced, and the run goes on', async () => {
    const { of, finished } = await runDemo({ maxCostPerRun: 0.01 });
    expect(finished.status).toBe('completed');
    const notices = of('notice').filter((notice) => notice.message.includes('cannot be enforced'));
    expect(notices.map((notice) => notice.message)).toEqual([
      'The cost budget ($0.0100 a run) cannot be enforced: no price is known for demo. Only a token budget can stop this run.',
    ]);
  });

  it('says the same of an endpoint model missing from the price table, and nothing without a cost budget', async () => {
    const server = await startMock([{ kind: 'stream', chunks: [chunk({ role: 'assistant', content: 'Done.' }), chunk({}, 'stop')] }]);
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
    await engine.run({ task: 't', mode: 'react', maxIterations: 5, model: mockModel(server, { model: 'qwen2.5-coder:7b' }), maxCostPerRun: 2 });
    expect(engine.session.events.filter((e) => e.type === 'notice' && e.message.includes('no price is known for qwen2.5-coder:7b'))).toHaveLength(1);
    const quiet = await runDemo();
    expect(quiet.of('notice').filter((notice) => notice.message.includes('cost budget'))).toEqual([]);
  });

  it('a cost budget on a priced model ends the run when the next request would pass it', async () => {
    const server = await startMock([{ kind: 'stream', chunks: [...listFiles('call_1'), usageChunk(100_000, 1_000)] }], {
      kind: 'stream',
      chunks: [chunk({ role: 'assistant', content: 'Done.' }), chunk({}, 'stop')],
    });
    const price = await loadModelPrice('gpt-4o');
    if (!price) throw new Error('gpt-tokenizer has no price for gpt-4o');
    const spent = costOf(price, { promptTokens: 100_000, completionTokens: 1_000 });
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
    await engine.run({ task: 'Look around.', mode: 'react', maxIterations: 5, model: mockModel(server, { model: 'gpt-4o' }), maxCostPerRun: spent });
    const finished = engine.session.events.at(-1) as EventOf<'run_finished'>;
    expect(server.requests).toHaveLength(1);
    expect(finished).toMatchObject({ status: 'failed', errorCode: 'budget_exceeded', cause: 'max_cost' });
    expect(finished.reason).toMatch(/^The run would pass its cost budget: spent \$\d+\.\d{2,4} of \$\d+\.\d{2,4}; the next request needs ~\$\d+\.\d{4}\.$/);
    expect(engine.session.events.filter((e) => e.type === 'notice' && e.message.includes('cannot be enforced'))).toEqual([]);
  });
});

describe('the usage meter', () => {
  const options = { counter: approximateCounter, window: 1_000, price: null, emit: (_event: EventPayload) => undefined };
  const earlier = [{ type: 'usage', promptTokens: 300, completionTokens: 50, estimated: true, contextWindow: 1_000, requestTokens: 300 } as const].map(
    (payload, seq) => ({ ...payload, v: 1, seq, ts: 0, runId: 'r' }) as EngineEvent,
  );

  it('goes on from the usage a resumed run recorded', () => {
    const meter = new UsageMeter({ ...options, budgets: { maxTokens: 400, maxCostUsd: null }, earlier });
    expect(meter.tokens).toBe(350);
    const messages = [{ role: 'user' as const, content: 'x'.repeat(400) }];
    const thrown = (() => {
      try {
        meter.checkBudget(messages, []);
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(BudgetExceeded);
    expect((thrown as BudgetExceeded).outcome(4)).toMatchObject({ status: 'failed', errorCode: 'budget_exceeded', cause: 'max_tokens', iterations: 4 });
    expect((thrown as BudgetExceeded).reason).toMatch(/^The run would pass its token budget: used 350 of 400 tokens; the next request needs ~\d+\.$/);
    expect(() => new UsageMeter({ ...options, budgets: { maxTokens: null, maxCostUsd: null }, earlier }).checkBudget(messages, [])).not.toThrow();
  });

  it('counts long texts in pieces, and estimates huge ones, so a reply of megabytes takes no time to count', async () => {
    const counter = await loadTokenCounter('o200k');
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    const prose = 'The quick brown fox jumps over the lazy dog. '.repeat(100);
    // Pieces are cut at spaces: the count is the tokenizer's own, or within a token a piece.
    expect(Math.abs(counter.count(prose) - countTokens(prose))).toBeLessThanOrEqual(Math.ceil(prose.length / 2_000));
    expect(counter.count('y'.repeat(200_000))).toBeGreaterThan(40_000);
    expect(counter.count('y'.repeat(10 * 1024 * 1024))).toBe(2_621_440);
  });

  it('counts a request once while the conversation (the same array, the same tools) has not grown', () => {
    let counted = 0;
    const counter = {
      ...approximateCounter,
      countRequest: (...args: Parameters<typeof approximateCounter.countRequest>) => (counted++, approximateCounter.countRequest(...args)),
    };
    const meter = new UsageMeter({ ...options, counter, budgets: { maxTokens: 10_000, maxCostUsd: null } });
    const messages: { role: 'user'; content: string }[] = [{ role: 'user', content: 'hello' }];
    const tools: never[] = [];
    meter.checkBudget(messages, tools);
    meter.record(messages, tools, { text: 'hi', toolCalls: [], finishReason: 'stop' });
    expect(counted).toBe(1);
    messages.push({ role: 'user', content: 'more' });
    meter.requestTokens(messages, tools);
    expect(counted).toBe(2);
  });
});
