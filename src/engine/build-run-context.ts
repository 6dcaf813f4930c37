import { loadTokenCounter } from '../model/token-counter';
import { DEFAULT_ASK_BEFORE } from '../protocol/ask-before';
import type { Emit, EngineEvent, EventPayload } from '../protocol/events';
import { DEFAULT_FIX_ATTEMPTS } from '../protocol/settings';
import type { Sandbox } from '../sandbox/port';
import type { BlobStore } from '../store/port';
import { FileVersions } from '../tools/file-versions';
import { ALL_TOOLS, PLAN_EXEC_TOOLS, toolSpecs } from '../tools/registry';
import type { PhaseControl, RunScope } from '../tools/tool';
import { Approvals } from './approvals';
import { loadWorkspaceTree } from './context/file-tree';
import { conversationOf } from './conversation';
import { earlierRunsSection } from './earlier-runs';
import { FinalCheck, fixAttemptsIn } from './final-check';
import { finishedCalls } from './finished-calls';
import { FixAttemptTracker } from './fix-attempts';
import { FixedGate, type Gate, type GateOptions, PhaseGate, reactRules } from './gate';
import { GatedSandbox } from './gated-sandbox';
import { createPhaseControl, PhaseChecks } from './phase-boundary';
import { buildPhaseLayer } from './phase-prompt';
import type { Policy } from './policy';
import { buildSystemPrompt, buildTaskMessage, loadProjectInstructions } from './prompt';
import { loadManifest } from './restore-workspace';
import type { ResumePlan } from './resume-plan';
import { ORCHESTRATOR_TOOL_NAMES } from './roles/role-tools';
import { DEFAULT_CONTEXT_WINDOW, type RunContext } from './run-context';
import { DEFAULT_MAX_RECOVERIES, DEFAULT_TOKEN_ENCODING, recordedSettings, type RunOptions } from './run-options';
import type { Session } from './session';
import { WorkspaceSnapshots } from './snapshots';
import { detectTechStack } from './tech-stack';
import { UsageMeter } from './usage-meter';
import { VerificationTracker } from './verification';
import { workspaceDigest } from './workspace-digest';
import { inWorkspace, readFileOrNull } from './workspace-files';

/** The checkpoints of the run in progress, kept by the engine for its run_finished. */
export interface RunCheckpoints {
  /** The run's last workspace snapshot. */
  last: string | null;
  /** Where "Roll back" goes: the snapshot when the run (or, in plan_exec, its current phase) began. */
  rollbackPoint: string | null;
}

/** What a run is built on: the engine's sandbox, store and session, and the current run's checkpoints. */
export interface RunHost {
  readonly sandbox: Sandbox;
  /** Where workspace snapshots go; null: a run takes none. */
  readonly blobs: BlobStore | null;
  readonly session: Session;
  readonly checkpoints: RunCheckpoints;
  /** The run in progress (a new run's log is its events). */
  readonly runId: string;
}

/** What every gate of a run is built with: the workspace, the script reader for the command judge, the policy's own rules. */
export function gateOptionsOf(sandbox: Sandbox, policy: Policy, emit: Emit): GateOptions {
  return {
    emit,
    workdir: sandbox.workdir,
    readScript: (path) => readFileOrNull(sandbox, path),
    userRules: policy.commands,
    destructiveEffect: policy.destructiveEffect,
  };
}

