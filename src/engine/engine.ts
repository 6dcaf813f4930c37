import type { Model } from '../model/port';
import { messageOf } from '../protocol/error-message';
import type { Emit, EventPayload, RunStatus } from '../protocol/events';
import type { Mode } from '../protocol/settings';
import type { Sandbox } from '../sandbox/port';
import { FileVersions } from '../tools/file-versions';
import { ALL_TOOLS, KNOWN_TOOL_NAMES, PLAN_EXEC_TOOLS, toolSpecs } from '../tools/registry';
import type { PhaseControl } from '../tools/tool';
import { type Gate, type GateOptions, GuardGate, PhaseGate, reactRules } from './gate';
import { GatedSandbox } from './gated-sandbox';
import { type LoopOutcome, runReactLoop } from './loop';
import { buildPhaseLayer, describePhase } from './phase-prompt';
import { type Policy, resolvePolicy } from './policy';
import { buildSystemPrompt, buildTaskMessage, loadProjectInstructions } from './prompt';
import type { RunContext } from './run-context';
import { Session } from './session';

export interface RunOptions {
  task: string;
  mode: Mode;
  model: Model;
  maxIterations: number;
  /** Overrides merged onto the default policy: `phases` in plan_exec, `commands` (the user's rules) in both modes. */
  policy?: unknown;
  /** Values that must never appear in the log (API keys). */
  secrets?: string[];
  /** create_file and edit_file refuse writes that add syntax errors (supported languages only). */
  refuseSyntaxErrors?: boolean;
  /** react mode: let destructive commands through (by default they are refused as in building). */
  allowDestructive?: boolean;
}

export interface RunSummary {
  runId: string;
  status: Exclude<RunStatus, 'idle' | 'running'>;
}

/**
 * One engine per page (or CLI process): a session log, a sandbox, the tools,
 * and at most one run at a time. The worker and the CLI both drive this class.
 */
export class Engine {
  readonly session: Session;
  private sandbox: Sandbox;
  private current: AbortController | null = null;
  private runCounter = 0;

  constructor(options: { sandbox: Sandbox; session?: Session }) {
    this.sandbox = options.sandbox;
    this.session = options.session ?? new Session();
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
    if (this.current) throw new Error('a run is already in progress; stop it first');
    const controller = new AbortController();
    this.current = controller;
    const runId = `run-${Date.now().toString(36)}-${++this.runCounter}`;
    const emit = (payload: EventPayload) => this.session.record(runId, payload);
    for (const secret of options.secrets ?? []) this.session.registerSecret(secret);
    try {
      emit({
        type: 'run_started',
        task: options.task,
        mode: options.mode,
        model: options.model.info,
        sandbox: this.sandbox.info,
        maxIterations: options.maxIterations,
      });
      const outcome = await this.execute(options, emit, controller.signal);
      emit({ type: 'run_finished', ...finishedFields(outcome) });
      return { runId, status: outcome.status };
    } catch (error) {
      // Only a bug gets here; the run still ends with a structured event.
      const message = messageOf(error);
      emit({ type: 'run_finished', status: 'failed', errorCode: 'internal_error', reason: `Internal error: ${message}`, iterations: 0 });
      return { runId, status: 'failed' };
    } finally {
      this.current = null;
    }
  }

  /** What the command judge reads to judge a script run by name: the file as it is in the sandbox now. */
  private async readScript(path: string): Promise<string | null> {
    const stat = await this.sandbox.stat(path).catch(() => null);
    if (stat?.type !== 'file') return null;
    return this.sandbox.readFile(path);
  }

  private async execute(options: RunOptions, emit: Emit, signal: AbortSignal): Promise<LoopOutcome> {
    if (options.task.trim() === '') return { status: 'failed', errorCode: 'empty_task', reason: 'The task is empty.', iterations: 0 };
    const resolved = resolvePolicy(options.policy, KNOWN_TOOL_NAMES);
    if (!resolved.ok) return { status: 'failed', errorCode: 'invalid_policy', reason: `The policy is invalid: ${resolved.error}`, iterations: 0 };
    return runReactLoop(await this.createRunContext(options, resolved.policy, emit, signal));
  }

  /** The run's one context: its gate (phased in plan_exec), prompts and tools, and what the tools share. */
  private async createRunContext(options: RunOptions, policy: Policy, emit: Emit, signal: AbortSignal): Promise<RunContext> {
    const gateOptions: GateOptions = {
      emit,
      workdir: this.sandbox.workdir,
      readScript: (path) => this.readScript(path),
      userRules: policy.commands,
    };
    let gate: Gate = new GuardGate(reactRules(options.allowDestructive === true), gateOptions);
    let phases: PhaseControl | null = null;
    let phaseLayer: string | null = null;
    if (options.mode === 'plan_exec') {
      const phaseGate = new PhaseGate(policy, gateOptions);
      phaseGate.start();
      gate = phaseGate;
      phases = phaseControl(phaseGate, policy);
      phaseLayer = buildPhaseLayer(policy);
    }
    const project = await loadProjectInstructions(this.sandbox).catch(() => null);
    if (project) emit({ type: 'notice', level: 'info', message: `Using project instructions from ${project.file}.` });
    const tools = options.mode === 'plan_exec' ? PLAN_EXEC_TOOLS : ALL_TOOLS;
    const base = buildSystemPrompt({ sandboxKind: this.sandbox.info.kind, workdir: this.sandbox.workdir, project });
    return {
      model: options.model,
      tools,
      toolSpecs: toolSpecs(tools),
      gate,
      systemPrompt: phaseLayer ? `${base}\n\n${phaseLayer}` : base,
      taskMessage: buildTaskMessage(options.task),
      maxIterations: options.maxIterations,
      scope: {
        sandbox: new GatedSandbox(this.sandbox, gate),
        emit,
        signal,
        phases,
        fileVersions: new FileVersions(),
        refuseSyntaxErrors: options.refuseSyntaxErrors === true,
      },
    };
  }
}

function phaseControl(gate: PhaseGate, policy: Policy): PhaseControl {
  return {
    advance(reason) {
      const moved = gate.advance(reason);
      if (!moved) return { ok: false, message: `Already at the final phase (${gate.phase}); finish with a summary.` };
      return { ok: true, message: `Moved from ${moved.from} to ${moved.to}. Now allowed in ${describePhase(policy, moved.to)}` };
    },
  };
}

function finishedFields(outcome: LoopOutcome): Omit<EventPayload<'run_finished'>, 'type'> {
  switch (outcome.status) {
    case 'completed':
      return { status: 'completed', summary: outcome.summary, iterations: outcome.iterations };
    case 'failed':
      return { status: 'failed', errorCode: outcome.errorCode, reason: outcome.reason, iterations: outcome.iterations };
    case 'cancelled':
      return { status: 'cancelled', reason: outcome.reason, iterations: outcome.iterations };
  }
}
