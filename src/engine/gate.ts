import { endSentence } from '../protocol/error-message';
import type { Emit, Phase } from '../protocol/events';
import { nextPhase } from '../protocol/phases';
import type { UserCommandRules } from '../shell/user-rules-schema';
import { compileGlob } from '../tools/glob';
import type { PhaseStayKind } from '../tools/tool';
import { DEFAULT_PHASE_COMMAND_TIMEOUT_MS, type PhasePolicy, type Policy, toolAllowed } from './policy';

/** Why the gate said no, in the shape the model gets back. `phase` is null outside plan_exec. */
export interface Refusal {
  error: 'phase_violation';
  tool: string;
  phase: Phase | null;
  kind: 'tool' | 'command' | 'write';
  target?: string;
  reason: string;
  hint: string;
}

/** Thrown by the gated sandbox so the refused operation never runs. */
export class PhaseViolationError extends Error {
  constructor(readonly refusal: Refusal) {
    super(`${endSentence(refusal.reason)} ${refusal.hint}`);
    this.name = 'PhaseViolationError';
  }
}

export interface GateDecision {
  allowed: boolean;
  refusal?: Refusal;
}

/** Reads a workspace file for the command judge (scripts run by name); null when it does not exist. */
export type ScriptReader = (absolutePath: string) => Promise<string | null>;

/**
 * The one enforcement point: every tool call, command and write is checked here
 * before it reaches the sandbox. plan_exec holds each phase to its policy; react
 * mode refuses destructive commands unless the user allowed them.
 */
export interface Gate {
  /** The current phase, or null when the run is not phased. */
  readonly phase: Phase | null;
  beginCall(callId: string, tool: string): GateDecision;
  /** `cwd` is where the command would run, so relative paths are judged against it. */
  checkCommand(command: string, cwd?: string): Promise<GateDecision>;
  checkWrite(path: string): GateDecision;
  /**
   * When the current phase forbids writes: a test for the workspace-relative paths a
   * command may still change (caches). Null when writes are allowed: nothing to watch.
   */
  watchedEffects(): ((path: string) => boolean) | null;
  /** A command changed the workspace where it may not (`changes` says how); the changes were undone. */
  refuseEffects(command: string, changes: string): GateDecision;
  /** Ends the current call; returns the refusal raised during it, if any, and a note about an automatic phase change (or a failed try). */
  endCall(): Promise<{ refusal: Refusal | null; note: string | null }>;
  /** Moves to the next phase once its boundary lets it; says why not otherwise (the last phase, not phased, a failed validation). */
  advance(reason: string): Promise<PhaseMove>;
}

/** A phase change, or why the phase stayed. `note` says what the boundary checked (a validation that passed). */
export type PhaseMove = { ok: true; from: Phase; to: Phase; note: string | null } | PhaseStay;
export type PhaseStay = { ok: false; errorKind: PhaseStayKind; message: string };

/**
 * What must hold before the phase moves from `from` to `to`: the phase's validation, and the
 * checkpoint the next phase starts from (phase-boundary.ts). Runs while the call `callId` is under way;
 * `auto` when the move is the policy's auto-advance rather than the model's advance_phase.
 */
export interface PhaseBoundary {
  cross(crossing: { from: Phase; to: Phase; auto: boolean; callId: string | null }): Promise<{ ok: true; note: string | null } | PhaseStay>;
}

export interface GateOptions {
  emit: Emit;
  /** Workspace root: paths outside it make a command destructive. */
  workdir: string;
  /** Lets the judge read scripts a command runs by name; without it such scripts cannot be judged. */
  readScript?: ScriptReader;
  /** The user's own command rules (the policy's `commands`), applied whatever the phase. */
  userRules?: UserCommandRules;
}

const NO_READER: ScriptReader = async () => {
  throw new Error('workspace files cannot be read here');
};

/** The rules in force right now and how refusals are recorded: shared by the phased and the react gate. */
abstract class RuleGate implements Gate {
  protected call: { id: string; tool: string; refusal: Refusal | null } | null = null;
  private compiledAllowWrites: { source: readonly string[]; test: (path: string) => boolean } | null = null;

  constructor(protected readonly options: GateOptions) {}

  abstract readonly phase: Phase | null;
  protected abstract get rules(): PhasePolicy;
  abstract advance(reason: string): Promise<PhaseMove>;
  /** Called when a call ends (`callId`): a gate that counts steps may move on. */
  protected async afterCall(_callId: string | null): Promise<string | null> {
    return null;
  }

  beginCall(callId: string, tool: string): GateDecision {
    this.call = { id: callId, tool, refusal: null };
    if (toolAllowed(this.rules, tool)) return { allowed: true };
    return this.refuse('tool', undefined, `${tool} is not allowed in ${this.where}`);
  }

  async checkCommand(command: string, cwd?: string): Promise<GateDecision> {
    // The classifier brings just-bash's parser: loaded with the first gated command, not with the worker.
    const { checkCommandWithFiles } = await import('../shell/classify-with-files');
    const { workdir, userRules, readScript } = this.options;
    const options = { workdir, ...(cwd ? { cwd } : {}), ...(userRules ? { userRules } : {}) };
    const verdict = await checkCommandWithFiles(command, this.rules.shell, options, readScript ?? NO_READER);
    if (verdict.allowed) return { allowed: true };
    return this.refuse('command', command, `the command is not allowed in ${this.where}: ${verdict.reason}`);
  }

  checkWrite(path: string): GateDecision {
    if (this.rules.writes) return { allowed: true };
    return this.refuse('write', path, `writing files is not allowed in ${this.where}`);
  }

