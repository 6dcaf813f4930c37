import * as Comlink from 'comlink';
import { type EngineEvent, EngineEventSchema, type RunStatus, type SandboxInfo } from '../protocol/events';
import type { SandboxHost } from '../sandbox/remote';
import type { EngineWorkerApi, RunRequest, ScenarioInfo } from '../worker/api';
import { createBatcher } from './event-batcher';

export type EventsListener = (events: EngineEvent[]) => void;
export type ProblemListener = (message: string) => void;

/** The page's handle on the engine worker. Events arrive batched, once per frame. */
export interface EngineClient {
  /** Subscribes to event batches; returns the unsubscribe function. */
  onEvents(listener: EventsListener): () => void;
  /** Problems outside any run (worker crash, malformed event); ones from before subscribing are replayed. */
  onProblem(listener: ProblemListener): () => void;
  /** Resolves once the worker answered (with its demo scenarios). */
  readonly ready: Promise<ScenarioInfo[]>;
  run(request: RunRequest): Promise<RunStatus>;
  stop(): Promise<void>;
  useSandbox(host: SandboxHost | null, reason: string): Promise<SandboxInfo>;
  /** Checks phase-policy JSON text: null when valid, else an error naming the bad value. */
  checkPolicy(text: string): Promise<string | null>;
  /** The default policy as JSON text, for Settings. */
  defaultPolicy(): Promise<string>;
}

export function createEngineClient(): EngineClient {
  const problems: string[] = [];
  const problemListeners = new Set<ProblemListener>();
  const onProblem = (message: string): void => {
    if (problemListeners.size === 0) problems.push(message);
    for (const listener of problemListeners) listener(message);
  };

  const worker = new Worker(new URL('../worker/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });
  worker.addEventListener('error', (event) => onProblem(`The engine worker failed: ${event.message || 'unknown error'}`));
  const api = Comlink.wrap<EngineWorkerApi>(worker);

  const listeners = new Set<EventsListener>();
  const batcher = createBatcher<EngineEvent>((events) => {
    for (const listener of listeners) listener(events);
  });

  // Our own worker sends these, but they still cross a boundary: check the shape before the reducer sees it.
  const receive = (raw: unknown): void => {
    const parsed = EngineEventSchema.safeParse(raw);
    if (parsed.success) batcher.push(parsed.data);
    else onProblem(`Ignored a malformed engine event: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  };

  const ready = api.subscribe(Comlink.proxy(receive)).then(() => api.scenarios());

  return {
    onEvents(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onProblem(listener) {
      problemListeners.add(listener);
      for (const message of problems.splice(0)) listener(message);
      return () => problemListeners.delete(listener);
    },
    ready,
    run: (request) => api.run(request),
    stop: () => api.stop(),
    useSandbox: (host, reason) => api.useSandbox(host === null ? null : Comlink.proxy(host), reason),
    checkPolicy: async (text) => {
      const answer: unknown = await api.checkPolicy(text);
      if (answer === null || typeof answer === 'string') return answer;
      throw new Error('the engine answered the policy check with something other than text');
    },
    defaultPolicy: async () => {
      const answer: unknown = await api.defaultPolicy();
      if (typeof answer === 'string') return answer;
      throw new Error('the engine sent the default policy as something other than text');
    },
  };
}
