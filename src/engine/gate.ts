import { endSentence } from '../protocol/error-message';
import type { Emit, Phase } from '../protocol/events';
import { MAX_PATH_DEPTH } from '../protocol/path-depth';
import { nextPhase } from '../protocol/phases';
import type { UserCommandRules } from '../shell/user-rules-schema';
import { compileGlob } from '../tools/glob';
import type { PhaseStayKind } from '../tools/tool';
import { DEFAULT_DESTRUCTIVE_EFFECT, DEFAULT_PHASE_COMMAND_TIMEOUT_MS, type DestructiveEffect, type PhasePolicy, type Policy, toolAllowed } from './policy';
import { outsideSnapshots } from './snapshots';
import { type Damage, damagedCount, damageLimit, describeDamage } from './workspace-damage';

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

/**
 * What the gated sandbox checks after each command, judged by effect: in a phase without
 * writes, any change outside `mayChange`; under `not_destructive`, damage to more files
 * than `limits` allow (paths `skip` accepts are not counted) and shell state that changes
 * how later commands find directories or start.
 */
export type EffectWatch =
  { rule: 'no_writes'; mayChange: (path: string) => boolean } | { rule: 'not_destructive'; skip: (path: string) => boolean; limits: DestructiveEffect };

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
   * What to check after each command under the current rules; null when anything goes (no check).
   * The same watch (the same `skip`/`mayChange` functions) while the rules stay the same.
   */
  effectWatch(): EffectWatch | null;
  /**
   * How many times a phase boundary was tried: each try may have run commands or restored a
   * checkpoint on the sandbox, outside the gate, so what the gate last saw of the workspace is stale.
   */
  readonly boundaryTries: number;
  /** The engine ran a command outside the gate (its final check): what the gate last saw of the workspace is stale, as after a boundary try. */
  ranOutside(): void;
  /** A command changed the workspace where it may not (`changes` says how); the changes were undone. */
  refuseEffects(command: string, changes: string, notUndone?: readonly string[]): GateDecision;
  /**
   * The workspace holds folders deeper than the comparison reads (`paths`, at the limit), or, `outside`,
   * the file system outside it holds folders its walk did not read (past the depth or entry bound):
   * a command there cannot be checked, so it does not run.
   */
  refuseUncheckable(command: string, paths: readonly string[], where?: 'workspace' | 'outside'): GateDecision;
  /** A command damaged more of the workspace than `not_destructive` allows; its changes were undone. */
  refuseDamage(command: string, damage: Damage): GateDecision;
  /** A command left shell state (`state` names it) that changes how later commands resolve paths or start; it was reset. */
  refuseShellState(command: string, state: string): GateDecision;
  /** Ends the current call; returns the refusal raised during it, if any, and a note about an automatic phase change (or a failed try). */
  endCall(): Promise<{ refusal: Refusal | null; note: string | null }>;
  /** Moves to the next phase once its boundary lets it; says why not otherwise (the last phase, not phased, a failed validation). */
  advance(reason: string): Promise<PhaseMove>;
}

/** A phase change, or why the phase stayed. `note` says what the boundary checked (a validation that passed). */
export type PhaseMove = { ok: true; from: Phase; to: Phase; note: string | null } | PhaseStay;
/** `back`: the phase goes back there instead (verification's check failed: the work goes back to building to be fixed). */
export type PhaseStay = { ok: false; errorKind: PhaseStayKind; message: string; back?: { to: Phase; reason: string } };

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
  /** How many files one command may damage under `not_destructive` (the policy's `destructiveEffect`). */
  destructiveEffect?: DestructiveEffect;
}

const NO_READER: ScriptReader = async () => {
  throw new Error('workspace files cannot be read here');
};

/** The rules in force right now and how refusals are recorded: shared by the phased and the react gate. */
export abstract class RuleGate implements Gate {
  protected call: { id: string; tool: string; refusal: Refusal | null } | null = null;
  private compiledAllowWrites: { source: readonly string[]; test: (path: string) => boolean; notCounted: (path: string) => boolean } | null = null;
  protected tries = 0;

  constructor(protected readonly options: GateOptions) {}

  abstract readonly phase: Phase | null;
  protected abstract get rules(): PhasePolicy;

  get boundaryTries(): number {
    return this.tries;
  }
  ranOutside(): void {
    this.tries++;
  }
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

  effectWatch(): EffectWatch | null {
    const compiled = this.allowWrites();
    if (!this.rules.writes) return { rule: 'no_writes', mayChange: compiled.test };
    if (this.rules.shell !== 'not_destructive') return null;
    return { rule: 'not_destructive', skip: compiled.notCounted, limits: this.options.destructiveEffect ?? DEFAULT_DESTRUCTIVE_EFFECT };
  }

  refuseEffects(command: string, changes: string, notUndone: readonly string[] = []): GateDecision {
    const undone = notUndone.length === 0 ? 'the changes were undone' : `the changes were undone, but these could not be put back: ${listSome(notUndone)}`;
    return this.refuse('command', command, `the command changed the workspace, which is not allowed in ${this.where} (${changes}); ${undone}`);
  }

