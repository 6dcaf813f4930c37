import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { OpenAiModel } from '../../../src/model/openai';
import type { EngineEvent } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { closedPort } from '../../fixtures/closed-port';
import { type MockOpenAiServer, startMockOpenAi, textReply } from '../model/mock-openai-server';

/**
 * Issue 23: a provider that is down failed in 21 s and nine Timeline lines, because the engine
 * asked the same dead endpoint for a recovery critique (and then for the turn again). When every
 * attempt of a request failed at the transport, the run ends at once.
 */

const servers: MockOpenAiServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const UNAVAILABLE = { kind: 'error', status: 503, body: { error: { message: 'upstream unavailable' } } } as const;
const of = <T extends EngineEvent['type']>(events: EngineEvent[], type: T) => events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);

async function runAgainst(baseUrl: string): Promise<EngineEvent[]> {
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
  const model = new OpenAiModel({ baseUrl, apiKey: '', model: 'm', maxRetries: 3, retryBaseDelayMs: 1, retryMaxDelayMs: 5 });
  await engine.run({ task: 'Say hello.', mode: 'react', model, maxIterations: 10 });
  return engine.session.events as EngineEvent[];
}

describe('a dead provider fails fast', () => {
  it('an endpoint answering 503 to every attempt gets no critique request: four attempts, then the end', async () => {
    const server = await startMockOpenAi([], { fallback: UNAVAILABLE });
    servers.push(server);
    const events = await runAgainst(server.baseUrl);

    // The first attempt and three retries; a critique would be a fifth request (with no tools).
    expect(server.requests).toHaveLength(4);
    expect(server.requests.every((request) => Array.isArray((request.body as { tools?: unknown }).tools))).toBe(true);
    expect(of(events, 'recovery_started')).toEqual([]);
    expect(of(events, 'recovery_finished')).toEqual([]);
    expect(of(events, 'model_retry')).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'llm_failure', cause: 'model_server', retryable: true });
  });

  it('a closed port (network errors only) ends the same way, with no recovery', async () => {
    const events = await runAgainst(`http://127.0.0.1:${await closedPort()}/v1`);
    expect(of(events, 'recovery_started')).toEqual([]);
    expect(of(events, 'model_retry')).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'llm_failure', cause: 'model_network' });
  });

  it('an endpoint that answered once with a rate limit is not down: recovery still asks it once', async () => {
    const server = await startMockOpenAi([{ kind: 'error', status: 429, body: { error: { message: 'slow down' } } }, UNAVAILABLE, UNAVAILABLE, UNAVAILABLE], {
      fallback: { kind: 'stream', chunks: textReply(['Done.']) },
    });
    servers.push(server);
    const events = await runAgainst(server.baseUrl);

    expect(of(events, 'recovery_started')).toMatchObject([{ trigger: 'llm_failure' }]);
    // Four failed attempts, the critique (no tools), then the turn that answers.
    expect(server.requests).toHaveLength(6);
    expect((server.requests[4]?.body as { tools?: unknown }).tools).toBeUndefined();
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });
});
