import { describe, expect, it } from 'vitest';
import { contextOptionsFor, createModel, createSummaryModel, ModelConfigError } from '../../../src/model/create-model';
import { LazyOpenAiModel } from '../../../src/model/lazy-openai';
import type { ModelSettingsInput } from '../../../src/protocol/settings';

const ollama: ModelSettingsInput = { provider: 'ollama', baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5-coder:7b', apiKey: 'k', scenario: 'demo' };

/** A fetch that records each request's URL, key and body and answers one streamed text. */
function recordingFetch() {
  const seen: { url: string; auth: string | null; body: Record<string, unknown> }[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    seen.push({ url: request.url, auth: request.headers.get('authorization'), body: (await request.json()) as Record<string, unknown> });
    const body = 'data: {"choices":[{"index":0,"delta":{"content":"a summary"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return { seen, fakeFetch };
}

describe('createSummaryModel', () => {
  it('builds the named model on the same endpoint, key and sampling, labelled with its own name', async () => {
    const { seen, fakeFetch } = recordingFetch();
    const settings = { ...ollama, baseUrl: 'https://llm.example.test/v1', summaryModel: 'small', temperature: 0.2, maxOutputTokens: 2_000 };
    const model = createSummaryModel(settings, { fetch: fakeFetch });
    expect(model).toBeInstanceOf(LazyOpenAiModel);
    expect(model?.info).toEqual({ kind: 'openai', name: 'small', label: 'small @ llm.example.test' });
    expect((await model?.complete({ messages: [{ role: 'user', content: 'summarise' }], tools: [] }))?.text).toBe('a summary');
    expect(seen).toEqual([
      {
        url: 'https://llm.example.test/v1/chat/completions',
        auth: 'Bearer k',
        body: expect.objectContaining({ model: 'small', temperature: 0.2, max_tokens: 2_000, stream_options: { include_usage: true } }) as unknown,
      },
    ]);
  });

  it('on a summary base URL: another server never gets the API key (only the SDK placeholder), the main endpoint origin does', async () => {
    const { seen, fakeFetch } = recordingFetch();
    const main = { ...ollama, provider: 'openai' as const, baseUrl: 'https://api.example.test/v1', model: 'big', apiKey: 'sk-main' };
    const local = createSummaryModel({ ...main, summaryModel: 'tiny', summaryBaseUrl: 'http://localhost:11434/v1' }, { fetch: fakeFetch });
    await local?.complete({ messages: [{ role: 'user', content: 'summarise' }], tools: [] });
    const same = createSummaryModel({ ...main, summaryModel: 'tiny', summaryBaseUrl: 'https://api.example.test/v2' }, { fetch: fakeFetch });
    await same?.complete({ messages: [{ role: 'user', content: 'summarise' }], tools: [] });
    expect(seen.map(({ url, auth, body }) => [url, auth, body.model])).toEqual([
      ['http://localhost:11434/v1/chat/completions', 'Bearer no-key', 'tiny'],
      ['https://api.example.test/v2/chat/completions', 'Bearer sk-main', 'tiny'],
    ]);
    // Even a scripted run may summarise on a real endpoint.
    expect(
      createSummaryModel({
        provider: 'scripted',
        baseUrl: '',
        model: 'demo',
        apiKey: '',
        scenario: 'demo',
        summaryModel: 'tiny',
        summaryBaseUrl: 'http://localhost:1234/v1',
      })?.info.name,
    ).toBe('tiny');
  });

  it('refuses a summary base URL without a model name, or one that is not a URL', () => {
    expect(() => createSummaryModel({ ...ollama, summaryBaseUrl: 'http://localhost:1234/v1' })).toThrow(/needs a summary model name/);
    expect(() => createSummaryModel({ ...ollama, summaryModel: 'tiny', summaryBaseUrl: 'localhost' })).toThrow(ModelConfigError);
  });

  it('is undefined when the run should use its main model', () => {
    expect(createSummaryModel(ollama)).toBeUndefined();
    expect(createSummaryModel({ ...ollama, summaryModel: '   ' })).toBeUndefined();
    expect(createSummaryModel({ ...ollama, summaryModel: ollama.model })).toBeUndefined();
    expect(createSummaryModel({ provider: 'scripted', baseUrl: '', model: 'demo', apiKey: '', scenario: 'demo', summaryModel: 'small' })).toBeUndefined();
  });

  it('refuses settings the main model would refuse', () => {
    expect(() => createSummaryModel({ ...ollama, baseUrl: 'nope', summaryModel: 'small' })).toThrow(ModelConfigError);
    expect(() => createSummaryModel({ ...ollama, summaryModel: 'm'.repeat(201) })).toThrow(/summaryModel: the summary model name is at most 200 characters/);
  });
});

describe('the main model and what a run counts with', () => {
  it('sends the sampling settings with the main model too', async () => {
    const { seen, fakeFetch } = recordingFetch();
    const model = createModel({ ...ollama, baseUrl: 'https://llm.example.test/v1', temperature: 0.5, maxOutputTokens: 1_234 }, { fetch: fakeFetch });
    await model.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(seen[0]?.body).toMatchObject({ model: 'qwen2.5-coder:7b', temperature: 0.5, max_tokens: 1_234 });
  });

  it("counts against the setting's window, else the model's known one, else 32,000, with the chosen tokenizer", () => {
    expect(contextOptionsFor(ollama)).toEqual({ contextWindow: 32_768, tokenEncoding: 'o200k' });
    expect(contextOptionsFor({ ...ollama, contextWindow: 8_192, tokenizer: 'cl100k' })).toEqual({ contextWindow: 8_192, tokenEncoding: 'cl100k' });
    expect(contextOptionsFor({ ...ollama, model: 'gpt-4o-mini' })).toEqual({ contextWindow: 128_000, tokenEncoding: 'o200k' });
    expect(contextOptionsFor({ provider: 'scripted', baseUrl: '', model: 'demo', apiKey: '', scenario: 'demo' })).toEqual({
      contextWindow: 32_000,
      tokenEncoding: 'o200k',
    });
    expect(() => contextOptionsFor({ ...ollama, contextWindow: 10 })).toThrow(ModelConfigError);
  });
});
