import { messageOf } from '../protocol/error-message';
import type { Emit, EventPayload } from '../protocol/events';
import type { SuggestionOverrides } from '../protocol/suggestions';
import type { PreviewSignal, Sandbox } from '../sandbox/port';
import type { BlobStore } from '../store/port';
import type { RunCheckpoints, RunHost } from './build-run-context';
import type { LoopOutcome } from './loop-outcome';
import { restoreCheckpoint } from './restore-checkpoint';
import { planResume } from './resume-plan';
import { resumedOptions, resumeRun } from './resume-run';
import { runFinishedFields } from './run-finished';
import type { ResumeOptions, RunOptions, RunSummary } from './run-options';
import { Session } from './session';
import { startRun } from './start-run';
import { saveUserEdit, type UserEdit } from './user-edit';

export type { ResumeOptions, RunOptions, RunSummary } from './run-options';

/** The run id of a sandbox event recorded before this engine's log has any run. */
export const NO_RUN = 'no-run';

/**
 * One engine per page (or CLI process): a session log, a sandbox, the tools, and at most one run
 * at a time. The worker and the CLI both drive this class; a new run (`start-run.ts`), a resume
 * (`resume-run.ts`), a checkpoint restore (`restore-checkpoint.ts`) and the run's context
 * (`build-run-context.ts`) are their own modules.
 */
export class Engine {
  readonly session: Session;
  private sandbox: Sandbox;
  private current: AbortController | null = null;
  /** The current run's last snapshot and where "Roll back" goes. */
  private readonly checkpoints: RunCheckpoints = { last: null, rollbackPoint: null };
  /** Whether a failed run ends with the emergency tier's structured fields (Settings can turn it off). */
  private emergencyTier = true;
  /** The current run's suggestion overrides for its run_finished. */
  private suggestions: SuggestionOverrides = {};
  private runCounter = 0;

  /** Where workspace snapshots go; without it a run takes none and cannot be resumed. */
  private readonly blobs: BlobStore | null;
  /** Stops listening to the sandbox's servers (when it serves any). */
  private stopPreviews: (() => void) | null = null;

  constructor(options: { sandbox: Sandbox; session?: Session; blobs?: BlobStore }) {
    this.sandbox = options.sandbox;
    this.session = options.session ?? new Session();
    this.blobs = options.blobs ?? null;
    this.watchPreviews(options.sandbox);
  }

  get running(): boolean {
    return this.current !== null;
  }

  get activeSandbox(): Sandbox {
    return this.sandbox;
  }

  setSandbox(sandbox: Sandbox): void {
    if (this.running) throw new Error('cannot change the sandbox while a run is in progress');
    if (sandbox !== this.sandbox) this.watchPreviews(sandbox);
    this.sandbox = sandbox;
  }

  /**
   * A server in the sandbox starts or stops whenever its process does, in a run or after it: it is
   * recorded under the log's latest run (the one under way, else the last), so the page shows it
   * with that run; before any run, under `NO_RUN`, which the page reads but no stored session keeps.
   */
  private watchPreviews(sandbox: Sandbox): void {
    this.stopPreviews?.();
    this.stopPreviews =
      sandbox.previews?.watch((signal: PreviewSignal) => {
        const runId = this.session.events.at(-1)?.runId ?? NO_RUN;
        this.session.record(
          runId,
          signal.kind === 'ready' ? { type: 'preview_ready', port: signal.port, url: signal.url } : { type: 'preview_closed', port: signal.port },
        );
      }) ?? null;
  }

  stop(): void {
    this.current?.abort();
  }

  async run(options: RunOptions): Promise<RunSummary> {
    this.emergencyTier = options.emergency !== false;
    this.suggestions = options.suggestions ?? {};
    const runId = `run-${Date.now().toString(36)}-${++this.runCounter}`;
    return this.drive(runId, options.secrets, async (emit, signal) => {
      emit({
        type: 'run_started',
        task: options.task,
        mode: options.mode,
        model: options.model.info,
        sandbox: this.sandbox.info,
        maxIterations: options.maxIterations,
        ...(options.sessionId !== undefined && options.sessionId !== runId ? { sessionId: options.sessionId } : {}),
        ...(options.model.plays !== undefined && options.model.plays.trim() !== options.task.trim() ? { playedTask: options.model.plays } : {}),
      });
      return startRun(this.host(runId), options, emit, signal);
    });
  }

