import { describe, expect, it } from 'vitest';
import { OpenAiModel } from '../../../src/model/openai';
import { isContextOverflow } from '../../../src/model/openai-failure';
import { ModelError } from '../../../src/model/port';
import { startMockOpenAi } from './mock-openai-server';

describe('provider context-overflow messages', () => {
  it.each([
    ['OpenAI (code)', 'context_length_exceeded', 'Invalid request.'],
    [
      'OpenAI',
      null,
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.",
    ],
    [
      'vLLM',
      null,
      "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.",
    ],
    [
      'OpenRouter',
      null,
      'This endpoint\'s maximum context length is 131072 tokens. However, you requested about 140000 tokens. Please reduce the length of either one, or use the "middle-out" transform to compress your prompt automatically.',
    ],
    ['llama.cpp / Ollama', null, 'the request exceeds the available context size, try increasing it'],
    ['Ollama', null, 'input length exceeds the context length'],
    [
      'LM Studio',
      null,
      'Trying to keep the first 5000 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough.',
    ],
    ['Anthropic via OpenRouter', null, 'prompt is too long: 210000 tokens > 200000 maximum'],
    ['Mistral', null, 'Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length'],
    ['Gemini', null, 'The input token count (1100000) exceeds the maximum number of tokens allowed (1048576).'],
  ])('recognises %s', (_provider, code, message) => {
    expect(isContextOverflow(code, message)).toBe(true);
  });

  it.each([
    [null, 'Invalid value for temperature.'],
    ['invalid_api_key', 'Incorrect API key provided.'],
    [null, 'The model `gpt-9` does not exist.'],
    [null, 'max_tokens is too large: 50000. This model supports at most 16384 completion tokens.'],
  ])('does not mistake %s / %s for an overflow', (code, message) => {
    expect(isContextOverflow(code, message)).toBe(false);
  });
});

describe('the OpenAI adapter and an overflow', () => {
  it('turns a 400 context_length_exceeded into a context_overflow error, not retried', async () => {
    const server = await startMockOpenAi([
      {
        kind: 'error',
        status: 400,
        body: { error: { message: "This model's maximum context length is 8192 tokens.", code: 'context_length_exceeded', type: 'invalid_request_error' } },
      },
    ]);
    try {
      const model = new OpenAiModel({ baseUrl: server.baseUrl, apiKey: 'k', model: 'mock-model', retryBaseDelayMs: 1 });
      const error = await model.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelError);
      expect(error).toMatchObject({ code: 'context_overflow', retryable: false });
      expect((error as Error).message).toContain('longer than the model');
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
