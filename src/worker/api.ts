import type { EngineEvent, RunStatus, SandboxInfo } from '../protocol/events';
import type { Mode, ModelSettings } from '../protocol/settings';
import type { SandboxHost } from '../sandbox/remote';

/** What the page asks the engine worker to do. Only types cross this line. */
export interface RunRequest {
  task: string;
  mode: Mode;
  /** Includes the API key; the worker keeps it in memory for this run only. */
  model: ModelSettings;
  maxIterations: number;
  /** plan_exec only: policy overrides (the parsed JSON from Settings), merged onto the defaults. */
  policy?: unknown;
  /** create_file / edit_file refuse writes that add syntax errors (Settings → "Refuse edits that break the syntax"). */
  refuseSyntaxErrors?: boolean;
  /** react mode: let destructive commands through (Settings → "Allow destructive commands"). */
  allowDestructive?: boolean;
}

export interface ScenarioInfo {
  name: string;
  title: string;
  description: string;
  /** What the Task box is prefilled with when this scenario is selected. */
  defaultTask: string;
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
  scenarios(): Promise<ScenarioInfo[]>;
  /** Checks policy JSON text as typed in Settings: null when valid, else an error naming the bad value. */
  checkPolicy(text: string): Promise<string | null>;
}
