import type { Emit, Phase } from './events';
import { nextPhase } from './phases';
import { toolAllowed, type Policy } from './policy';

/** Why the gate said no, in the shape the model gets back. */
export interface Refusal {
  error: 'phase_violation';
  tool: string;
  phase: Phase;
  kind: 'tool' | 'command' | 'write';
  target?: string;
  reason: string;
  hint: string;
}

/** Thrown by the gated sandbox so the refused operation never runs. */
export class PhaseViolationError extends Error {
  constructor(readonly refusal: Refusal) {
    super(`${refusal.reason}. ${refusal.hint}`);
    this.name = 'PhaseViolationError';
  }
}

export interface GateDecision {
  allowed: boolean;
  refusal?: Refusal;
}

/**
 * The one enforcement point for plan_exec: every tool call, command and write is
 * checked here before it reaches the sandbox. In react mode the gate is open.
 */
export interface Gate {
  /** The current phase, or null when the run is not gated. */
  readonly phase: Phase | null;
  beginCall(callId: string, tool: string): GateDecision;
  /** `cwd` is where the command would run, so relative paths are judged against it. */
  checkCommand(command: string, cwd?: string): Promise<GateDecision>;
  checkWrite(path: string): GateDecision;
  /** Ends the current call; returns the refusal raised during it, if any, and a note about an automatic phase change. */
  endCall(): { refusal: Refusal | null; note: string | null };
  /** Moves to the next phase; null when already at the last one. */
  advance(reason: string): { from: Phase; to: Phase } | null;
}

export const OPEN_GATE: Gate = {
  phase: null,
  beginCall: () => ({ allowed: true }),
  checkCommand: async () => ({ allowed: true }),
  checkWrite: () => ({ allowed: true }),
  endCall: () => ({ refusal: null, note: null }),
  advance: () => null,
};

export class PhaseGate implements Gate {
  private current: Phase;
  private stepsInPhase = 0;
  private call: { id: string; tool: string; refusal: Refusal | null } | null = null;

  constructor(
    private readonly policy: Policy,
    private readonly emit: Emit,
    /** Workspace root: paths outside it make a command destructive. */
    private readonly workdir: string,
  ) {
    this.current = policy.startPhase;
  }

  get phase(): Phase {
    return this.current;
  }

  /** Announces the start phase; the session log then always knows the phase. */
  start(): void {
    this.emit({ type: 'phase_changed', from: null, to: this.current, reason: 'run started', auto: false });
  }

  beginCall(callId: string, tool: string): GateDecision {
    this.call = { id: callId, tool, refusal: null };
    this.stepsInPhase++;
    if (toolAllowed(this.rules, tool)) return { allowed: true };
    return this.refuse('tool', undefined, `${tool} is not allowed in the ${this.current} phase`);
  }

  async checkCommand(command: string, cwd?: string): Promise<GateDecision> {
    // The classifier brings just-bash's parser: loaded with the first gated command, not with the worker.
    const { checkCommand } = await import('../shell/check-command');
    const verdict = checkCommand(command, this.rules.shell, { workdir: this.workdir, ...(cwd ? { cwd } : {}) });
    if (verdict.allowed) return { allowed: true };
    return this.refuse('command', command, `the command is not allowed in the ${this.current} phase: ${verdict.reason}`);
  }

  checkWrite(path: string): GateDecision {
    if (this.rules.writes) return { allowed: true };
    return this.refuse('write', path, `writing files is not allowed in the ${this.current} phase`);
  }

  endCall(): { refusal: Refusal | null; note: string | null } {
    const refusal = this.call?.refusal ?? null;
    this.call = null;
    const limit = this.rules.autoAdvanceAfter;
    if (limit === null || this.stepsInPhase < limit) return { refusal, note: null };
    const moved = this.move(`${limit} steps in the phase`, true);
    return { refusal, note: moved ? `The phase advanced automatically from ${moved.from} to ${moved.to} after ${limit} steps.` : null };
  }

  advance(reason: string): { from: Phase; to: Phase } | null {
    return this.move(reason, false);
  }

  private get rules() {
    return this.policy.phases[this.current];
  }

  private move(reason: string, auto: boolean): { from: Phase; to: Phase } | null {
    const to = nextPhase(this.current);
    if (to === null) return null;
    const from = this.current;
    this.current = to;
    this.stepsInPhase = 0;
    this.emit({ type: 'phase_changed', from, to, reason, auto });
    return { from, to };
  }

  private refuse(kind: Refusal['kind'], target: string | undefined, reason: string): GateDecision {
    const tool = this.call?.tool ?? 'unknown';
    const refusal: Refusal = { error: 'phase_violation', tool, phase: this.current, kind, ...(target !== undefined ? { target } : {}), reason, hint: this.rules.hint };
    if (this.call && this.call.refusal === null) this.call.refusal = refusal;
    this.emit({ type: 'phase_violation', callId: this.call?.id ?? '', tool, phase: this.current, kind, ...(target !== undefined ? { target } : {}), reason, hint: refusal.hint });
    return { allowed: false, refusal };
  }
}
