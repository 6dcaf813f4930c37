import { afterEach, describe, expect, it } from 'vitest';
import { costOf, loadModelPrice } from '../../../src/model/model-prices';
import { OpenAiModel, type OpenAiModelOptions } from '../../../src/model/openai';
import type { ModelRequest } from '../../../src/model/port';
import { chunk, type MockOpenAiServer, type MockReply, startMockOpenAi, textReply } from './mock-openai-server';

let server: MockOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(replies: MockReply[], options: Partial<OpenAiModelOptions> = {}) {
  server = await startMockOpenAi(replies);
  const model = new OpenAiModel({ baseUrl: server.baseUrl, apiKey: 'k', model: 'mock-model', retryBaseDelayMs: 1, ...options });
  return { server, model };
}

const request = (): ModelRequest => ({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
const ok: MockReply = { kind: 'stream', chunks: textReply(['ok']) };
const bodyOf = (s: MockOpenAiServer, index: number) => s.requests[index]?.body as Record<string, unknown>;
const refused = (message: string): MockReply => ({ kind: 'error', status: 400, body: { error: { message, type: 'invalid_request_error' } } });

/** The last chunk of a stream asked with include_usage: no choices, the counts. */
const usageChunk = (usage: Record<string, unknown>) => ({
  id: 'chatcmpl-mock',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'mock-model',
  choices: [],
  usage,
});

describe('the OpenAI adapter: sampling and usage', () => {
  it('sends the temperature, max_tokens and stream_options with each request', async () => {
    const { server, model } = await setup([ok], { temperature: 0.3, maxOutputTokens: 2_000 });
    await model.complete(request());
    expect(bodyOf(server, 0)).toMatchObject({
      model: 'mock-model',
      stream: true,
      temperature: 0.3,
      max_tokens: 2_000,
      stream_options: { include_usage: true },
    });
  });

  it('sends a temperature of 0 (not left out as falsy), and nothing of either when not configured', async () => {
    const { server, model } = await setup([ok, ok], { temperature: 0, maxOutputTokens: 16_384 });
    await model.complete(request());
    expect(bodyOf(server, 0)).toMatchObject({ temperature: 0, max_tokens: 16_384 });
    const bare = new OpenAiModel({ baseUrl: server.baseUrl, apiKey: 'k', model: 'mock-model' });
    await bare.complete(request());
    expect(bodyOf(server, 1)).not.toHaveProperty('temperature');
    expect(bodyOf(server, 1)).not.toHaveProperty('max_tokens');
    expect(bodyOf(server, 1)).toHaveProperty('stream_options', { include_usage: true });
  });

  it('clips max_tokens to what a known model allows', async () => {
    const { server, model } = await setup([ok], { model: 'gpt-4o-mini', temperature: 0, maxOutputTokens: 50_000 });
    await model.complete(request());
    expect(bodyOf(server, 0)).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 16_384, temperature: 0 });
  });

  it('sends a reasoning model no temperature and max_completion_tokens instead of max_tokens', async () => {
    const { server, model } = await setup([ok, ok], { model: 'o3-mini', temperature: 0, maxOutputTokens: 16_384 });
    await model.complete(request());
    expect(bodyOf(server, 0)).not.toHaveProperty('temperature');
    expect(bodyOf(server, 0)).not.toHaveProperty('max_tokens');
    expect(bodyOf(server, 0)).toMatchObject({ max_completion_tokens: 16_384 });
    const gpt5 = new OpenAiModel({ baseUrl: server.baseUrl, apiKey: 'k', model: 'openai/gpt-5-mini', temperature: 0.2, maxOutputTokens: 200_000 });
    await gpt5.complete(request());
    expect(bodyOf(server, 1)).not.toHaveProperty('temperature');
    expect(bodyOf(server, 1)).toMatchObject({ max_completion_tokens: 128_000 });
  });

  it('sends the request again without stream_options when the provider refuses them, once, and remembers', async () => {
    const { server, model } = await setup([refused('Unrecognized request argument supplied: stream_options'), ok, ok], {
      temperature: 0,
      maxOutputTokens: 100,
    });
    const retries: unknown[] = [];
    expect((await model.complete({ ...request(), onRetry: (info) => retries.push(info) })).text).toBe('ok');
    expect(server.requests).toHaveLength(2);
    expect(bodyOf(server, 0)).toHaveProperty('stream_options');
    expect(bodyOf(server, 1)).not.toHaveProperty('stream_options');
    expect(bodyOf(server, 1)).toMatchObject({ temperature: 0, max_tokens: 100 });
    expect(retries).toEqual([]);
    await model.complete(request());
    expect(server.requests).toHaveLength(3);
    expect(bodyOf(server, 2)).not.toHaveProperty('stream_options');
  });

  it('learns from other refusals: the temperature, max_tokens for max_completion_tokens, a lower output limit', async () => {
    const { server, model } = await setup(
      [
        refused("Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported."),
        refused("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead."),
        refused('max_tokens is too large: 16384. This model supports at most 4096 completion tokens, whereas you provided 16384.'),
        ok,
      ],
      { temperature: 0, maxOutputTokens: 16_384 },
    );
    expect((await model.complete(request())).text).toBe('ok');
    expect(server.requests).toHaveLength(4);
    const last = bodyOf(server, 3);
    expect(last).not.toHaveProperty('temperature');
    expect(last).not.toHaveProperty('max_tokens');
    expect(last).toMatchObject({ max_completion_tokens: 4_096, stream_options: { include_usage: true } });
  });

  it('does not send again a 400 about something else, nor twice for the same parameter', async () => {
    const { server, model } = await setup([refused('messages: too many images'), refused('stream_options: bad'), refused('stream_options: still bad')]);
    await expect(model.complete(request())).rejects.toThrow(/too many images/);
    expect(server.requests).toHaveLength(1);
    await expect(model.complete(request())).rejects.toThrow(/still bad/);
    expect(server.requests).toHaveLength(3);
  });

  it("reads the provider's usage from the final chunk, with the cached prompt tokens", async () => {
    const { model } = await setup([
      {
        kind: 'stream',
        chunks: [
          ...textReply(['Hi']),
          usageChunk({ prompt_tokens: 1_200, completion_tokens: 34, total_tokens: 1_234, prompt_tokens_details: { cached_tokens: 1_024 } }),
        ],
      },
    ]);
    const reply = await model.complete(request());
    expect(reply).toEqual({ text: 'Hi', toolCalls: [], finishReason: 'stop', usage: { promptTokens: 1_200, completionTokens: 34, cachedTokens: 1_024 } });
  });

  it('takes usage without cache details, and ignores a usage it cannot read instead of failing the reply', async () => {
    const { model } = await setup([
      { kind: 'stream', chunks: [...textReply(['a']), usageChunk({ prompt_tokens: 10, completion_tokens: 2 })] },
      { kind: 'stream', chunks: [{ ...chunk({ content: 'b' }, 'stop'), usage: { prompt_tokens: 'many' } }] },
      { kind: 'stream', chunks: [{ ...chunk({ content: 'c' }, 'stop'), usage: null }] },
    ]);
    expect((await model.complete(request())).usage).toEqual({ promptTokens: 10, completionTokens: 2 });
    const unreadable = await model.complete(request());
    expect(unreadable.text).toBe('b');
    expect(unreadable).not.toHaveProperty('usage');
    expect(await model.complete(request())).toEqual({ text: 'c', toolCalls: [], finishReason: 'stop' });
  });
});

describe('model prices', () => {
  it("come from gpt-tokenizer's table for the exact model id, and are unknown otherwise", async () => {
    const gpt4o = await loadModelPrice('gpt-4o');
    expect(gpt4o).not.toBeNull();
    expect(gpt4o?.inputPerMillion).toBeGreaterThan(0);
    expect(gpt4o?.outputPerMillion).toBeGreaterThan(0);
    for (const model of ['demo', 'local-model', 'qwen2.5-coder:7b', 'toString']) expect(await loadModelPrice(model), model).toBeNull();
  });

  it('cost a reply its fresh prompt, cached prompt and completion tokens', () => {
    const price = { inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 0.5 };
    expect(costOf(price, { promptTokens: 1_000_000, completionTokens: 500_000 })).toBeCloseTo(6);
    expect(costOf(price, { promptTokens: 1_000_000, completionTokens: 0, cachedTokens: 400_000 })).toBeCloseTo(1.2 + 0.2);
    expect(costOf({ inputPerMillion: 2, outputPerMillion: 8 }, { promptTokens: 1_000_000, completionTokens: 0, cachedTokens: 400_000 })).toBeCloseTo(2);
  });
});