  watchedEffects(): ((path: string) => boolean) | null {
    if (this.rules.writes) return null;
    const globs = this.rules.allowWrites;
    if (this.compiledAllowWrites?.source !== globs) {
      const tests = globs.map(compileGlob);
      this.compiledAllowWrites = { source: globs, test: (path) => tests.some((test) => test(path)) };
    }
    return this.compiledAllowWrites.test;
  }

  refuseEffects(command: string, changes: string): GateDecision {
    return this.refuse('command', command, `the command changed the workspace, which is not allowed in ${this.where} (${changes}); the changes were undone`);
  }

  async endCall(): Promise<{ refusal: Refusal | null; note: string | null }> {
    const refusal = this.call?.refusal ?? null;
    const callId = this.call?.id ?? null;
    this.call = null;
    return { refusal, note: await this.afterCall(callId) };
  }

  /** "the planning phase", or "react mode". */
  private get where(): string {
    return this.phase === null ? 'react mode' : `the ${this.phase} phase`;
  }

  private refuse(kind: Refusal['kind'], target: string | undefined, reason: string): GateDecision {
    const tool = this.call?.tool ?? 'unknown';
    const { hint } = this.rules;
    const refusal: Refusal = { error: 'phase_violation', tool, phase: this.phase, kind, ...(target !== undefined ? { target } : {}), reason, hint };
    if (this.call && this.call.refusal === null) this.call.refusal = refusal;
    this.options.emit({
      type: 'phase_violation',
      callId: this.call?.id ?? '',
      tool,
      phase: this.phase,
      kind,
      ...(target !== undefined ? { target } : {}),
      reason,
      hint,
    });
    return { allowed: false, refusal };
  }
}

/** plan_exec: each phase is held to its policy, and the run moves forward through the phases. */
export class PhaseGate extends RuleGate {
  private current: Phase;
  private stepsInPhase = 0;
  /** Checked before each move: validation and checkpoint. Without one the phase just moves. */
  private boundary: PhaseBoundary | null = null;

  constructor(
    private readonly policy: Policy,
    options: GateOptions,
  ) {
    super(options);
    this.current = policy.startPhase;
  }

  get phase(): Phase {
    return this.current;
  }

  /** Announces the start phase; the session log then always knows the phase. */
  start(): void {
    this.options.emit({ type: 'phase_changed', from: null, to: this.current, reason: 'run started', auto: false });
  }

  /** What each move must pass first (set once, before the run's first call). */
  setBoundary(boundary: PhaseBoundary): void {
    this.boundary = boundary;
  }

  /** Goes on in a phase a resumed run was in, after `steps` calls there (no event: the log already says so). */
  resumeAt(phase: Phase, steps: number): void {
    this.current = phase;
    this.stepsInPhase = steps;
  }

  override beginCall(callId: string, tool: string): GateDecision {
    this.stepsInPhase++;
    return super.beginCall(callId, tool);
  }

  advance(reason: string): Promise<PhaseMove> {
    return this.move(reason, false, this.call?.id ?? null);
  }

  protected get rules(): PhasePolicy {
    return this.policy.phases[this.current];
  }

  protected override async afterCall(callId: string | null): Promise<string | null> {
    const limit = this.rules.autoAdvanceAfter;
    if (limit === null || this.stepsInPhase < limit) return null;
    const moved = await this.move(`${limit} steps in the phase`, true, callId);
    if (moved.ok) return `The phase advanced automatically from ${moved.from} to ${moved.to} after ${limit} steps${moved.note ? ` (${moved.note})` : ''}.`;
    if (moved.errorKind === 'final_phase') return null;
    // Tried again after as many steps more.
    this.stepsInPhase = 0;
    return `The phase did not advance automatically after ${limit} steps: ${moved.message}`;
  }

  private async move(reason: string, auto: boolean, callId: string | null): Promise<PhaseMove> {
    const from = this.current;
    const to = nextPhase(from);
    if (to === null) return { ok: false, errorKind: 'final_phase', message: `${from} is the final phase.` };
    const crossing = this.boundary ? await this.boundary.cross({ from, to, auto, callId }) : { ok: true as const, note: null };
    if (!crossing.ok) return crossing;
    this.current = to;
    this.stepsInPhase = 0;
    this.options.emit({ type: 'phase_changed', from, to, reason, auto });
    return { ok: true, from, to, note: crossing.note };
  }
}

/** The rules of a react-mode run: every tool and write, commands judged like building's unless destructive ones are allowed. */
export function reactRules(allowDestructive: boolean): PhasePolicy {
  return {
    tools: ['*'],
    shell: allowDestructive ? 'any' : 'not_destructive',
    writes: true,
    autoAdvanceAfter: null,
    allowWrites: [],
    validate: null,
    validateTimeoutMs: DEFAULT_PHASE_COMMAND_TIMEOUT_MS,
    rollback: null,
    rollbackTimeoutMs: DEFAULT_PHASE_COMMAND_TIMEOUT_MS,
    hint: allowDestructive
      ? 'Commands are allowed.'
      : 'Destructive commands (deleting or overwriting the workspace, wiping history, anything that cannot be judged) are refused; ' +
        'do it another way, or ask the user to turn on "Allow destructive commands" in Settings.',
  };
}

/** react mode: no phases; one set of rules for the whole run. */
export class GuardGate extends RuleGate {
  readonly phase = null;

  constructor(
    private readonly fixed: PhasePolicy,
    options: GateOptions,
  ) {
    super(options);
  }

  protected get rules(): PhasePolicy {
    return this.fixed;
  }

  async advance(): Promise<PhaseMove> {
    return { ok: false, errorKind: 'final_phase', message: 'This run has no phases.' };
  }
}
