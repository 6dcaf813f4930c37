import type { Model } from '../model/port';
import { loadTokenCounter, type TokenEncoding } from '../model/token-counter';
import { messageOf } from '../protocol/error-message';
import type { Emit, EngineEvent, EventPayload, RunStatus } from '../protocol/events';
import type { Mode } from '../protocol/settings';
import type { SuggestionOverrides } from '../protocol/suggestions';
import { joinPath } from '../sandbox/paths';
import type { Sandbox } from '../sandbox/port';
import type { BlobStore } from '../store/port';
import { FileVersions } from '../tools/file-versions';
import { ALL_TOOLS, KNOWN_TOOL_NAMES, PLAN_EXEC_TOOLS, toolSpecs } from '../tools/registry';
import type { HumanChannel, PhaseControl } from '../tools/tool';
import { loadWorkspaceTree } from './context/file-tree';
import { conversationOf } from './conversation';
import { type EarlierRun, earlierRunsSection } from './earlier-runs';
import { emergency } from './emergency';
import { fileChange } from './file-change';
import { FixAttemptTracker } from './fix-attempts';
import { type Gate, type GateOptions, GuardGate, PhaseGate, reactRules } from './gate';
import { GatedSandbox } from './gated-sandbox';
import { type LoopOutcome, runReactLoop } from './loop';
import { createPhaseControl, PhaseChecks } from './phase-boundary';
import { buildPhaseLayer } from './phase-prompt';
import { type Policy, resolvePolicy } from './policy';
import { buildSystemPrompt, buildTaskMessage, loadProjectInstructions } from './prompt';
import { INTERRUPTED_CALL_RESULT } from './prompts';
import { loadManifest, restoreCheckpointFiles, restoreWorkspace, snapshotFiles } from './restore-workspace';
import { planResume, type ResumePlan } from './resume-plan';
import { DEFAULT_CONTEXT_WINDOW, type RunContext } from './run-context';
import { Session } from './session';
import { WorkspaceSnapshots } from './snapshots';
import { UsageMeter } from './usage-meter';
import { VerificationTracker } from './verification';

export interface RunOptions {
  task: string;
  mode: Mode;
  model: Model;
  maxIterations: number;
  /** The session this run continues (its workspace is the sandbox's); absent: the run starts its own. */
  sessionId?: string;
  /** The runs before this one in its session: the task message says what they did. */
  earlierRuns?: readonly EarlierRun[];
  /** Overrides merged onto the default policy: `phases` in plan_exec, `commands` (the user's rules) in both modes. */
  policy?: unknown;
  /** Values that must never appear in the log (API keys). */
  secrets?: string[];
  /** create_file and edit_file refuse writes that add syntax errors (supported languages only). */
  refuseSyntaxErrors?: boolean;
  /** react mode: let destructive commands through (by default they are refused as in building). */
  allowDestructive?: boolean;
  /** How many times the recovery tier may run; default 1, 0 turns it off. */
  maxRecoveries?: number;
  /** false: a failed run ends with the raw error only (no suggestions, retryable or checkpoint). */
  emergency?: boolean;
  /** Asked for the recovery tier's critique instead of `model` (the same endpoint, another model name). */
  recoveryModel?: Model;
  /** A failed run's suggestions per error code, in place of the built-in ones. */
  suggestions?: SuggestionOverrides;
  /** Who answers ask_human (the page, a terminal, a file of answers); without one a question ends the run with needs_human. */
  human?: HumanChannel;
  /** The model's context window in tokens; default 32,000. */
  contextWindow?: number;
  /** The tokenizer to count with; default o200k. */
  tokenEncoding?: TokenEncoding;
  /** Writes the summaries of old turns when the context fills up; default the main model. */
  summaryModel?: Model;
  /** The run ends with budget_exceeded before a request would take its tokens past this (prompt and completion of every reply). */
  maxTokensPerRun?: number | null;
  /** The same in US dollars; enforced only when the model's price is known (a notice says so otherwise). */
  maxCostPerRun?: number | null;
}

/** What a resumed run takes from the caller as a new run does (the rest comes from its log). */
type CarriedOptions = Pick<
  RunOptions,
  'secrets' | 'recoveryModel' | 'suggestions' | 'human' | 'contextWindow' | 'tokenEncoding' | 'summaryModel' | 'maxTokensPerRun' | 'maxCostPerRun'
