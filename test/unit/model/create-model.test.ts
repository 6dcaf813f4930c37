import { describe, expect, it } from 'vitest';
import { createModel, ModelConfigError } from '../../../src/model/create-model';
import { LazyOpenAiModel } from '../../../src/model/lazy-openai';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { ModelSettingsInput } from '../../../src/protocol/settings';

const scripted: ModelSettingsInput = { provider: 'scripted', baseUrl: '', model: 'demo', apiKey: '', scenario: 'demo' };
const ollama: ModelSettingsInput = {
  provider: 'ollama',
  baseUrl: 'http://localhost:11434/v1',
  model: 'qwen2.5-coder:7b',
  apiKey: '',
  scenario: 'demo',
};

describe('createModel', () => {
  it('builds the scripted model for the scripted provider', () => {
    const model = createModel({ ...scripted, scenario: 'recovery' });
    expect(model).toBeInstanceOf(ScriptedModel);
    expect(model.info).toMatchObject({ kind: 'scripted', name: 'recovery' });
  });

  it('passes the scripted delay through', async () => {
    const model = createModel(scripted, { scriptedDelayMs: 15 });
    const started = Date.now();
    await model.complete({ messages: [], tools: [] });
    // the demo's first turn has about ten words
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('plays the phased demo when the demo runs in plan_exec mode, and only then', async () => {
    const first = async (mode?: 'react' | 'plan_exec', scenario = 'demo') => {
      const model = createModel({ ...scripted, scenario }, mode ? { mode } : {});
      return (await model.complete({ messages: [], tools: [] })).toolCalls.map((c) => c.name);
    };
    expect(await first('plan_exec')).toEqual(getScenario('plan_exec-demo').turns[0]?.toolCalls?.map((c) => c.name));
    expect(await first('react')).toEqual(getScenario('demo').turns[0]?.toolCalls?.map((c) => c.name));
    expect(await first('plan_exec', 'recovery')).toEqual(getScenario('recovery').turns[0]?.toolCalls?.map((c) => c.name));
    expect(getScenario('plan_exec-demo').turns[0]?.toolCalls).not.toEqual(getScenario('demo').turns[0]?.toolCalls);
  });

  it('rejects an unknown scenario with the list of known ones', () => {
    expect(() => createModel({ ...scripted, scenario: 'missing' })).toThrow(ModelConfigError);
    expect(() => createModel({ ...scripted, scenario: 'missing' })).toThrow(/known scenarios: demo/);
  });

  it('builds an OpenAI-compatible model for endpoint providers', () => {
    const model = createModel(ollama);
    expect(model).toBeInstanceOf(LazyOpenAiModel);
    expect(model.info).toEqual({ kind: 'openai', name: 'qwen2.5-coder:7b', label: 'qwen2.5-coder:7b @ localhost:11434' });
  });

  it('uses the injected fetch', async () => {
    const seen: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      seen.push(String(input instanceof Request ? input.url : input));
      const body = 'data: {"choices":[{"index":0,"delta":{"content":"hey"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    };
    const model = createModel({ ...ollama, baseUrl: 'https://llm.example.test/v1' }, { fetch: fakeFetch });
    const reply = await model.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(reply.text).toBe('hey');
    expect(seen).toEqual(['https://llm.example.test/v1/chat/completions']);
  });

  it('requires an http(s) base URL and never echoes the value', () => {
    const secretish = 'sk-pasted-into-the-wrong-field';
    for (const baseUrl of ['', 'localhost:9999', 'ftp://example.com/v1', secretish, 'file:///etc/passwd']) {
      let caught: unknown;
      try {
        createModel({ ...ollama, baseUrl });
      } catch (e) {
        caught = e;
      }
      expect(caught, baseUrl).toBeInstanceOf(ModelConfigError);
      expect((caught as Error).message).toMatch(/base URL/);
      if (baseUrl) expect((caught as Error).message).not.toContain(baseUrl);
    }
  });

  it('rejects settings that fail the schema', () => {
    expect(() => createModel({ ...ollama, model: '' })).toThrow(/model: model name is required/);
    expect(() => createModel({ ...ollama, provider: 'bogus' } as unknown as ModelSettingsInput)).toThrow(/invalid model settings: provider/);
  });
});
