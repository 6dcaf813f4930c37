import * as Comlink from 'comlink';
import { z } from 'zod';
import { ConnectionTestSchema, ModelListingSchema } from '../protocol/endpoint-check';
import { type EngineEvent, EngineEventSchema, RunStatusSchema } from '../protocol/events';
import { SessionMetaSchema } from '../protocol/session-file';
import type { SandboxHost } from '../sandbox/remote';
import { SharedStopFlag } from '../sandbox/stop-flag';
import type { EngineWorkerApi, ScenarioInfo, StorageProblem } from '../worker/api';
import type { ExportSecrets } from '../worker/run-request';
import { createBatcher } from './event-batcher';
import { heartbeatOf, lockHeld, lockReleased, newLifeLockName } from './worker-life';
import { watchWorker } from './worker-watch';

export type EventsListener = (events: EngineEvent[]) => void;
export type ProblemListener = (message: string) => void;
export type StorageProblemListener = (problem: StorageProblem) => void;

/**
 * The worker's calls the page makes as they are: their signatures live once, in `EngineWorkerApi`
 * (`src/worker/api.ts`), so a call added or changed there is a type error here until it is forwarded.
 * Left out: the listeners, the scenario list, the life lock and the stop flag the client wires up itself, the bench's storage figures
 * and the browser tests' busy stretch.
 */
type ForwardedCalls = Omit<EngineWorkerApi, 'subscribe' | 'onStorageProblem' | 'scenarios' | 'storageStats' | 'holdLifeLock' | 'holdBusy' | 'shareStopFlag'>;

/** The page's handle on the engine worker. Events arrive batched, once per frame. */
export interface EngineClient extends ForwardedCalls {
  /** Subscribes to event batches; returns the unsubscribe function. */
  onEvents(listener: EventsListener): () => void;
  /** Problems outside any run (worker crash, malformed event); ones from before subscribing are replayed. */
  onProblem(listener: ProblemListener): () => void;
  /** A write of the session log failed. */
  onStorageProblem(listener: StorageProblemListener): () => void;
  /** Told after the worker died and a new one took its place (its run was interrupted). */
  onRestart(listener: () => void): () => void;
  /** Resolves once the worker answered (with its demo scenarios). */
  readonly ready: Promise<ScenarioInfo[]>;
}

/** How long a restart waits for the dead worker's locks to go before it lists the sessions again. */
const LOCK_RELEASE_WAIT_MS = 5000;

const SessionListSchema = z.array(SessionMetaSchema);
const OpenedSessionSchema = z.object({ session: SessionMetaSchema, events: z.array(EngineEventSchema) });
const UsageSchema = z.object({ usedBytes: z.number(), quotaBytes: z.number() }).nullable();
const ImportOutcomeSchema = z.union([z.object({ ok: z.literal(true), id: z.string() }), z.object({ ok: z.literal(false), error: z.string() })]);
const StorageProblemSchema = z.object({ kind: z.enum(['full', 'failed']), message: z.string() });
const WorkspaceTextSchema = z.record(z.string(), z.string());
const SessionChangesSchema = z.object({ before: WorkspaceTextSchema, after: WorkspaceTextSchema });
const WorkspaceListingSchema = z.object({ paths: z.array(z.string()).max(20_000), truncated: z.boolean(), known: z.boolean() });
const WorkspaceFileTextSchema = z.object({ path: z.string(), content: z.string(), truncated: z.boolean() });

/** Our own worker answers these, but the answers still cross a boundary: check them like any input. */
function checked<T>(schema: z.ZodType<T>, what: string) {
  return (value: unknown): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new Error(`the engine sent ${what} in an unexpected shape`);
    return parsed.data;
  };
}