>;

/** As in RunOptions for the carried fields; the human channel asks a question left waiting again, and the budgets go on from the usage the log recorded. */
export interface ResumeOptions extends CarriedOptions {
  /** The interrupted run's whole log, as stored (one run, no run_finished). */
  events: readonly EngineEvent[];
  /** The model to go on with (the same one, or another). */
  model: Model;
  /** Why the run was interrupted, for the log. */
  reason: string;
  /** Go on in this mode instead of the run's own ("Continue from here" with another mode). */
  mode?: Mode;
  /** The stored session the run belongs to, when it is not the run's own. */
  sessionId?: string;
}

export interface RunSummary {
  runId: string;
  status: Exclude<RunStatus, 'idle' | 'running' | 'waiting'>;
}

/**
 * One engine per page (or CLI process): a session log, a sandbox, the tools,
 * and at most one run at a time. The worker and the CLI both drive this class.
 */
export class Engine {
  readonly session: Session;
  private sandbox: Sandbox;
  private current: AbortController | null = null;
  /** The current run's last workspace snapshot. */
  private lastCheckpoint: string | null = null;
  /** Where "Roll back" goes: the snapshot when the run (or, in plan_exec, its current phase) began. */
  private rollbackPoint: string | null = null;
  /** Whether a failed run ends with the emergency tier's structured fields (Settings can turn it off). */
  private emergencyTier = true;
  /** The current run's suggestion overrides for its run_finished. */
  private suggestions: SuggestionOverrides = {};
  private runCounter = 0;
  /** The run in progress (its events are its log). */
  private currentRunId: string | null = null;

  /** Where workspace snapshots go; without it a run takes none and cannot be resumed. */
  private readonly blobs: BlobStore | null;

  constructor(options: { sandbox: Sandbox; session?: Session; blobs?: BlobStore }) {
    this.sandbox = options.sandbox;
    this.session = options.session ?? new Session();
    this.blobs = options.blobs ?? null;
  }

  get running(): boolean {
    return this.current !== null;
  }

  get activeSandbox(): Sandbox {
    return this.sandbox;
  }

  setSandbox(sandbox: Sandbox): void {
    if (this.running) throw new Error('cannot change the sandbox while a run is in progress');
    this.sandbox = sandbox;
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
      return this.execute(options, emit, signal);
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
    if (!this.blobs) throw new Error('this engine stores no snapshots, so it cannot resume a run');
    this.suggestions = options.suggestions ?? {};
    this.session.continueAfter(plan.lastSeq);
    return this.drive(plan.runId, options.secrets, async (emit, signal) => {
      const resolved = resolvePolicy(plan.configured.policy, KNOWN_TOOL_NAMES);
      if (!resolved.ok)
        return {
          status: 'failed',
          errorCode: 'invalid_policy',
          cause: 'invalid_policy',
          reason: `The stored policy is invalid: ${resolved.error}`,
          iterations: 0,
        };
      if (plan.manifest) await this.restoreSnapshot(plan.manifest);
      this.rollbackPoint = plan.phaseStart;
      emit({
        type: 'run_resumed',
        manifest: plan.manifest,
        interruptedCalls: plan.interruptedCalls.map((call) => call.id),
        reason: options.reason,
        ...(options.sessionId !== undefined && options.sessionId !== plan.runId ? { sessionId: options.sessionId } : {}),
      });
      if (plan.phase && plan.loggedPhase && plan.phase !== plan.loggedPhase) {
        emit({ type: 'phase_changed', from: plan.loggedPhase, to: plan.phase, reason: 'back to the phase before the interrupted call', auto: false });
      }
      await this.reportUndoneChanges(plan, emit);
      for (const call of plan.interruptedCalls) {
        emit({ type: 'tool_result', callId: call.id, name: call.name, ok: false, errorKind: 'interrupted', output: INTERRUPTED_CALL_RESULT, durationMs: 0 });
      }
      const run = await this.createRunContext(this.resumedOptions(plan, options), resolved.policy, emit, signal, plan);
      return runReactLoop(run);
    });
  }

