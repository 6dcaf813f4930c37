/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { setFetchedGrammarSource } from '../code/fetched-grammar-source';
import { Engine } from '../engine/engine';
import { DEFAULT_POLICY, resolvePolicyText } from '../engine/policy';
import { policyWarnings } from '../engine/policy-warnings';
import { restoreWorkspace } from '../engine/restore-workspace';
import { recordedSettingsOf, withRecordedSampling } from '../engine/resume-plan';
import { contextOptionsFor, createModel, createRecoveryModel, createSummaryModel, samplingOptionsFor } from '../model/create-model';
import type { Model } from '../model/port';
import { scenarioMode } from '../model/scenario';
import { SCENARIOS } from '../model/scenarios';
import type { ApprovalDecision, EngineEvent, RunStatus, SandboxInfo } from '../protocol/events';
import { lastRunEvents, lastRunMode } from '../protocol/run-sessions';
import type { SessionMeta } from '../protocol/session-file';
import type { Mode, ModelSettingsInput } from '../protocol/settings';
import { modelSecrets, settingsSecrets } from '../protocol/url-secrets';
import { describeFirstIssue } from '../protocol/zod-issue';
import { LazyVirtualSandbox } from '../sandbox/lazy-virtual';
import { RemoteSandbox, type SandboxHost } from '../sandbox/remote';
import { STARTER_PROJECT } from '../sandbox/starter-project';
import { deferredBlobStore } from '../store/deferred-blob-store';
import { KNOWN_TOOL_NAMES } from '../tools/registry';
import { type EngineWorkerApi, type ImportOutcome, LIFE_LOCK_PREFIX, type ResumeRequest, type RunRequest, type ScenarioInfo, type StorageProblem } from './api';
import { browserPythonRuntime } from './browser-python';
import { listModelsFor, testConnectionFor } from './endpoint-check';
import { holdLifeLock, startHeartbeats } from './life-signals';
import { orchestratorOptions, roleModelsOnly } from './orchestrator-options';
import { PageAnswers } from './page-answers';
import { PageApprovals } from './page-approvals';
import { PageStop } from './page-stop';
import {
  ApprovalDecisionRequestSchema,
  ExportSecretsSchema,
  HumanAnswerRequestSchema,
  PolicyWarningsRequestSchema,
  ResumeRequestSchema,
  RunRequestSchema,
} from './run-request';
import { openSessionStore, WorkerSessions } from './sessions';
import { checkExplorerPath, explorerPaths, explorerRead, type ExplorerSources, UserEditTextsSchema } from './workspace-files';
import { checkWorkspaceFiles, currentWorkspace, refuseWhileReplacing, replaceWorkspace, sameFiles, sessionChanges } from './workspace-io';

/** The composition root in the browser: the engine, its sandbox and its model live here. */

/** Delay per streamed chunk of the scripted model, so a demo reads as it streams. */
const SCRIPTED_DELAY_MS = 12;

/** A run's model and, when Settings name them, its recovery and summary models (same endpoint and key); its window and tokenizer. */
function modelsFor(
  settings: ModelSettingsInput,
  mode: Mode,
): { model: Model; recoveryModel?: Model; summaryModel?: Model } & ReturnType<typeof contextOptionsFor> & ReturnType<typeof samplingOptionsFor> {
  const options = { scriptedDelayMs: SCRIPTED_DELAY_MS, mode };
  const recoveryModel = createRecoveryModel(settings, options);
  const summaryModel = createSummaryModel(settings, options);
  return {
    model: createModel(settings, options),
    ...(recoveryModel ? { recoveryModel } : {}),
    ...(summaryModel ? { summaryModel } : {}),
    ...contextOptionsFor(settings),
    ...samplingOptionsFor(settings),
  };
}

// Grammars are fetched from /grammars/ (served by the app), each only when a file of its language is parsed.
setFetchedGrammarSource();

/** The page answers the agent's questions through this channel. */
const pageAnswers = new PageAnswers();
/** The page approves or denies the calls "Ask before" holds through this channel. */
const pageApprovals = new PageApprovals();

const storeReady = openSessionStore();
/** One Python for every virtual sandbox of this worker; its own worker starts on first use. */
const python = browserPythonRuntime();
/** The page's Stop, seen by a command that holds this thread (a busy `node` program); it stops the run. */
const pageStop = new PageStop(() => engine.stop());
const engine = new Engine({
  sandbox: new LazyVirtualSandbox({ files: STARTER_PROJECT, python, stopFlag: pageStop, preloadNode: true }),
  blobs: deferredBlobStore(storeReady.then((s) => s.store)),
});