/** The run's one context: its gate (phased in plan_exec), prompts and tools, and what the tools share. */
export async function buildRunContext(
  host: RunHost,
  options: RunOptions,
  policy: Policy,
  emit: Emit,
  signal: AbortSignal,
  resumed: ResumePlan | null,
): Promise<RunContext> {
  const { sandbox, blobs } = host;
  const gateOptions = gateOptionsOf(sandbox, policy, emit);
  let gate: Gate = new FixedGate(null, reactRules(options.allowDestructive === true), gateOptions);
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
    const project = await loadProjectInstructions(sandbox).catch(() => null);
    if (project) emit({ type: 'notice', level: 'info', message: `Using project instructions from ${project.file}.` });
    const workspaceTree = await loadWorkspaceTree(sandbox, signal).catch(() => null);
    const techStack = await detectTechStack(sandbox).catch(() => null);
    const base = buildSystemPrompt({ sandbox: sandbox.info, workdir: sandbox.workdir, project, techStack, workspaceTree });
    if (resumed) emit({ type: 'notice', level: 'info', message: `Going on in ${options.mode} mode (the run was in ${resumed.mode} mode).` });
    configured = {
      type: 'run_configured',
      mode: options.mode,
      systemPrompt: phaseLayer ? `${base}\n\n${phaseLayer}` : base,
      taskMessage: resumed?.configured.taskMessage ?? buildTaskMessage(options.task, earlierRuns),
      ...(earlierRuns === '' ? {} : { earlierRuns }),
      // orchestrator: each role is offered its own share of these (roles/role-tools.ts).
      tools: options.mode === 'orchestrator' ? [...ORCHESTRATOR_TOOL_NAMES] : tools.map((tool) => tool.name),
      policy,
      refuseSyntaxErrors: options.refuseSyntaxErrors === true,
      allowDestructive: options.allowDestructive === true,
      ...recordedSettings(options),
      finalCheck: options.finalCheck !== false,
      fixAttempts: options.fixAttempts ?? DEFAULT_FIX_ATTEMPTS,
    };
    emit(configured);
  }
  const log = resumed ? () => [...priorEvents(host.session, resumed)] : () => host.session.events.filter((event) => event.runId === host.runId);
  // The conversation is the fold of the log: the stored one (with what the resume just recorded), or the new configuration.
  const messages = conversationOf(resumed ? log() : configured ? [configured] : []);
  if (resumed) await rememberSeenFiles(sandbox, fileVersions, resumed.seenPaths);
  const snapshots = blobs
    ? new WorkspaceSnapshots(
        sandbox,
        blobs,
        emit,
        (hash) => (host.checkpoints.last = hash),
        (text) => host.session.redact(text),
      )
    : null;
  if (snapshots && blobs && resumed?.manifest) {
    const manifest = await loadManifest(blobs, resumed.manifest);
    if (manifest) snapshots.continueFrom(manifest, resumed.manifest);
  }
  const scope: RunScope = {
    sandbox: new GatedSandbox(sandbox, gate),
    emit,
    signal,
    phases,
    fileVersions,
    refuseSyntaxErrors: options.refuseSyntaxErrors === true,
    human: options.human ?? null,
  };
  // Test caches (the verification phase's allowWrites) are not part of the files a check passed on.
  const digest = workspaceDigest(sandbox, policy.phases.verification.allowWrites);
  const verification = new VerificationTracker(digest);
  const finalCheck = new FinalCheck({
    sandbox,
    policy,
    gate,
    scope,
    tracker: verification,
    digest,
    enabled: options.finalCheck !== false,
    maxFixAttempts: options.fixAttempts ?? DEFAULT_FIX_ATTEMPTS,
    // A resumed run goes on counting the fix attempts its log gave.
    fixAttemptsGiven: resumed ? fixAttemptsIn(resumed.events) : 0,
  });
  // Validation and rollback at each phase boundary run on the real sandbox; the phase start is where "Roll back" goes.
  if (gate instanceof PhaseGate) {
    gate.setBoundary(new PhaseChecks({ policy, sandbox, blobs, snapshots, emit, signal, phaseStart: () => host.checkpoints.rollbackPoint, finalCheck }));
  }
  const counter = await loadTokenCounter(options.tokenEncoding ?? DEFAULT_TOKEN_ENCODING);
  const window = options.contextWindow ?? DEFAULT_CONTEXT_WINDOW;
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
    pendingFinalAnswer: sameMode ? resumed.finalAnswer : null,
    maxIterations: options.maxIterations,
    maxRecoveries: options.maxRecoveries ?? DEFAULT_MAX_RECOVERIES,
    snapshots,
    verification,
    finalCheck,
    fixes: new FixAttemptTracker().replay(resumed ? finishedCalls(resumed.events) : []),
    log,
    context: { window, counter, summaryModel: options.summaryModel ?? null },
    // The same counter (loaded once) and window; a resumed run's budget goes on from the usage its log recorded.
    usage: await UsageMeter.create(options.model, {
      counter,
      window,
      budgets: { maxTokens: options.maxTokensPerRun ?? null, maxCostUsd: options.maxCostPerRun ?? null },
      emit,
      earlier: resumed ? log() : [],
    }),
    // A resumed run knows what its log decided: a decided call is not asked again, "approve all" holds.
    approvals: new Approvals(options.askBefore ?? DEFAULT_ASK_BEFORE, options.approvals ?? null, resumed ? resumed.events : []),
    scope,
  };
}

/** The resumed run's log as this session holds it: what was stored, then what resume recorded. */
function* priorEvents(session: Session, plan: ResumePlan): Iterable<EngineEvent> {
  yield* plan.events;
  for (const event of session.events) if (event.runId === plan.runId && event.seq > plan.lastSeq) yield event;
}

/** Files the agent had read or written count as read again: their content is the restored one. */
async function rememberSeenFiles(sandbox: Sandbox, versions: FileVersions, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const absolute = inWorkspace(sandbox, path);
    const content = await readFileOrNull(sandbox, absolute);
    if (content !== null) versions.remember(absolute, content);
  }
}
