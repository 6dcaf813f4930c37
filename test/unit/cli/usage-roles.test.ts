import { describe, expect, it } from 'vitest';
import { costOf, loadModelPrice } from '../../../src/model/model-prices';
import type { EventOf } from '../../../src/protocol/events';
import { textReply } from '../model/mock-openai-server';
import { mockEndpointPerTest, readMissing, restoreApiKeyAfterEach, runCli } from './run-cli';

async function run(argv: string[]) {
  const { code, events } = await runCli(argv);
  return { code, events, usage: events.filter((e): e is EventOf<'usage'> => e.type === 'usage') };
}

/** The usage chunk (no choices) a provider asked with include_usage ends its stream with. */
const usageChunk = (prompt: number, completion: number) => ({
  id: 'c',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [],
  usage: { prompt_tokens: prompt, completion_tokens: completion },
});

describe('agent run meters the recovery model’s call', () => {
  const startServer = mockEndpointPerTest();
  restoreApiKeyAfterEach();

  const script = () => [
    { kind: 'stream' as const, chunks: readMissing(1, usageChunk(1_000, 10)) },
    { kind: 'stream' as const, chunks: readMissing(2, usageChunk(1_000, 10)) },
    { kind: 'stream' as const, chunks: readMissing(3, usageChunk(1_000, 10)) },
    { kind: 'stream' as const, chunks: [...textReply(['List the folder first.']), usageChunk(2_000, 40)] },
    { kind: 'stream' as const, chunks: [...textReply(['Done.']), usageChunk(1_200, 5)] },
  ];

  it('records it as "recovery" with the provider’s counts and the recovery model’s own price', async () => {
    const server = await startServer(script());
    process.env.PHASEGATE_API_KEY = 'sk-test';
    const { code, usage } = await run(['--task', 't', '--base-url', server.baseUrl, '--model', 'main-model', '--recovery-model', 'gpt-4o', '--json']);
    expect(code).toBe(0);
    const price = await loadModelPrice('gpt-4o');
    if (!price) throw new Error('gpt-tokenizer has no price for gpt-4o');
    expect(usage.map((e) => [e.role ?? 'agent', e.promptTokens, e.completionTokens])).toEqual([
      ['agent', 1_000, 10],
      ['agent', 1_000, 10],
      ['agent', 1_000, 10],
      ['recovery', 2_000, 40],
      ['agent', 1_200, 5],
    ]);
    expect(usage[3]?.costUsd).toBeCloseTo(costOf(price, { promptTokens: 2_000, completionTokens: 40 }), 10);
    expect(usage.filter((e) => e.role === undefined).every((e) => e.costUsd === undefined)).toBe(true);
  });

  it('counts it against --max-tokens: once the critique spent the room, the next request passes the budget', async () => {
    const first = await startServer(script());
    process.env.PHASEGATE_API_KEY = 'sk-test';
    const args = ['--task', 't', '--model', 'main-model', '--recovery-model', 'critic', '--json'];
    const full = await run([...args, '--base-url', first.baseUrl]);
    const last = full.usage.at(-1) as EventOf<'usage'>;
    // Room for every call but the last; without the critique's 2,040 tokens the last would fit too.
    const budget = 3_030 + 2_040 + last.requestTokens - 1;
    const server = await startServer(script());
    const { events } = await run([...args, '--base-url', server.baseUrl, '--max-tokens', String(budget)]);
    expect(server.requests.map((request) => (request.body as { model: string }).model)).toEqual(['main-model', 'main-model', 'main-model', 'critic']);
    const finished = events.at(-1) as EventOf<'run_finished'>;
    expect(finished).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'budget_exceeded', cause: 'max_tokens' });
    expect(finished.reason).toBe(
      `The run would pass its token budget: used 5,070 of ${budget.toLocaleString('en-US')} tokens; the next request needs ~${last.requestTokens.toLocaleString('en-US')}.`,
    );
  });
});