  refuseUncheckable(command: string, paths: readonly string[], where: 'workspace' | 'outside' = 'workspace'): GateDecision {
    const shown = listSome(paths.map((path) => `${path}/…`));
    if (where === 'outside') {
      const reason =
        `outside the workspace, the walk that compares the file system before and after each command could not read everything ` +
        `(${shown}: nested deeper than ${MAX_PATH_DEPTH} levels or past how many entries it reads); ` +
        `${this.where} checks what each command changes there too, and cannot vouch for what it did not read, so the command did not run`;
      const hint = 'Remove what was left outside the workspace (in /tmp or the home folder) in a phase that allows writes, then run the command again.';
      return this.refuse('command', command, reason, { hint });
    }
    const reason =
      `the workspace holds folders nested deeper than ${MAX_PATH_DEPTH} levels (${shown}); ` +
      `${this.where} checks what each command changes, and cannot below that depth, so the command did not run`;
    const hint = 'Move or remove what lies below that depth in a phase that allows writes, then run the command again.';
    return this.refuse('command', command, reason, { hint });
  }

  refuseDamage(command: string, damage: Damage): GateDecision {
    const limits = this.options.destructiveEffect ?? DEFAULT_DESTRUCTIVE_EFFECT;
    const limit = damageLimit(damage.files, limits);
    const reason =
      `the command ${describeDamage(damage)}: ${damagedCount(damage)} of the workspace's ${damage.files} files, ` +
      `where ${this.where} lets one command remove, empty or replace at most ${limit}; that is destructive, so every change it made was undone`;
    const hint =
      'Change files one by one with the edit tools, and remove or move only the few files the task needs. ' +
      'If the task really needs to delete or rewrite much of the workspace, ask the user first.';
    return this.refuse('command', command, reason, { hint, damage });
  }

  refuseShellState(command: string, state: string): GateDecision {
    const reason =
      `the command left ${state}, which changes how later commands resolve paths or start; ` +
      `that is not allowed in ${this.where}, so it was reset (the rest of what the command did stands)`;
    const hint = 'Give a command its directory or variables within the command itself (cd DIR && …, VAR=value command), with real paths.';
    return this.refuse('command', command, reason, { hint });
  }

  /** The policy's allowWrites globs as one test, and with what checkpoints leave out (installed packages, version control) as another. */
  private allowWrites(): { test: (path: string) => boolean; notCounted: (path: string) => boolean } {
    const globs = this.rules.allowWrites;
    if (this.compiledAllowWrites?.source !== globs) {
      const tests = globs.map(compileGlob);
      const test = (path: string) => tests.some((t) => t(path));
      this.compiledAllowWrites = { source: globs, test, notCounted: (path) => outsideSnapshots(path) || test(path) };
    }
    return this.compiledAllowWrites;
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

  private refuse(kind: Refusal['kind'], target: string | undefined, reason: string, extra: { hint?: string; damage?: Damage } = {}): GateDecision {
    const tool = this.call?.tool ?? 'unknown';
    const hint = extra.hint ?? this.rules.hint;
    const { damage } = extra;
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
      ...(damage
        ? {
            damage: {
              files: damage.files,
              removed: damage.removed.length,
              emptied: damage.emptied.length,
              replaced: damage.replaced.length,
              paths: damagedPaths(damage),
            },
          }
        : {}),
    });
    return { allowed: false, refusal };
  }
}

/** A few of the damaged paths, for the event: the log stays small whatever the command did. */
function damagedPaths(damage: Damage, shown = 10): string[] {
  return [...damage.removed, ...damage.emptied, ...damage.replaced].slice(0, shown);
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
    super({ ...options, destructiveEffect: policy.destructiveEffect });
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
    this.tries++;
    const crossing = this.boundary ? await this.boundary.cross({ from, to, auto, callId }) : { ok: true as const, note: null };
    if (!crossing.ok) {
      if (crossing.back) {
        this.current = crossing.back.to;
        this.stepsInPhase = 0;
        // The engine's move, not the model's.
        this.options.emit({ type: 'phase_changed', from, to: crossing.back.to, reason: crossing.back.reason, auto: true });
      }
      return crossing;
    }
    this.current = to;
    this.stepsInPhase = 0;
    // advance_phase's reason is what the model says, not what the engine saw.
    this.options.emit({ type: 'phase_changed', from, to, reason, auto, ...(auto ? {} : { claimed: true }) });
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

/**
 * One set of rules that never moves: react mode's, for the whole run (no phase), or an
 * orchestrator role's (the phase the role works as; the role ends by handing off, not by advancing).
 */
export class FixedGate extends RuleGate {
  constructor(
    readonly phase: Phase | null,
    private readonly fixed: PhasePolicy,
    options: GateOptions,
    /** What advance_phase answers. */
    private readonly noAdvance = 'This run has no phases.',
  ) {
    super(options);
  }

  protected get rules(): PhasePolicy {
    return this.fixed;
  }

  async advance(): Promise<PhaseMove> {
    return { ok: false, errorKind: 'final_phase', message: this.noAdvance };
  }
}

/** "a, b, c and 2 more". */
function listSome(items: readonly string[], shown = 3): string {
  return `${items.slice(0, shown).join(', ')}${items.length > shown ? ` and ${items.length - shown} more` : ''}`;
}
