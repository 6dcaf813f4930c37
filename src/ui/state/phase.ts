import type { EventOf, Phase } from '../../protocol/events';

/** plan_exec bookkeeping for the page: where the run is, where it has been, what the gate refused. */

export interface PhaseVisit {
  phase: Phase;
  /** Event timestamp (ms since the epoch) of the phase_changed that entered it. */
  enteredAt: number;
  reason: string;
  auto: boolean;
}

export interface ViolationView {
  /** `${runId}:${seq}`: unique per event, so one toast per refusal. */
  id: string;
  callId: string;
  tool: string;
  /** Null for a refusal in react mode. */
  phase: Phase | null;
  kind: 'tool' | 'command' | 'write';
  target: string | null;
  reason: string;
  hint: string;
  at: number;
}

export interface PhaseState {
  /** Null in react mode and before a plan_exec run announced its first phase. */
  current: Phase | null;
  history: readonly PhaseVisit[];
  violations: readonly ViolationView[];
}

export const initialPhaseState: PhaseState = { current: null, history: [], violations: [] };

export function enterPhase(state: PhaseState, event: EventOf<'phase_changed'>): PhaseState {
  const visit: PhaseVisit = { phase: event.to, enteredAt: event.ts, reason: event.reason, auto: event.auto };
  return { ...state, current: event.to, history: [...state.history, visit] };
}

export function recordViolation(state: PhaseState, id: string, event: EventOf<'phase_violation'>): PhaseState {
  const violation: ViolationView = {
    id,
    callId: event.callId,
    tool: event.tool,
    phase: event.phase,
    kind: event.kind,
    target: event.target ?? null,
    reason: event.reason,
    hint: event.hint,
    at: event.ts,
  };
  return { ...state, violations: [...state.violations, violation] };
}

export function lastViolation(state: PhaseState): ViolationView | null {
  return state.violations.at(-1) ?? null;
}
