import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/protocol/settings';
import { listModelsFor, testConnectionFor } from '../../../src/worker/endpoint-check';
import { type MockOpenAiServer, startMockOpenAi } from '../model/mock-openai-server';

let server: MockOpenAiServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const custom = (overrides: object) => ({ ...DEFAULT_SETTINGS.model, provider: 'custom', baseUrl: 'http://127.0.0.1:1/v1', model: 'm', ...overrides });

describe("the worker's endpoint checks", () => {
  it('refuse what cannot reach an endpoint, with what to fix, before sending anything', async () => {
    expect(await listModelsFor(DEFAULT_SETTINGS.model)).toEqual({ ok: false, error: 'The scripted demo has no endpoint: choose a provider first.' });
    expect(await testConnectionFor(custom({ baseUrl: 'ftp://example.com' }))).toEqual({
      ok: false,
      message: 'Base URL must start with http:// or https:// (e.g. https://api.openai.com/v1 or http://localhost:11434/v1).',
    });
    expect(await testConnectionFor(custom({ model: '' }))).toEqual({ ok: false, message: 'Invalid model settings: model: model name is required.' });
    expect(await listModelsFor({ provider: 'nope' })).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid model settings: /) });
    expect(await testConnectionFor(custom({ idleTimeoutSeconds: Number.NaN }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Invalid model settings: /),
    });
  });

  it('list the models of the endpoint as typed', async () => {
    server = await startMockOpenAi([], { models: ['b', 'a'] });
    expect(await listModelsFor(custom({ baseUrl: server.baseUrl }))).toEqual({ ok: true, models: ['a', 'b'] });
  });
});
