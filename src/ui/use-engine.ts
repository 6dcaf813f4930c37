import { useMemo } from 'react';
import { messageOf } from '../protocol/error-message';
import type { ApprovalDecision } from '../protocol/events';
import type { Mode } from '../protocol/settings';
import { runMode, type Scenario } from './engine/scenarios';
import { useExportSecrets } from './engine/use-export-secrets';
import { useProblems } from './engine/use-problems';
import { type PendingRun, useRunControl } from './engine/use-run-control';
import { type SandboxActions, useSandbox } from './engine/use-sandbox';
import { useUiState } from './engine/use-ui-state';
import { useWorkerConnection } from './engine/use-worker-connection';
import type { EngineClient } from './engine-client';
import { webcontainerApiKey } from './sandbox/webcontainer-api-key';
import type { SandboxStatus } from './sandbox-connection';
import { type SessionsControl, useSessions } from './sessions/use-sessions';
import type { PageSettings } from './settings/page-settings';
import type { RevealRange, UiState } from './state/reducer';
import type { SessionView } from './state/session-view';

export type { Scenario } from './engine/scenarios';

export interface EngineView {
  /** What the page shows (the replay position's state while replaying). */
  state: UiState;
  /** The session on the page: its log, and the replay position. */
  view: SessionView;
  seek(position: number | null): void;
  /** The worker answered and can take a run. */
  workerReady: boolean;
  scenarios: Scenario[];
  /** The mode the next run takes: Settings', or the chosen scripted scenario's when it plays only in its own (engine/scenarios.ts). */
  runMode: Mode;
  sandbox: SandboxStatus;
  sandboxActions: SandboxActions;
  /** Before an import replaces the workspace: the sandbox for its files (Python files take the virtual sandbox on 'auto'). */
  prepareSandboxFor: (paths: readonly string[]) => Promise<unknown>;
  /** The WebContainer API key in use (Settings, else the build's): kept out of exports like the model's key. */
  webcontainerApiKey: string;
  /** A run was asked for and has not ended (it may still wait for the sandbox). */
  busy: boolean;
  waitingForSandbox: boolean;
  /** A run asked for that has not started on the page yet (its task, when Run was pressed); null otherwise. */
  pendingRun: PendingRun | null;
  problems: string[];
  sessions: SessionsControl;
  run(task: string): void;
  stop(): void;
  /** Answers the question the run waits on: the live run's, or the interrupted session's (which resumes it). */
  answer(callId: string, text: string): void;
  /** Decides on the call the live run waits to have approved ("Ask before"). */
  approve(callId: string, decision: ApprovalDecision, reason: string): void;
  selectFile(path: string): void;
  /** Shows and highlights lines of an open file (an outline item was picked). */
  revealLines(path: string, range: RevealRange): void;
  /** Shows the outline of another outlined file. */
  showOutline(path: string): void;
  /** Opens a workspace file the explorer fetched from the worker. */
  openFile(path: string, content: string, truncated: boolean): void;
  dismissProblems(): void;
}

/** The page's view of the engine: the worker, the sandbox it uses, and the run in progress. */
export function useEngine(client: EngineClient, settings: PageSettings): EngineView {
  const [view, actions] = useUiState();
  const state = view.shown;
  const problems = useProblems();
  const worker = useWorkerConnection(client, actions.receiveEvents, problems.addProblem);
  const wcKey = webcontainerApiKey(settings.webcontainerApiKey);
  const sandbox = useSandbox(client, settings.sandbox, settings.webcontainerBootTimeoutMs, wcKey);
  const mode = runMode(settings, worker.scenarios);
  const runSettings = useMemo(() => (mode === settings.mode ? settings : { ...settings, mode }), [settings, mode]);
  const control = useRunControl(client, runSettings, sandbox.settled, problems);
  useExportSecrets(client, worker.workerReady, settings.model, wcKey, problems.addProblem);
  const sessions = useSessions({ client, workerReady: worker.workerReady, settings, loadEvents: actions.loadEvents, addProblem: problems.addProblem });

  return {
    state,
    view,
    seek: actions.seek,
    workerReady: worker.workerReady,
    scenarios: worker.scenarios,
    runMode: mode,
    sandbox: sandbox.status,
    sandboxActions: { useVirtualNow: sandbox.useVirtualNow, tryWebContainer: sandbox.tryWebContainer },
    prepareSandboxFor: sandbox.prepareForFiles,
    webcontainerApiKey: wcKey,
    sessions,
    // A stored run that was cut off (or a replayed one from a link or a file) shows as running in the log: only a live one keeps the page busy.
    busy:
      control.requested ||
      sessions.resuming ||
      ((view.live.status === 'running' || view.live.status === 'waiting') && sessions.interrupted === null && sessions.replayOnly === null),
    waitingForSandbox: control.waitingForSandbox,
    pendingRun: control.pending !== null && (view.live.run?.id ?? null) === control.pending.shownRunId ? control.pending : null,
    problems: problems.problems,
    run: (task) => control.run(task, view.live.run?.id ?? null),
    stop: control.stop,
    answer: (callId, text) => {
      if (sessions.interrupted) return sessions.resume({ callId, text });
      client.answer(callId, text).then(
        (taken) => taken || problems.addProblem('That question is no longer waiting for an answer.'),
        (error: unknown) => problems.addProblem(`The answer could not be sent: ${messageOf(error)}`),
      );
    },
    approve: (callId, decision, reason) => {
      client.approve(callId, decision, reason.trim() === '' ? undefined : reason.trim()).then(
        (taken) => taken || problems.addProblem('That call is no longer waiting for approval.'),
        (error: unknown) => problems.addProblem(`The decision could not be sent: ${messageOf(error)}`),
      );
    },
    selectFile: actions.selectFile,
    revealLines: actions.revealLines,
    showOutline: actions.showOutline,
    openFile: actions.openFile,
    dismissProblems: problems.clearProblems,
  };
}