/** The page's listeners; events reach them once they are stored. */
const eventListeners = new Set<(event: EngineEvent) => void>();
const problemListeners = new Set<(problem: StorageProblem) => void>();
const sessionsReady = storeReady.then(
  ({ store, notKept }) =>
    new WorkerSessions(
      engine,
      store,
      notKept,
      (events) => {
        for (const event of events) for (const listener of eventListeners) listener(event);
      },
      (problem) => {
        for (const listener of problemListeners) listener(problem);
      },
      { python },
    ),
);

/** The explorer reads the sandbox in use, or a stored session's snapshots (written out first). */
async function explorerSources(): Promise<ExplorerSources> {
  const sessions = await sessionsReady;
  return {
    sandbox: engine.activeSandbox,
    store: async () => {
      await sessions.flush();
      return sessions.store;
    },
    secrets: engine.session.registeredSecrets,
  };
}

const api: EngineWorkerApi = {
  async subscribe(listener: (event: EngineEvent) => void): Promise<void> {
    await sessionsReady;
    eventListeners.add(listener);
  },

  async onStorageProblem(listener: (problem: StorageProblem) => void): Promise<void> {
    problemListeners.add(listener);
  },

  async sessionsNotKept(): Promise<string | null> {
    return (await sessionsReady).notKept;
  },

  async listSessions(): Promise<SessionMeta[]> {
    return (await sessionsReady).list();
  },

  async openSession(id: string, loadWorkspace: boolean) {
    return (await sessionsReady).open(String(id), { loadWorkspace: loadWorkspace === true });
  },

  async deleteSession(id: string): Promise<void> {
    await (await sessionsReady).delete(String(id));
  },

  async freeSpace(): Promise<number> {
    return (await sessionsReady).freeSpace();
  },

  async storageUsage() {
    return (await sessionsReady).usage();
  },

  async exportSession(id: string, withoutDeltas: boolean, withModelHosts = true): Promise<string> {
    return (await sessionsReady).exportFile(String(id), { withoutDeltas: withoutDeltas === true, withModelHosts: withModelHosts !== false });
  },

  async importSession(text: string): Promise<ImportOutcome> {
    return (await sessionsReady).importText(String(text));
  },

  async restoreCheckpoint(sessionId: string, manifest: string): Promise<number> {
    refuseWhileReplacing();
    return (await sessionsReady).restoreCheckpoint(String(sessionId), String(manifest));
  },

  async readyMadeSession(scenario: string): Promise<ImportOutcome> {
    return (await sessionsReady).readyMade(String(scenario));
  },

  async forkSession(id: string, count: number): Promise<ImportOutcome> {
    return (await sessionsReady).fork(String(id), Number(count));
  },

  async shareLink(id: string, withModelHosts = false): Promise<string> {
    return (await sessionsReady).shareLink(String(id), withModelHosts === true);
  },

  async importSharedLink(encoded: string): Promise<ImportOutcome> {
    return (await sessionsReady).importLink(String(encoded));
  },

  async seedFromReplay(id: string, count: number): Promise<void> {
    refuseWhileReplacing();
    await (await sessionsReady).seedFromReplay(String(id), Number(count));
  },

  async resume(request: ResumeRequest): Promise<RunStatus> {
    pageStop.lower();
    refuseWhileReplacing();
    const parsed = ResumeRequestSchema.safeParse(request);
    if (!parsed.success) throw new Error(`invalid resume request: ${describeFirstIssue(parsed.error, 'request')}`);
    const sessions = await sessionsReady;
    await sessions.flush();
    // A session from a link or a file is refused here: only the user's own runs go on.
    const { session, events: stored } = await sessions.openToResume(parsed.data.sessionId);
    // A session holds several runs; the interrupted one is its last.
    const events = lastRunEvents(stored);
    const { model, mode, suggestions, answer, maxRecoveries, emergency, maxTokensPerRun, maxCostPerRun, roleModels } = parsed.data;
    // The model samples as the run's own did (its log says how); the window and tokenizer the engine takes from the log itself.
    const asRecorded = withRecordedSampling(model, recordedSettingsOf(events));
    // The question the run waited on is asked again as it resumes; this answer is ready for it.
    if (answer) pageAnswers.answerAhead(answer.callId, answer.text);
    const resumedMode = mode ?? lastRunMode(events) ?? session.mode;
    const summary = await sessions.delivered(
      engine.resume({
        events,
        ...(mode ? { mode } : {}),
        ...modelsFor(asRecorded, resumedMode),
        // The roles' models again; their step caps and instructions are the log's.
        ...orchestratorOptions(asRecorded, resumedMode, { roles: roleModelsOnly(roleModels ?? {}) }, { scriptedDelayMs: SCRIPTED_DELAY_MS }),
        secrets: modelSecrets(model),
        ...(suggestions ? { suggestions } : {}),
        // Each absent setting is the one the run's log recorded.
        ...(maxRecoveries === undefined ? {} : { maxRecoveries }),
        ...(emergency === undefined ? {} : { emergency }),
        ...(maxTokensPerRun === undefined ? {} : { maxTokensPerRun }),
        ...(maxCostPerRun === undefined ? {} : { maxCostPerRun }),
        reason: 'the page was reloaded or the engine stopped during the run',
        human: pageAnswers,
        // A call left waiting for approval is asked again; "Ask before" is the one the run recorded.
        approvals: pageApprovals,
        sessionId: session.id,
      }),
    );
    return summary.status;
  },

  async storageStats() {
    return (await sessionsReady).storageStats();
  },

  async holdBusy(ms: number): Promise<void> {
    const until = Date.now() + Math.min(60_000, Math.max(0, Number(ms) || 0));
    while (Date.now() < until) {
      // One synchronous stretch: no turn of the event loop until it ends.
    }
  },

  async newSession(): Promise<void> {
    if (engine.running) throw new Error('a run is in progress; stop it first');
    refuseWhileReplacing();
    await restoreWorkspace(engine.activeSandbox, STARTER_PROJECT);
    (await sessionsReady).workspaceIsNew();
  },

  async workspaceChanged(): Promise<boolean> {
    return !sameFiles(await currentWorkspace(engine.activeSandbox), STARTER_PROJECT);
  },

  async replaceWorkspace(files: Record<string, string>): Promise<void> {
    if (engine.running) throw new Error('a run is in progress; stop it first');
    await replaceWorkspace(engine.activeSandbox, checkWorkspaceFiles(files));
    (await sessionsReady).workspaceIsNew();
  },

  async rememberSecrets(model: unknown): Promise<void> {
    const parsed = ExportSecretsSchema.safeParse(model);
    if (!parsed.success) throw new Error(`unreadable secrets: ${describeFirstIssue(parsed.error, 'secrets')}`);
    for (const secret of settingsSecrets(parsed.data)) engine.session.registerSecret(secret);
  },

  async currentWorkspace(): Promise<Record<string, string>> {
    // For the zip: the keys of this worker's runs are redacted, as in every export.
    return currentWorkspace(engine.activeSandbox, engine.session.registeredSecrets);
  },

  async sessionChanges(id: string) {
    const sessions = await sessionsReady;
    await sessions.flush();
    return sessionChanges(sessions.store, String(id), engine.session.registeredSecrets);
  },

  async workspacePaths(at) {
    return explorerPaths(await explorerSources(), at);
  },

  async readWorkspaceFile(path, at) {
    return explorerRead(await explorerSources(), path, at);
  },

  async saveFile(sessionId, path, content, base) {
    if (engine.running) throw new Error('a run is in progress: files can be edited once it ends');
    refuseWhileReplacing();
    const edit = { path: checkExplorerPath(path), ...UserEditTextsSchema.parse({ content, base }) };
    return (await sessionsReady).saveUserEdit(String(sessionId), edit);
  },

  async useSandbox(host: SandboxHost | null, reason: string): Promise<SandboxInfo> {
    const sandbox = host
      ? await RemoteSandbox.connect(host)
      : new LazyVirtualSandbox({ files: STARTER_PROJECT, reason, python, stopFlag: pageStop, preloadNode: true });
    const previous = engine.activeSandbox;
    engine.setSandbox(sandbox);
    if (previous !== sandbox) await previous.dispose();
    (await sessionsReady).workspaceIsNew();
    return sandbox.info;
  },

  async run(request: RunRequest): Promise<RunStatus> {
    pageStop.lower();
    refuseWhileReplacing();
    const parsed = RunRequestSchema.safeParse(request);
    if (!parsed.success) {
      throw new Error(`invalid run request: ${describeFirstIssue(parsed.error, 'request')}`);
    }
    const {
      task,
      mode,
      model,
      maxIterations,
      policy,
      refuseSyntaxErrors,
      allowDestructive,
      maxRecoveries,
      emergency,
      suggestions,
      maxTokensPerRun,
      maxCostPerRun,
      finalCheck,
      fixAttempts,
      maxReviewRounds,
      roles,
      askBefore,
    } = parsed.data;
    const sessions = await sessionsReady;
    const session = await sessions.prepareRun({ scenario: model.provider === 'scripted' ? model.scenario : null });
    const summary = await sessions.delivered(
      engine.run({
        task,
        ...session,
        mode,
        ...modelsFor(model, mode),
        maxIterations,
        policy,
        secrets: modelSecrets(model),
        refuseSyntaxErrors: refuseSyntaxErrors === true,
        ...(maxRecoveries === undefined ? {} : { maxRecoveries }),
        emergency: emergency !== false,
        ...(suggestions ? { suggestions } : {}),
        allowDestructive: allowDestructive === true,
        maxTokensPerRun: maxTokensPerRun ?? null,
        maxCostPerRun: maxCostPerRun ?? null,
        finalCheck: finalCheck !== false,
        ...(fixAttempts === undefined ? {} : { fixAttempts }),
        ...orchestratorOptions(
          model,
          mode,
          { ...(maxReviewRounds === undefined ? {} : { maxReviewRounds }), ...(roles ? { roles } : {}) },
          { scriptedDelayMs: SCRIPTED_DELAY_MS },
        ),
        human: pageAnswers,
        ...(askBefore === undefined ? {} : { askBefore }),
        approvals: pageApprovals,
      }),
    );
    return summary.status;
  },

  async stop(): Promise<void> {
    engine.stop();
    // The run's own signal carries the Stop from here on.
    pageStop.lower();
  },

  async shareStopFlag(cells: Int32Array): Promise<void> {
    pageStop.share(cells);
  },

  async answer(callId: string, text: string): Promise<boolean> {
    const parsed = HumanAnswerRequestSchema.safeParse({ callId, text });
    if (!parsed.success) throw new Error(`invalid answer: ${describeFirstIssue(parsed.error, 'answer')}`);
    return pageAnswers.answer(parsed.data.callId, parsed.data.text);
  },

  async approve(callId: string, decision: ApprovalDecision, reason?: string): Promise<boolean> {
    const parsed = ApprovalDecisionRequestSchema.safeParse({ callId, decision, ...(reason === undefined ? {} : { reason }) });
    if (!parsed.success) throw new Error(`invalid approval: ${describeFirstIssue(parsed.error, 'approval')}`);
    return pageApprovals.decideFromPage(parsed.data.callId, parsed.data.decision, parsed.data.reason);
  },

  async checkPolicy(text: string): Promise<string | null> {
    const result = resolvePolicyText(String(text), KNOWN_TOOL_NAMES);
    return result.ok ? null : result.error;
  },

  async policyWarnings(text: string, mode: Mode, finalCheck: boolean): Promise<string[]> {
    const parsed = PolicyWarningsRequestSchema.safeParse({ text, mode, finalCheck });
    if (!parsed.success) throw new Error(`invalid policy warnings request: ${describeFirstIssue(parsed.error, 'request')}`);
    const resolved = resolvePolicyText(parsed.data.text, KNOWN_TOOL_NAMES);
    if (!resolved.ok) return [];
    const overrides: unknown = parsed.data.text.trim() === '' ? {} : JSON.parse(parsed.data.text);
    return policyWarnings(overrides, resolved.policy, parsed.data.mode, parsed.data.finalCheck);
  },

  async defaultPolicy(): Promise<string> {
    return JSON.stringify(DEFAULT_POLICY, null, 2);
  },

  listModels: (model: unknown) => listModelsFor(model),
  testConnection: (model: unknown) => testConnectionFor(model),

  async scenarios(): Promise<ScenarioInfo[]> {
    return SCENARIOS.map((scenario) => ({
      name: scenario.name,
      title: scenario.title,
      description: scenario.description,
      defaultTask: scenario.defaultTask,
      readyMade: scenario.liveOnly !== true,
      mode: scenarioMode(scenario),
    }));
  },

  async holdLifeLock(name: string): Promise<boolean> {
    const lock = String(name);
    if (!lock.startsWith(LIFE_LOCK_PREFIX)) throw new Error(`a life lock's name starts with ${LIFE_LOCK_PREFIX}`);
    return holdLifeLock(lock);
  },
};

Comlink.expose(api);
// Outside comlink: the page's watch reads these as signs of life (comlink ignores messages without its id).
startHeartbeats(
  (listener) => engine.session.subscribe(listener),
  (beat) => self.postMessage(beat),
);