  /** Runs `body` as the one current run: a run id, a stop signal, and a run_finished whatever happens. */
  private async drive(runId: string, secrets: string[] | undefined, body: (emit: Emit, signal: AbortSignal) => Promise<LoopOutcome>): Promise<RunSummary> {
    if (this.current) throw new Error('a run is already in progress; stop it first');
    const controller = new AbortController();
    this.current = controller;
    this.currentRunId = runId;
    const emit = (payload: EventPayload) => {
      if (payload.type === 'phase_changed' && this.lastCheckpoint !== null) this.rollbackPoint = this.lastCheckpoint;
      this.session.record(runId, payload);
    };
    for (const secret of secrets ?? []) this.session.registerSecret(secret);
    try {
      this.lastCheckpoint = null;
      this.rollbackPoint = null;
      const outcome = await body(emit, controller.signal);
      const finished = finishedFields(outcome, this.rollbackPoint ?? this.lastCheckpoint, this.suggestions);
      emit({ type: 'run_finished', ...(this.emergencyTier ? finished : rawError(finished)) });
      return { runId, status: outcome.status };
    } catch (error) {
      // Only a bug gets here; the run still ends with a structured event.
      const message = messageOf(error);
      emit({
        type: 'run_finished',
        ...finishedFields(
          { status: 'failed', errorCode: 'internal_error', cause: 'internal_error', reason: `Internal error: ${message}`, iterations: 0 },
          this.rollbackPoint ?? this.lastCheckpoint,
          this.suggestions,
        ),
      });
      return { runId, status: 'failed' };
    } finally {
      this.current = null;
    }
  }

  private resumedOptions(plan: ResumePlan, options: ResumeOptions): RunOptions {
    const { events: _events, reason: _reason, mode, ...carried } = options;
    return {
      ...carried,
      task: plan.start.task,
      mode: mode ?? plan.mode,
      maxIterations: plan.start.maxIterations,
      refuseSyntaxErrors: plan.configured.refuseSyntaxErrors,
      allowDestructive: plan.configured.allowDestructive,
    };
  }

  /**
   * Puts the files back as a checkpoint of a session held them ("Restore files to here", "Roll back"),
   * outside any run: each file that changes gets a file_changed event, then checkpoint_restored,
   * recorded under `runId` (the session's last run, so the page shows them with it).
   */
  async restoreCheckpoint(runId: string, manifest: string): Promise<number> {
    if (this.running) throw new Error('a run is in progress; stop it first');
    if (!this.blobs) throw new Error('that checkpoint is not stored');
    const emit = (payload: EventPayload) => this.session.record(runId, payload);
    const changed = await restoreCheckpointFiles(this.sandbox, this.blobs, manifest, emit);
    emit({ type: 'checkpoint_restored', manifest, changed });
    return changed;
  }

  /** The files an interrupted call had changed are back as they were: the page shows them so. */
  private async reportUndoneChanges(plan: ResumePlan, emit: Emit): Promise<void> {
    const seen = new Set<string>();
    for (const change of [...plan.undoneChanges].reverse()) {
      if (seen.has(change.path)) continue;
      seen.add(change.path);
      const event = fileChange(change.path, change.after, await this.readFileOrNull(this.inWorkspace(change.path)));
      if (event) emit(event);
    }
  }

  private async restoreSnapshot(hash: string): Promise<void> {
    const blobs = this.blobs;
    const manifest = blobs && (await loadManifest(blobs, hash));
    if (!blobs || !manifest) throw new Error('the last workspace snapshot is missing from the store');
    await restoreWorkspace(this.sandbox, await snapshotFiles(blobs, manifest));
  }

  /** A file as it is in the sandbox now, or null when there is none (what the command judge reads to judge a script). */
  private async readFileOrNull(path: string): Promise<string | null> {
    const stat = await this.sandbox.stat(path).catch(() => null);
    if (stat?.type !== 'file') return null;
    return this.sandbox.readFile(path);
  }

  /** An event's path (workspace-relative, or absolute as some tools report it) in the sandbox. */
  private inWorkspace(path: string): string {
    return path.startsWith('/') ? path : joinPath(this.sandbox.workdir, path);
  }

