import { type Phase, PhaseSchema } from '../../protocol/events';
import type { Mode } from '../../protocol/settings';
import type { UiState } from './reducer';

/** What the header's Phase strip shows; derived from the reduced log only, so a replay shows the same. */

export type StepStatus = 'done' | 'current' | 'upcoming' | 'skipped';

export interface PhaseStep {
  phase: Phase;
  status: StepStatus;
  /** How long the phase lasted, once the run left it. */
  durationMs: number | null;
}

export interface PhaseStrip {
  /** The status text: always names the current phase, or says why there is none. */
  text: string;
  /** False when no phases apply (react mode, nothing started). */
  active: boolean;
  /** The run's mode (Settings' before the first run): react mode shows a label, no strip. */
  mode: Mode;
  steps: PhaseStep[];
}

export const PHASE_ORDER: readonly Phase[] = PhaseSchema.options;

/** `nextMode` is the mode Settings will use: it only matters before the first run. */
export function phaseStrip(state: UiState, nextMode: Mode): PhaseStrip {
  const mode = state.run?.mode ?? nextMode;
  const { current, history } = state.phase;
  const currentIndex = current === null ? -1 : PHASE_ORDER.indexOf(current);

  const steps = PHASE_ORDER.map((phase, index): PhaseStep => {
    const visit = history.findIndex((v) => v.phase === phase);
    const next = visit >= 0 ? history[visit + 1] : undefined;
    const entered = history[visit];
    const durationMs = entered && next ? Math.max(0, next.enteredAt - entered.enteredAt) : null;
    let status: StepStatus = 'upcoming';
    if (phase === current) status = 'current';
    else if (visit >= 0) status = 'done';
    else if (index < currentIndex) status = 'skipped';
    return { phase, status, durationMs };
  });

  return { text: statusText(state, mode), active: mode === 'plan_exec' && current !== null, mode, steps };
}

function statusText(state: UiState, mode: Mode): string {
  if (mode === 'react') return 'Mode: ReAct — no phases';
  if (mode === 'orchestrator') return 'Mode: Orchestrator — planner, coder, reviewer';
  if (state.phase.current !== null) return `Phase: ${state.phase.current}`;
  return state.run === null ? 'Phase: none — not started' : 'Phase: none — starting';
}
