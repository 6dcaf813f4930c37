import { messageOf } from '../../protocol/error-message';
import type { EngineClient } from '../engine-client';
import type { PageSettings } from '../settings/page-settings';
import { WorkerDiedError } from '../worker-watch';
import { buildRunRequest } from './run-request';

export interface StartRunDeps {
  client: Pick<EngineClient, 'run'>;
  /** Settles once the sandbox chosen last is connected (or failed to). */
  sandboxSettled: () => Promise<unknown>;
  /** Read after the wait, so a run uses the settings saved while it waited. */
  settings: () => PageSettings;
  /** True when Stop was pressed after this run was asked for. */
  stopRequested: () => boolean;
  /** Settles when Stop is pressed: the wait for the sandbox ends at once. */
  stopped?: Promise<void>;
  setWaitingForSandbox: (waiting: boolean) => void;
  addProblem: (message: string) => void;
}

/** Waits for the sandbox, then asks the worker for the run; every failure becomes a problem, never a rejection. */
export async function startRun(task: string, deps: StartRunDeps): Promise<void> {
  try {
    deps.setWaitingForSandbox(true);
    await Promise.race([deps.sandboxSettled(), ...(deps.stopped ? [deps.stopped] : [])]);
    deps.setWaitingForSandbox(false);
    if (deps.stopRequested()) return;
    const built = buildRunRequest(task, deps.settings());
    if (!built.ok) {
      deps.addProblem(built.error);
      return;
    }
    await deps.client.run(built.request);
  } catch (error) {
    // A worker that died during the run was replaced, and the restart says so and offers Resume: the run did start.
    if (!(error instanceof WorkerDiedError)) deps.addProblem(`The run could not start: ${messageOf(error)}`);
  } finally {
    deps.setWaitingForSandbox(false);
  }
}

/** Asks the worker to cancel the current run; a failure becomes a problem. */
export function stopRun(client: Pick<EngineClient, 'stop'>, addProblem: (message: string) => void): void {
  client.stop().catch((error: unknown) => addProblem(`Stop failed: ${messageOf(error)}`));
}