  private async execute(options: RunOptions, emit: Emit, signal: AbortSignal): Promise<LoopOutcome> {
    if (options.task.trim() === '') return { status: 'failed', errorCode: 'empty_task', cause: 'empty_task', reason: 'The task is empty.', iterations: 0 };
    const resolved = resolvePolicy(options.policy, KNOWN_TOOL_NAMES);
    if (!resolved.ok)
      return { status: 'failed', errorCode: 'invalid_policy', cause: 'invalid_policy', reason: `The policy is invalid: ${resolved.error}`, iterations: 0 };
    const run = await this.createRunContext(options, resolved.policy, emit, signal, null);
    await run.snapshots?.take('run_start');
    this.rollbackPoint = run.snapshots?.latest ?? null;
    const outcome = await runReactLoop(run);
    await run.snapshots?.take('run_end').catch(() => undefined);
    return outcome;
  }

  /** The run's one context: its gate (phased in plan_exec), prompts and tools, and what the tools share. */
  private async createRunContext(options: RunOptions, policy: Policy, emit: Emit, signal: AbortSignal, resumed: ResumePlan | null): Promise<RunContext> {
    const gateOptions: GateOptions = {
      emit,
      workdir: this.sandbox.workdir,
      readScript: (path) => this.readFileOrNull(path),
      userRules: policy.commands,
      destructiveEffect: policy.destructiveEffect,
    };
    let gate: Gate = new GuardGate(reactRules(options.allowDestructive === true), gateOptions);
    let phases: PhaseControl | null = null;
    let phaseLayer: string | null = null;
    // A resumed run in its own mode goes on where it was; in another mode it starts that mode afresh.
    const sameMode = resumed !== null && options.mode === resumed.mode;
    if (options.mode === 'plan_exec') {
      const phaseGate = new PhaseGate(policy, gateOptions);
      if (sameMode && resumed.phase) phaseGate.resumeAt(resumed.phase, resumed.stepsInPhase);
      else phaseGate.start();
      gate = phaseGate;
      phases = createPhaseControl(phaseGate, policy);
      phaseLayer = buildPhaseLayer(policy);
    }
    const tools = options.mode === 'plan_exec' ? PLAN_EXEC_TOOLS : ALL_TOOLS;
    const fileVersions = new FileVersions();
    let configured: EventPayload<'run_configured'> | null = null;
    if (!sameMode) {
      // What the session's earlier runs did: told once in the task message, kept in every request by the pinned state.
      const earlierRuns = resumed ? (resumed.configured.earlierRuns ?? '') : earlierRunsSection(options.earlierRuns ?? []);
      const project = await loadProjectInstructions(this.sandbox).catch(() => null);
      if (project) emit({ type: 'notice', level: 'info', message: `Using project instructions from ${project.file}.` });
      const workspaceTree = await loadWorkspaceTree(this.sandbox, signal).catch(() => null);
      const base = buildSystemPrompt({ sandboxKind: this.sandbox.info.kind, workdir: this.sandbox.workdir, project, workspaceTree });
      if (resumed) emit({ type: 'notice', level: 'info', message: `Going on in ${options.mode} mode (the run was in ${resumed.mode} mode).` });
      configured = {
        type: 'run_configured',
        mode: options.mode,
        systemPrompt: phaseLayer ? `${base}\n\n${phaseLayer}` : base,
        taskMessage: resumed?.configured.taskMessage ?? buildTaskMessage(options.task, earlierRuns),
        ...(earlierRuns === '' ? {} : { earlierRuns }),
        tools: tools.map((tool) => tool.name),
        policy,
        refuseSyntaxErrors: options.refuseSyntaxErrors === true,
        allowDestructive: options.allowDestructive === true,
      };
      emit(configured);
    }
    // The conversation is the fold of the log: the stored one (with what the resume just recorded), or the new configuration.
    const messages = conversationOf(resumed ? [...this.priorEvents(resumed)] : configured ? [configured] : []);
    if (resumed) await this.rememberSeenFiles(fileVersions, resumed.seenPaths);
    const snapshots = this.blobs
      ? new WorkspaceSnapshots(
          this.sandbox,
          this.blobs,
          emit,
          (hash) => (this.lastCheckpoint = hash),
          (text) => this.session.redact(text),
        )
      : null;
    if (snapshots && resumed?.manifest) {
      const manifest = await loadManifest(this.blobs as BlobStore, resumed.manifest);
      if (manifest) snapshots.continueFrom(manifest, resumed.manifest);
    }
    // Validation and rollback at each phase boundary run on the real sandbox; the phase start is where "Roll back" goes.
    if (gate instanceof PhaseGate) {
      gate.setBoundary(new PhaseChecks({ policy, sandbox: this.sandbox, blobs: this.blobs, snapshots, emit, signal, phaseStart: () => this.rollbackPoint }));
    }
    return {
      model: options.model,
      ...(options.recoveryModel ? { recoveryModel: options.recoveryModel } : {}),
      tools,
      toolSpecs: toolSpecs(tools),
      gate,
      messages,
      firstIteration: resumed?.nextIteration ?? 1,
      pendingCalls: resumed?.pendingCalls ?? [],
      waitingLoopQuestion: sameMode ? resumed.waitingLoopQuestion : null,
      maxIterations: options.maxIterations,
      maxRecoveries: options.maxRecoveries ?? 1,
      snapshots,
      verification: new VerificationTracker(() => snapshots?.latest ?? null),
      fixes: new FixAttemptTracker(),
      log: resumed ? () => [...this.priorEvents(resumed)] : () => this.session.events.filter((event) => event.runId === this.currentRunId),
      context: {
        window: options.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
        counter: await loadTokenCounter(options.tokenEncoding ?? 'o200k'),
        summaryModel: options.summaryModel ?? null,
      },
      // The same counter (loaded once) and window; a resumed run's budget goes on from the usage its log recorded.
      usage: await UsageMeter.create(options.model, {
        counter: await loadTokenCounter(options.tokenEncoding ?? 'o200k'),
        window: options.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
        budgets: { maxTokens: options.maxTokensPerRun ?? null, maxCostUsd: options.maxCostPerRun ?? null },
        emit,
        earlier: resumed ? [...this.priorEvents(resumed)] : [],
      }),
      scope: {
        sandbox: new GatedSandbox(this.sandbox, gate),
        emit,
        signal,
        phases,
        fileVersions,
        refuseSyntaxErrors: options.refuseSyntaxErrors === true,
        human: options.human ?? null,
      },
    };
  }

