import { afterEach, beforeEach, expect } from 'vitest';
import { Engine, type RunOptions } from '../../../src/engine/engine';
import { OpenAiModel, type OpenAiModelOptions } from '../../../src/model/openai';
import type { Model } from '../../../src/model/port';
import type { EngineEvent, EventOf } from '../../../src/protocol/events';
import type { Sandbox } from '../../../src/sandbox/port';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { type MockFallback, type MockOpenAiServer, type MockReply, startMockOpenAi } from '../model/mock-openai-server';

/**
 * The fault-injection suite's harness: a real Engine on a sandbox (the virtual one unless a test
 * brings its own), the OpenAI adapter pointed at the mock server, and the event log to assert on.
 * Retry delays and time limits are small, so every fault ends within a second or so.
 */
export const FAST_MODEL: Partial<OpenAiModelOptions> = {
  maxRetries: 2,
  retryBaseDelayMs: 1,
  retryMaxDelayMs: 50,
  limits: { idleTimeoutMs: 2_000, totalLimitMs: 10_000 },
};

export interface FaultSetup {
  replies?: MockReply[];
  fallback?: MockFallback;
  /** Options for the OpenAI adapter over FAST_MODEL. */
  model?: Partial<OpenAiModelOptions>;
  /** Builds the model from the mock's base URL instead (e.g. through createModel). */
  createModel?: (baseUrl: string) => Model;
  run?: Partial<Omit<RunOptions, 'model'>>;
  sandbox?: Sandbox;
}

export interface FaultRun {
  events: EngineEvent[];
  finished: EventOf<'run_finished'>;
  of<T extends EngineEvent['type']>(type: T): EventOf<T>[];
  server: MockOpenAiServer;
  engine: Engine;
}

const servers: MockOpenAiServer[] = [];
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

/** Call once per test file: closes the mock servers and fails a test that left an unhandled rejection behind. */
export function useFaultHarness(): void {
  beforeEach(() => {
    rejections.length = 0;
    process.on('unhandledRejection', onRejection);
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    // Rejections are reported on a later turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', onRejection);
    expect(rejections).toEqual([]);
  });
}

export async function startMock(replies: MockReply[] = [], fallback?: MockFallback): Promise<MockOpenAiServer> {
  const server = await startMockOpenAi(replies, fallback ? { fallback } : {});
  servers.push(server);
  return server;
}

export function mockModel(server: MockOpenAiServer, options: Partial<OpenAiModelOptions> = {}): OpenAiModel {
  return new OpenAiModel({ baseUrl: server.baseUrl, apiKey: '', model: 'mock-model', ...FAST_MODEL, ...options });
}

/** Runs one task to its end against the mock server. */
export async function runFault(setup: FaultSetup): Promise<FaultRun> {
  const server = await startMock(setup.replies ?? [], setup.fallback);
  const model = setup.createModel ? setup.createModel(server.baseUrl) : mockModel(server, setup.model);
  const engine = new Engine({ sandbox: setup.sandbox ?? new VirtualSandbox({ files: STARTER_PROJECT }) });
  await engine.run({ task: 'Fix the greeting.', mode: 'react', maxIterations: 10, ...setup.run, model });
  const events = engine.session.events as EngineEvent[];
  const last = events.at(-1);
  if (last?.type !== 'run_finished') throw new Error(`the run did not finish; last event: ${last?.type}`);
  return {
    events,
    finished: last,
    of: <T extends EngineEvent['type']>(type: T) => events.filter((e): e is EventOf<T> => e.type === type),
    server,
    engine,
  };
}

/** The types of the failure-chain and end events, in order: the chain a fault went through. */
export function chainOf(events: readonly EngineEvent[]): string[] {
  const shown = new Set(['recovery_started', 'recovery_finished', 'loop_detected', 'run_finished']);
  return events.flatMap((e) => {
    if (!shown.has(e.type)) return [];
    if (e.type === 'recovery_started') return [`recovery_started:${e.trigger}`];
    if (e.type === 'loop_detected') return [`loop_detected:${e.action}`];
    if (e.type === 'run_finished') return [`run_finished:${e.status}${e.errorCode ? `:${e.errorCode}` : ''}`];
    return [e.type];
  });
}