export function createEngineClient(): EngineClient {
  const problems: string[] = [];
  const problemListeners = new Set<ProblemListener>();
  const onProblem = (message: string): void => {
    if (problemListeners.size === 0) problems.push(message);
    for (const listener of problemListeners) listener(message);
  };
  const listeners = new Set<EventsListener>();
  const storageListeners = new Set<StorageProblemListener>();
  const restartListeners = new Set<() => void>();
  const batcher = createBatcher<EngineEvent>((events) => {
    for (const listener of listeners) listener(events);
  });
  const receive = (raw: unknown): void => {
    watch.beat();
    const parsed = EngineEventSchema.safeParse(raw);
    if (parsed.success) batcher.push(parsed.data);
    else onProblem(`Ignored a malformed engine event: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  };
  const receiveStorageProblem = (raw: unknown): void => {
    const parsed = StorageProblemSchema.safeParse(raw);
    if (parsed.success) for (const listener of storageListeners) listener(parsed.data);
  };

  /** The sandbox the page chose last: a restarted worker is given it again. */
  let lastSandbox: { host: SandboxHost | null; reason: string } | null = null;
  /** The endpoint secrets the page told the worker: a restarted worker is told them again. */
  let lastSecrets: ExportSecrets | null = null;

  function start() {
    const worker = new Worker(new URL('../worker/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });
    worker.addEventListener('error', (event) => onProblem(`The engine worker failed: ${event.message || 'unknown error'}`));
    const api = Comlink.wrap<EngineWorkerApi>(worker);
    const started: {
      worker: Worker;
      api: Comlink.Remote<EngineWorkerApi>;
      lifeLock: string | null;
      stopFlag: SharedStopFlag | null;
      ready: Promise<ScenarioInfo[]>;
    } = {
      worker,
      api,
      /** Set once the worker holds it: whether it is still held tells a busy worker from a gone one. */
      lifeLock: null,
      /** Raised on Stop, before the message: a command busy on the worker's thread sees it at once. Null where the page is not cross-origin isolated. */
      stopFlag: SharedStopFlag.create(),
      ready: Promise.resolve([]),
    };
    worker.addEventListener('message', (event: MessageEvent<unknown>) => {
      const beat = heartbeatOf(event.data);
      if (beat && current === started) watch.beat(beat.step);
    });
    const lifeLock = newLifeLockName();
    const stopFlag = started.stopFlag;
    started.ready = (stopFlag ? api.shareStopFlag(stopFlag.cells).catch(() => undefined) : Promise.resolve())
      .then(() => api.subscribe(Comlink.proxy(receive)))
      .then(() => api.onStorageProblem(Comlink.proxy(receiveStorageProblem)))
      .then(() => api.holdLifeLock(lifeLock).catch(() => false))
      .then((held) => {
        if (held) started.lifeLock = lifeLock;
        return api.scenarios();
      });
    return started;
  }

  let current = start();
  const watch = watchWorker({
    ping: () => current.api.scenarios(),
    alive: async () => (current.lifeLock === null ? null : lockHeld(current.lifeLock)),
    onDead: (duringCall) => {
      const dead = current;
      dead.worker.terminate();
      current = start();
      watch.reset();
      onProblem(duringCall ? 'The engine stopped responding and was restarted; the run it was doing can be resumed.' : 'The engine stopped and was restarted.');
      // The dead worker's run locks go with its life lock: until then its run would still list as running, not interrupted.
      const released = dead.lifeLock === null ? Promise.resolve() : lockReleased(dead.lifeLock, LOCK_RELEASE_WAIT_MS);
      void Promise.all([current.ready, released]).then(async () => {
        if (lastSandbox) await current.api.useSandbox(lastSandbox.host === null ? null : Comlink.proxy(lastSandbox.host), lastSandbox.reason);
        if (lastSecrets) await current.api.rememberSecrets(lastSecrets);
        for (const listener of restartListeners) listener();
      });
    },
  });
  // For the browser tests and the bench: a worker killed the way a crash would kill it, what storage costs, the
  // longest the worker was silent during a run, how long it has been silent inside a step now, and a long busy stretch.
  Object.assign(globalThis, {
    __phasegateTerminateWorker: () => current.worker.terminate(),
    __phasegateStorageStats: () => current.api.storageStats(),
    __phasegateLongestWorkerSilence: () => watch.longestSilenceMs(),
    __phasegateStepSilence: () => watch.stepSilenceMs(),
    __phasegateHoldWorkerBusy: (ms: number) => current.api.holdBusy(ms),
  });

  const runStatus = checked(RunStatusSchema, 'a run status');
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
    onStorageProblem(listener) {
      storageListeners.add(listener);
      return () => storageListeners.delete(listener);
    },
    onRestart(listener) {
      restartListeners.add(listener);
      return () => restartListeners.delete(listener);
    },
    ready: current.ready,
    run: (request) => watch.during(current.api.run(request)).then(runStatus),
    resume: (request) => watch.during(current.api.resume(request)).then(runStatus),
    stop: () => {
      watch.stopping();
      current.stopFlag?.raise();
      return current.api.stop();
    },
    answer: (callId, text) => current.api.answer(callId, text).then(checked(z.boolean(), 'an answer receipt')),
    approve: (callId, decision, reason) => current.api.approve(callId, decision, reason).then(checked(z.boolean(), 'an approval receipt')),
    useSandbox: (host, reason) => {
      lastSandbox = { host, reason };
      return current.api.useSandbox(host === null ? null : Comlink.proxy(host), reason);
    },
    rememberSecrets: (model) => {
      lastSecrets = model;
      return current.api.rememberSecrets(model);
    },
    checkPolicy: async (text) => checked(z.string().nullable(), 'the policy check')(await current.api.checkPolicy(text)),
    policyWarnings: async (text, mode, finalCheck) =>
      checked(z.array(z.string()), 'the policy warnings')(await current.api.policyWarnings(text, mode, finalCheck)),
    defaultPolicy: async () => checked(z.string(), 'the default policy')(await current.api.defaultPolicy()),
    listModels: async (model) => checked(ModelListingSchema, 'the model list')(await current.api.listModels(model)),
    testConnection: async (model) => checked(ConnectionTestSchema, 'the connection test')(await current.api.testConnection(model)),
    sessionsNotKept: async () => checked(z.string().nullable(), 'the storage state')(await current.api.sessionsNotKept()),
    listSessions: async () => checked(SessionListSchema, 'the session list')(await current.api.listSessions()),
    openSession: async (id, loadWorkspace) => checked(OpenedSessionSchema, 'a session')(await current.api.openSession(id, loadWorkspace)),
    deleteSession: (id) => current.api.deleteSession(id),
    freeSpace: async () => checked(z.number(), 'a count')(await current.api.freeSpace()),
    storageUsage: async () => checked(UsageSchema, 'the storage use')(await current.api.storageUsage()),
    exportSession: async (id, withoutDeltas, withModelHosts) =>
      checked(z.string(), 'a session file')(await current.api.exportSession(id, withoutDeltas, withModelHosts)),
    importSession: async (text) => checked(ImportOutcomeSchema, 'an import result')(await current.api.importSession(text)),
    restoreCheckpoint: async (sessionId, manifest) => checked(z.number(), 'a count')(await current.api.restoreCheckpoint(sessionId, manifest)),
    readyMadeSession: async (scenario) => checked(ImportOutcomeSchema, 'a ready-made session')(await current.api.readyMadeSession(scenario)),
    forkSession: async (id, count) => checked(ImportOutcomeSchema, 'a fork result')(await current.api.forkSession(id, count)),
    shareLink: async (id, withModelHosts) => checked(z.string(), 'a share link')(await current.api.shareLink(id, withModelHosts)),
    importSharedLink: async (encoded) => checked(ImportOutcomeSchema, 'an import result')(await current.api.importSharedLink(encoded)),
    seedFromReplay: (id, count) => current.api.seedFromReplay(id, count),
    newSession: () => current.api.newSession(),
    workspaceChanged: async () => (await current.api.workspaceChanged()) === true,
    replaceWorkspace: (files) => current.api.replaceWorkspace(files),
    currentWorkspace: async () => checked(WorkspaceTextSchema, 'the workspace')(await current.api.currentWorkspace()),
    sessionChanges: async (id) => checked(SessionChangesSchema, "a session's changes")(await current.api.sessionChanges(id)),
    workspacePaths: async (at) => checked(WorkspaceListingSchema, 'the workspace listing')(await current.api.workspacePaths(at)),
    saveFile: async (sessionId, path, content, base) =>
      checked(z.boolean(), 'whether it was saved')(await current.api.saveFile(sessionId, path, content, base)),
    readWorkspaceFile: async (path, at) => checked(WorkspaceFileTextSchema, 'a workspace file')(await current.api.readWorkspaceFile(path, at)),
  };
}
