import type { ConnectionTest, ModelListing } from '../protocol/endpoint-check';
import type { ApprovalDecision, EngineEvent, RunStatus, SandboxInfo } from '../protocol/events';
import type { SessionMeta } from '../protocol/session-file';
import type { Mode, ModelSettingsInput } from '../protocol/settings';
import type { SandboxHost } from '../sandbox/remote';
import type { StorageUsage } from '../store/port';
import type { ExportSecrets, ResumeRequest, RunRequest } from './run-request';
import type { WorkspaceFileText, WorkspaceListing, WorkspacePoint } from './workspace-files';

/** What the page asks the engine worker to run; the schema is the one definition. */
export type { StorageUsage } from '../store/port';
export type { ResumeRequest, RunRequest } from './run-request';
export type { WorkspaceFileText, WorkspaceListing, WorkspacePoint } from './workspace-files';

/** A write of the session log failed: the page shows it (and, when storage is full, offers to free space). */
export interface StorageProblem {
  kind: 'full' | 'failed';
  message: string;
}

/** Posted by the worker outside comlink (`life-signals.ts`): a sign of life for the page's watch. */
export interface WorkerHeartbeat {
  phasegateHeartbeat: true;
  /** A tool call or a command is under way: a silence now may be a long stretch of work. */
  step: boolean;
}

/** Every worker life lock's name starts with this (the run locks of `run-locks.ts` have their own prefix). */
export const LIFE_LOCK_PREFIX = 'phasegate-worker:';

export type ImportOutcome = { ok: true; id: string } | { ok: false; error: string };

export interface ScenarioInfo {
  name: string;
  title: string;
  description: string;
  /** What the Task box is prefilled with when this scenario is selected. */
  defaultTask: string;
  /** Whether the Sessions dialog offers it as a ready-made session (not for the live-only Stop demos). */
  readyMade: boolean;
  /** The mode it was written for: an orchestrator scenario plays only in orchestrator mode, the others in any but that one. */
  mode: Mode;
}

export interface EngineWorkerApi {
  /** Receive every event of every run, in order. */
  subscribe(listener: (event: EngineEvent) => void): Promise<void>;
  /**
   * Use this sandbox for the next runs: a WebContainer host proxied from the page,
   * or null for the worker's own virtual sandbox. `reason` says why (shown in the UI).
   */
  useSandbox(host: SandboxHost | null, reason: string): Promise<SandboxInfo>;
  run(request: RunRequest): Promise<RunStatus>;
  /** Cancels the current run: the in-flight model request and command are aborted. */
  stop(): Promise<void>;
  /**
   * The page's Stop flag, once per worker (`PageStop`): an Int32Array on a SharedArrayBuffer the page
   * sets before it calls `stop()`, which a command busy on the worker's thread reads without a message.
   */
  shareStopFlag(cells: Int32Array): Promise<void>;
  /** Answers the question the current run waits on (ask_human); false when no question with that id waits. */
  answer(callId: string, text: string): Promise<boolean>;
  /** Decides on the call the current run waits to have approved ("Ask before"); false when no call with that id waits. */
  approve(callId: string, decision: ApprovalDecision, reason?: string): Promise<boolean>;
  scenarios(): Promise<ScenarioInfo[]>;
  /**
   * Holds the Web Lock `name` (it must start with `phasegate-worker:`) until this worker ends, so the
   * page can tell a worker busy in a long stretch of work from a dead one (`life-signals.ts`);
   * resolves true once held, false where the browser has no Web Locks.
   */
  holdLifeLock(name: string): Promise<boolean>;
  /** Checks policy JSON text as typed in Settings: null when valid, else an error naming the bad value. */
  checkPolicy(text: string): Promise<string | null>;
  /** What a valid policy (JSON text) sets that would never take effect in `mode` (with the final check on or off); [] when invalid. */
  policyWarnings(text: string, mode: Mode, finalCheck: boolean): Promise<string[]>;
  /** The default policy as JSON text, for Settings to show (the page never loads the engine itself). */
  defaultPolicy(): Promise<string>;
  /** Settings → "List models": GET /models on the endpoint as typed (the model settings, key included, not kept). */
  listModels(model: ModelSettingsInput): Promise<ModelListing>;
  /** Settings → "Test connection": one request for one token with the model settings as typed. */
  testConnection(model: ModelSettingsInput): Promise<ConnectionTest>;