  /** The resumed run's log as this session holds it: what was stored, then what resume recorded. */
  private *priorEvents(plan: ResumePlan): Iterable<EngineEvent> {
    yield* plan.events;
    for (const event of this.session.events) if (event.runId === plan.runId && event.seq > plan.lastSeq) yield event;
  }

  /** Files the agent had read or written count as read again: their content is the restored one. */
  private async rememberSeenFiles(versions: FileVersions, paths: readonly string[]): Promise<void> {
    for (const path of paths) {
      const absolute = this.inWorkspace(path);
      const content = await this.readFileOrNull(absolute);
      if (content !== null) versions.remember(absolute, content);
    }
  }
}

/** With the emergency tier off, a failed run ends with the raw error: its code, cause and reason only. */
function rawError(fields: Omit<EventPayload<'run_finished'>, 'type'>): Omit<EventPayload<'run_finished'>, 'type'> {
  const { suggestions: _suggestions, retryable: _retryable, lastCheckpoint: _lastCheckpoint, ...raw } = fields;
  return raw;
}

function finishedFields(outcome: LoopOutcome, lastCheckpoint: string | null, overrides: SuggestionOverrides): Omit<EventPayload<'run_finished'>, 'type'> {
  switch (outcome.status) {
    case 'completed':
      return { status: 'completed', summary: outcome.summary, iterations: outcome.iterations, verified: outcome.verified };
    case 'failed': {
      // The emergency tier: a structured end the page and scripts can act on.
      const { errorCode, suggestions, retryable } = emergency(outcome.errorCode, {
        suggestions: overrides,
        ...(outcome.retryable === undefined ? {} : { retryable: outcome.retryable }),
      });
      return {
        status: 'failed',
        errorCode,
        cause: outcome.cause,
        reason: outcome.reason,
        suggestions,
        retryable,
        lastCheckpoint,
        iterations: outcome.iterations,
      };
    }
    case 'cancelled':
      return { status: 'cancelled', reason: outcome.reason, iterations: outcome.iterations };
  }
}
