import { describe, expect, it } from 'vitest';
import { createRecoveryModel, ModelConfigError } from '../../../src/model/create-model';
import { LazyOpenAiModel } from '../../../src/model/lazy-openai';
import type { ModelSettingsInput } from '../../../src/protocol/settings';

const ollama: ModelSettingsInput = { provider: 'ollama', baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5-coder:7b', apiKey: 'k', scenario: 'demo' };

describe('createRecoveryModel', () => {
  it('builds the named model on the same endpoint, labelled with its own name and the host only', () => {
    const model = createRecoveryModel({ ...ollama, baseUrl: 'http://user:pw@localhost:11434/v1?token=t', recoveryModel: 'qwen2.5-coder:32b' });
    expect(model).toBeInstanceOf(LazyOpenAiModel);
    expect(model?.info).toEqual({ kind: 'openai', name: 'qwen2.5-coder:32b', label: 'qwen2.5-coder:32b @ localhost:11434' });
  });

  it('uses the same endpoint, key and fetch as the main model', async () => {
    const seen: { url: string; auth: string | null; model: unknown }[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      seen.push({ url: request.url, auth: request.headers.get('authorization'), model: ((await request.json()) as { model: unknown }).model });
      const body = 'data: {"choices":[{"index":0,"delta":{"content":"a plan"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    };
    const model = createRecoveryModel({ ...ollama, baseUrl: 'https://llm.example.test/v1', recoveryModel: 'big' }, { fetch: fakeFetch });
    expect((await model?.complete({ messages: [{ role: 'user', content: 'critique' }], tools: [] }))?.text).toBe('a plan');
    expect(seen).toEqual([{ url: 'https://llm.example.test/v1/chat/completions', auth: 'Bearer k', model: 'big' }]);
  });

  it('is undefined when the run should use its main model', () => {
    expect(createRecoveryModel(ollama)).toBeUndefined();
    expect(createRecoveryModel({ ...ollama, recoveryModel: '   ' })).toBeUndefined();
    expect(createRecoveryModel({ ...ollama, recoveryModel: ollama.model })).toBeUndefined();
    // The scripted scenario writes its own critique: the recovery model is the same scripted model.
    expect(createRecoveryModel({ provider: 'scripted', baseUrl: '', model: 'demo', apiKey: '', scenario: 'demo', recoveryModel: 'critic' })).toBeUndefined();
  });

  it('refuses settings the main model would refuse', () => {
    expect(() => createRecoveryModel({ ...ollama, baseUrl: 'nope', recoveryModel: 'big' })).toThrow(ModelConfigError);
    expect(() => createRecoveryModel({ ...ollama, recoveryModel: 'm'.repeat(201) })).toThrow(
      /recoveryModel: the recovery model name is at most 200 characters/,
    );
  });
});