  // Sessions: every run is stored as it happens (IndexedDB), before the page is told of its events.
  /** Told when a write of the session log fails. */
  onStorageProblem(listener: (problem: StorageProblem) => void): Promise<void>;
  /** Why sessions are not kept across reloads here, or null when they are. */
  sessionsNotKept(): Promise<string | null>;
  /** Newest first; a run left running that nobody runs any more is "interrupted". */
  listSessions(): Promise<SessionMeta[]>;
  /** A stored session's log; with `loadWorkspace` the sandbox gets the files it ended with. */
  openSession(id: string, loadWorkspace: boolean): Promise<{ session: SessionMeta; events: EngineEvent[] }>;
  deleteSession(id: string): Promise<void>;
  /** Deletes the oldest finished sessions until there is room, then writes what waited; returns how many went. */
  freeSpace(): Promise<number>;
  storageUsage(): Promise<StorageUsage | null>;
  /**
   * The session as `*.phasegate.json` text; `withoutDeltas` leaves the streamed pieces (text deltas, tool calls being prepared) out (share links);
   * `withModelHosts` false (the Share dialog's default) names models without their endpoint's address; default true (a backup of one's own).
   */
  exportSession(id: string, withoutDeltas: boolean, withModelHosts?: boolean): Promise<string>;
  /** Stores a session from a file, after checking all of it, as a replay. */
  importSession(text: string): Promise<ImportOutcome>;
  /** Puts the sandbox's files back as a checkpoint (a snapshot manifest) of a session held them; returns how many changed. */
  restoreCheckpoint(sessionId: string, manifest: string): Promise<number>;
  /** A scripted scenario as a stored session to replay (recorded on first use, no model needed). */
  readyMadeSession(scenario: string): Promise<ImportOutcome>;
  /** "Continue from here": a new session of the first `count` events of another, ready to resume. */
  forkSession(id: string, count: number): Promise<ImportOutcome>;
  /** The session encoded for a share link's fragment (`#session=…`); models named without their endpoint's address unless `withModelHosts`. */
  shareLink(id: string, withModelHosts?: boolean): Promise<string>;
  /** Stores the session a share link's fragment carries (untrusted input, checked whole), as a replay. */
  importSharedLink(encoded: string): Promise<ImportOutcome>;
  /**
   * "Continue from here" on a session from a link or a file: the sandbox gets its workspace as after
   * its first `count` events, and the next run starts a session of its own there.
   */
  seedFromReplay(id: string, count: number): Promise<void>;
  /** Goes on with an interrupted run (refused for a session from a link or a file). */
  resume(request: ResumeRequest): Promise<RunStatus>;
  /** What writing the session log has cost so far: each batch's event count and time (for the bench). */
  storageStats(): Promise<{ batches: { events: number; ms: number; prepareMs: number }[] }>;
  /**
   * Keeps the worker's thread busy for `ms` (at most a minute) in one synchronous stretch, as a command
   * printing 100 MB does, for the browser tests of the page's watch: deterministic where output is not.
   */
  holdBusy(ms: number): Promise<void>;
  /** A fresh workspace (the starter project) for the next run. */
  newSession(): Promise<void>;
  /** Whether the workspace differs from the starter project ("New session" asks first when it does). */
  workspaceChanged(): Promise<boolean>;

  // Workspace import and export (`workspace-io.ts`): files are texts by workspace-relative path.
  /** Makes these files the sandbox's workspace (node_modules/ and .git/ there are left); refused during a run. */
  replaceWorkspace(files: Record<string, string>): Promise<void>;
  /**
   * The key and base URLs in the page's settings now: every export (zip, patch, session file, link)
   * redacts them from then on, also after a reload before any run.
   */
  rememberSecrets(model: ExportSecrets): Promise<void>;
  /** The sandbox's workspace files now, node_modules/ and .git/ left out, the runs' keys redacted (for the zip). */
  currentWorkspace(): Promise<Record<string, string>>;
  /** A stored session's workspace at its first snapshot and at its last, for a patch of what the run changed (keys redacted). */
  sessionChanges(id: string): Promise<{ before: Record<string, string>; after: Record<string, string> }>;

  // The file explorer (`workspace-files.ts`): null reads the sandbox now, a point a stored session's snapshot there.
  /** The workspace's file paths (at most 20,000), node_modules/ and .git/ left out. */
  workspacePaths(at: WorkspacePoint): Promise<WorkspaceListing>;
  /** One workspace file's text (keys redacted, shortened past 1 MiB). */
  readWorkspaceFile(path: string, at: WorkspacePoint): Promise<WorkspaceFileText>;
  /**
   * The user saved a file in the Editor between runs (`base`: the text it showed before): written into
   * the sandbox and recorded in session `sessionId` (`file_changed` by the user, then a snapshot);
   * false when the text was the file's already. Refused during a run.
   */
  saveFile(sessionId: string, path: string, content: string, base: string): Promise<boolean>;
}
