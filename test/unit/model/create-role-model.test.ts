import { describe, expect, it } from 'vitest';
import { createRoleModel, ModelConfigError, roleOptionsFor } from '../../../src/model/create-model';
import { LazyOpenAiModel } from '../../../src/model/lazy-openai';
import type { ModelSettingsInput } from '../../../src/protocol/settings';

const endpoint: ModelSettingsInput = {
  provider: 'custom',
  baseUrl: 'https://llm.example.test/v1',
  model: 'main',
  apiKey: 'k',
  scenario: 'demo',
  recoveryModel: 'critic',
  summaryModel: 'small',
};
const scripted: ModelSettingsInput = { provider: 'scripted', baseUrl: '', model: 'demo', apiKey: '', scenario: 'demo' };

describe('createRoleModel', () => {
  it('builds the named model on the main endpoint, with its key, labelled with its own name', async () => {
    const seen: { url: string; auth: string | null; model: unknown }[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      seen.push({ url: request.url, auth: request.headers.get('authorization'), model: ((await request.json()) as { model: unknown }).model });
      const body = 'data: {"choices":[{"index":0,"delta":{"content":"reviewed"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    };
    const model = createRoleModel(endpoint, ' reviewer-model ', { fetch: fakeFetch });
    expect(model).toBeInstanceOf(LazyOpenAiModel);
    expect(model?.info).toEqual({ kind: 'openai', name: 'reviewer-model', label: 'reviewer-model @ llm.example.test' });
    expect((await model?.complete({ messages: [{ role: 'user', content: 'review' }], tools: [] }))?.text).toBe('reviewed');
    expect(seen).toEqual([{ url: 'https://llm.example.test/v1/chat/completions', auth: 'Bearer k', model: 'reviewer-model' }]);
  });

  it('is undefined when the role should use the main model', () => {
    expect(createRoleModel(endpoint, '')).toBeUndefined();
    expect(createRoleModel(endpoint, '  ')).toBeUndefined();
    expect(createRoleModel(endpoint, 'main')).toBeUndefined();
    // The scripted scenario plays every role itself.
    expect(createRoleModel(scripted, 'other')).toBeUndefined();
  });

  it('refuses settings the main model would refuse', () => {
    expect(() => createRoleModel({ ...endpoint, baseUrl: 'nope' }, 'other')).toThrow(ModelConfigError);
  });
});

describe('roleOptionsFor', () => {
  it('gives each role only what it sets: its model, its step cap, its instructions (trimmed)', () => {
    const roles = roleOptionsFor(endpoint, {
      planner: { model: '', maxSteps: null, instructions: '' },
      coder: { maxSteps: 12, instructions: '  Keep functions small.  ' },
      reviewer: { model: 'other-model' },
    });
    expect(Object.keys(roles)).toEqual(['coder', 'reviewer']);
    expect(roles.coder).toEqual({ maxSteps: 12, instructions: 'Keep functions small.' });
    expect(roles.reviewer?.model?.info.name).toBe('other-model');
    expect(roles.reviewer?.maxSteps).toBeUndefined();
  });

  it('refuses a setting the schema refuses, naming the role', () => {
    expect(() => roleOptionsFor(endpoint, { coder: { maxSteps: 0 } })).toThrow(/invalid coder settings/);
    expect(() => roleOptionsFor(endpoint, { reviewer: { model: 'm'.repeat(201) } })).toThrow(/at most 200 characters/);
  });
});
