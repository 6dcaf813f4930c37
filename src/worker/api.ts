import type { EngineEvent, RunStatus, SandboxInfo } from '../protocol/events';
import type { SandboxHost } from '../sandbox/remote';
import type { RunRequest } from './run-request';

/** What the page asks the engine worker to run; the schema is the one definition. */
export type { RunRequest } from './run-request';

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
  /** The default policy as JSON text, for Settings to show (the page never loads the engine itself). */
  defaultPolicy(): Promise<string>;
}
