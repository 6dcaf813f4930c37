import { afterEach, describe, expect, it } from 'vitest';
import { listEndpointModels, testEndpoint } from '../../../src/model/endpoint-check';
import { DEFAULT_SETTINGS, type ModelSettings } from '../../../src/protocol/settings';
import { chunk, type MockOpenAiServer, startMockOpenAi } from './mock-openai-server';

let server: MockOpenAiServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const KEY = 'sk-test-secret-key-1234567890';

function settingsFor(baseUrl: string, overrides: Partial<ModelSettings> = {}): ModelSettings {
  return { ...DEFAULT_SETTINGS.model, provider: 'custom', baseUrl, apiKey: KEY, model: 'mock-model', ...overrides };
}

describe("listing the endpoint's models", () => {
  it('reads GET /models through the SDK, sorted and without duplicates, with the key sent', async () => {
    server = await startMockOpenAi([], { models: ['zeta', 'alpha', 'alpha', 'mid'] });
    expect(await listEndpointModels(settingsFor(server.baseUrl))).toEqual({ ok: true, models: ['alpha', 'mid', 'zeta'] });
    expect(server.modelRequests).toHaveLength(1);
    expect(server.modelRequests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('says so when the server has no list (HTTP 404), so the name is typed', async () => {
    server = await startMockOpenAi([]);
    const host = new URL(server.baseUrl).host;
    expect(await listEndpointModels(settingsFor(server.baseUrl))).toEqual({
      ok: false,
      error: `${host} has no model list (HTTP 404 at /models): type the model name.`,
    });
  });

  it('names a refused key, without the key', async () => {
    server = await startMockOpenAi([], { models: { kind: 'error', status: 401, body: { error: { message: `bad key ${KEY}` } } } });
    const listing = await listEndpointModels(settingsFor(server.baseUrl));
    expect(listing.ok).toBe(false);
    if (listing.ok) return;
    expect(listing.error).toContain('rejected the credentials (HTTP 401)');
    expect(listing.error).toContain('Check the API key in Settings.');
    expect(listing.error).not.toContain(KEY);
  });

  it('says an empty list is empty, and a server that is not there cannot be reached', async () => {
    server = await startMockOpenAi([], { models: [] });
    expect(await listEndpointModels(settingsFor(server.baseUrl))).toMatchObject({ ok: false, error: expect.stringContaining('lists no models') });
    const { baseUrl } = server;
    await server.close();
    server = null;
    const gone = await listEndpointModels(settingsFor(baseUrl));
    expect(gone).toMatchObject({ ok: false, error: expect.stringContaining('allows requests from this page (CORS)') });
  });

  it('gives up on a server that never answers, in the time given', async () => {
    server = await startMockOpenAi([], { models: { kind: 'silent' } });
    const started = Date.now();
    const listing = await listEndpointModels(settingsFor(server.baseUrl), { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(listing).toMatchObject({ ok: false, error: expect.stringContaining('did not list its models in time') });
  });
});

describe('Test connection', () => {
  it('sends one request for one token with the typed model, and reports the time and the reply', async () => {
    server = await startMockOpenAi([{ kind: 'stream', chunks: [chunk({ role: 'assistant', content: 'OK' }), chunk({}, 'length')] }]);
    const result = await testEndpoint(settingsFor(server.baseUrl, { model: 'gpt-4o-mini' }));
    const host = new URL(server.baseUrl).host;
    expect(result.ok).toBe(true);
    expect(result.message).toMatch(new RegExp(`^Connected: gpt-4o-mini @ ${host.replace('.', '\\.')} answered in \\d+ ms \\(“OK”, finish: length\\)\\.$`));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 1, stream: true });
  });

  it('reports the exact failure once, without retrying and without the key', async () => {
    server = await startMockOpenAi([], { fallback: { kind: 'error', status: 404, body: { error: { message: `The model 'nope' does not exist (${KEY})` } } } });
    const result = await testEndpoint(settingsFor(server.baseUrl, { model: 'nope' }));
    expect(result.ok).toBe(false);
    expect(result.message).toContain("refused the request (HTTP 404): The model 'nope' does not exist");
    expect(result.message).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
  });

  it('stops waiting for a reply that never comes', async () => {
    server = await startMockOpenAi([{ kind: 'silent' }]);
    const started = Date.now();
    const result = await testEndpoint(settingsFor(server.baseUrl), { timeoutMs: 400 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result).toMatchObject({ ok: false });
    expect(result.message).toMatch(/did not answer: .*(no reply|nothing|timed out|took longer)/i);
  });
});