  /**
   * Goes on with an interrupted run: the workspace back to its last snapshot, the conversation
   * rebuilt from the log, a call that was in flight answered as interrupted (not run again),
   * calls that never started run as they would have, then the loop as before.
   */
  async resume(options: ResumeOptions): Promise<RunSummary> {
    const check = planResume(options.events);
    if (!check.ok) throw new Error(check.error);
    const { plan } = check;
    const blobs = this.blobs;
    if (!blobs) throw new Error('this engine stores no snapshots, so it cannot resume a run');
    const resumed = resumedOptions(plan, options);
    this.emergencyTier = resumed.emergency !== false;
    this.suggestions = options.suggestions ?? {};
    this.session.continueAfter(plan.lastSeq);
    return this.drive(plan.runId, options.secrets, (emit, signal) =>
      resumeRun(
        { ...this.host(plan.runId), blobs },
        plan,
        { reason: options.reason, ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }) },
        resumed,
        emit,
        signal,
      ),
    );
  }

  /**
   * Puts the files back as a checkpoint of a session held them ("Restore files to here", "Roll back"),
   * outside any run, recorded under `runId` (the session's last run, so the page shows them with it).
   */
  async restoreCheckpoint(runId: string, manifest: string): Promise<number> {
    if (this.running) throw new Error('a run is in progress; stop it first');
    if (!this.blobs) throw new Error('that checkpoint is not stored');
    return restoreCheckpoint(this.sandbox, this.blobs, manifest, (payload) => this.session.record(runId, payload));
  }

  /**
   * Writes a file the user edited between runs and records it (`by: "user"`, then a snapshot)
   * under `runId` (the session's last run, as a restore is); `previousSnapshot` is the session's
   * last snapshot. Refused while a run is under way: the agent's writes and the user's never mix.
   */
  async saveUserEdit(runId: string, edit: UserEdit, previousSnapshot: string | null): Promise<EventPayload<'file_changed'> | null> {
    if (this.running) throw new Error('a run is in progress: files can be edited once it ends');
    const host = { sandbox: this.sandbox, blobs: this.blobs, redact: (text: string) => this.session.redact(text) };
    return saveUserEdit({ ...host, emit: (payload) => this.session.record(runId, payload) }, edit, previousSnapshot);
  }

  private host(runId: string): RunHost {
    return { sandbox: this.sandbox, blobs: this.blobs, session: this.session, checkpoints: this.checkpoints, runId };
  }

  /** Runs `body` as the one current run: a run id, a stop signal, and a run_finished whatever happens. */
  private async drive(runId: string, secrets: string[] | undefined, body: (emit: Emit, signal: AbortSignal) => Promise<LoopOutcome>): Promise<RunSummary> {
    if (this.current) throw new Error('a run is already in progress; stop it first');
    const controller = new AbortController();
    this.current = controller;
    const checkpoints = this.checkpoints;
    const emit = (payload: EventPayload) => {
      if (payload.type === 'phase_changed' && checkpoints.last !== null) checkpoints.rollbackPoint = checkpoints.last;
      this.session.record(runId, payload);
    };
    for (const secret of secrets ?? []) this.session.registerSecret(secret);
    try {
      checkpoints.last = null;
      checkpoints.rollbackPoint = null;
      const outcome = await body(emit, controller.signal);
      const lastCheckpoint = checkpoints.rollbackPoint ?? checkpoints.last;
      emit({ type: 'run_finished', ...runFinishedFields(outcome, { lastCheckpoint, suggestions: this.suggestions, emergencyTier: this.emergencyTier }) });
      return { runId, status: outcome.status };
    } catch (error) {
      // Only a bug gets here; the run still ends with a structured event.
      const outcome: LoopOutcome = {
        status: 'failed',
        errorCode: 'internal_error',
        cause: 'internal_error',
        reason: `Internal error: ${messageOf(error)}`,
        iterations: 0,
      };
      const lastCheckpoint = checkpoints.rollbackPoint ?? checkpoints.last;
      emit({ type: 'run_finished', ...runFinishedFields(outcome, { lastCheckpoint, suggestions: this.suggestions, emergencyTier: true }) });
      return { runId, status: 'failed' };
    } finally {
      this.current = null;
    }
  }
}
