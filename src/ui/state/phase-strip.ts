import { type Phase, PhaseSchema } from '../../protocol/events';
import type { Role } from '../../protocol/handoffs';
import type { Mode } from '../../protocol/settings';
import type { UiState } from './reducer';
import { currentRole, type RoleVisit } from './roles';

/** What the header's Phase strip shows; derived from the reduced log only, so a replay shows the same. */

export type StepStatus = 'done' | 'current' | 'upcoming' | 'skipped';

export interface PhaseStep {
  phase: Phase;
  status: StepStatus;
  /** How long the phase lasted, once the run left it. */
  durationMs: number | null;
}

/** An orchestrator role as the strip shows it: the coder and the reviewer with the round they are on (or were last on). */
export interface RoleStep {
  role: Role;
  /** "Planner", "Coder (round 2)", "Reviewer (round 1)". */
  label: string;
  status: StepStatus;
  /** How long its latest turn lasted, once it handed off. */
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
  /** orchestrator mode: Planner, Coder and Reviewer (empty in the other modes). */
  roles: RoleStep[];
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

  const active = (mode === 'plan_exec' && current !== null) || (mode === 'orchestrator' && state.roles.visits.length > 0);
  return { text: statusText(state, mode), active, mode, steps, roles: mode === 'orchestrator' ? roleSteps(state) : [] };
}

const ROLE_NAMES: Record<Role, string> = { planner: 'Planner', coder: 'Coder', reviewer: 'Reviewer' };

/**
 * Planner, Coder and Reviewer, each done, current or upcoming: the coder and the reviewer name the
 * round they are on, or the next one (a review that sent the work back leaves the reviewer upcoming
 * for the coder's new round). The reviewer is skipped when the run allows no review.
 */
function roleSteps(state: UiState): RoleStep[] {
  const { visits, maxReviewRounds } = state.roles;
  const latest = (role: Role): RoleVisit | undefined => visits.findLast((visit) => visit.role === role);
  const coder = latest('coder');
  const coderRound = coder?.round ?? 1;
  return (['planner', 'coder', 'reviewer'] as const).map((role): RoleStep => {
    const visit = latest(role);
    // The reviewer reviews the coder's round: behind it, its step is upcoming again for that round
    // (not after a round the engine's check sent back: the check, not a review, follows it).
    const behind = role === 'reviewer' && visit !== undefined && visit.round < coderRound && coder?.fix !== 'check';
    const round = role === 'planner' ? null : role === 'coder' ? coderRound : behind || visit === undefined ? coderRound : visit.round;
    let status: StepStatus = 'upcoming';
    if (visit && !behind) status = visit.status === 'current' ? 'current' : 'done';
    else if (role === 'reviewer' && maxReviewRounds === 0) status = 'skipped';
    const durationMs = visit && !behind && visit.finishedAt !== null ? Math.max(0, visit.finishedAt - visit.startedAt) : null;
    return { role, label: round === null ? ROLE_NAMES[role] : `${ROLE_NAMES[role]} (round ${round})`, status, durationMs };
  });
}

/** "coder (round 2)": what the status text and the Timeline's headers call a role's turn. */
export function roleTurnText(role: Role, round: number): string {
  return role === 'planner' ? role : `${role} (round ${round})`;
}

function statusText(state: UiState, mode: Mode): string {
  if (mode === 'react') return 'Mode: ReAct — no phases';
  if (mode === 'orchestrator') return orchestratorText(state);
  if (state.phase.current !== null) return `Phase: ${state.phase.current}`;
  return state.run === null ? 'Phase: none — not started' : 'Phase: none — starting';
}

function orchestratorText(state: UiState): string {
  const role = currentRole(state.roles);
  if (role) return `Role: ${roleTurnText(role.role, role.round)}`;
  if (state.run === null) return 'Role: none — not started (planner, coder, reviewer)';
  const last = state.roles.visits.at(-1);
  if (state.status === 'running' || state.status === 'waiting') {
    // Between two roles, or the engine's check after the last one.
    return last ? `Role: none — after the ${roleTurnText(last.role, last.round)}` : 'Role: none — starting';
  }
  return last ? `Role: none — the run ended after the ${roleTurnText(last.role, last.round)}` : 'Role: none — the run ended';
}
