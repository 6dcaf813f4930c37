import type { EventOf } from '../../protocol/events';
import type { Handoff, Role } from '../../protocol/handoffs';

/** orchestrator bookkeeping for the page: each role's turn (a role in a round), in the order the run took them. */

export interface RoleVisit {
  /** `${runId}:${seq}` of its role_started: also the id of its Timeline header. */
  id: string;
  role: Role;
  round: number;
  /** A coder round after the first: sent back by the review or by the engine's check (null otherwise). */
  fix: 'review' | 'check' | null;
  /** current: working; done: handed off; stopped: the run ended (or was cut off) before the handoff. */
  status: 'current' | 'done' | 'stopped';
  handoff: Handoff | null;
  startedAt: number;
  finishedAt: number | null;
}

export interface RolesState {
  /** The current run's role turns (empty outside orchestrator mode). */
  visits: readonly RoleVisit[];
  /** How many reviews the run allows (run_configured; null when it did not say, e.g. older logs). */
  maxReviewRounds: number | null;
}

export const initialRolesState: RolesState = { visits: [], maxReviewRounds: null };

export function configureRoles(state: RolesState, event: EventOf<'run_configured'>): RolesState {
  return event.maxReviewRounds === undefined ? state : { ...state, maxReviewRounds: event.maxReviewRounds };
}

export function startRole(state: RolesState, id: string, event: EventOf<'role_started'>): RolesState {
  const visit: RoleVisit = {
    id,
    role: event.role,
    round: event.round,
    fix: event.fix ?? null,
    status: 'current',
    handoff: null,
    startedAt: event.ts,
    finishedAt: null,
  };
  // A role still marked current (a log cut between a role's end and the next's start cannot leave one) ends here.
  return { ...state, visits: [...endCurrent(state.visits, 'stopped', event.ts), visit] };
}

export function finishRole(state: RolesState, event: EventOf<'role_finished'>): RolesState {
  const index = state.visits.findLastIndex((visit) => visit.role === event.role && visit.round === event.round);
  const visit = state.visits[index];
  if (!visit) return state;
  const visits = [...state.visits];
  visits[index] = { ...visit, status: 'done', handoff: event.handoff, finishedAt: event.ts };
  return { ...state, visits };
}

/** The run ended with a role at work: it stays in the strip and the Timeline as stopped. */
export function stopRoles(state: RolesState, at: number): RolesState {
  return state.visits.some((visit) => visit.status === 'current') ? { ...state, visits: endCurrent(state.visits, 'stopped', at) } : state;
}

/** A resumed run goes on in the role it was cut in (the engine starts no new role_started for it). */
export function resumeRoles(state: RolesState): RolesState {
  const last = state.visits.at(-1);
  if (!last || last.status !== 'stopped') return state;
  return { ...state, visits: [...state.visits.slice(0, -1), { ...last, status: 'current', finishedAt: null }] };
}

export function currentRole(state: RolesState): RoleVisit | null {
  const last = state.visits.at(-1);
  return last?.status === 'current' ? last : null;
}

function endCurrent(visits: readonly RoleVisit[], status: 'stopped', at: number): readonly RoleVisit[] {
  return visits.map((visit) => (visit.status === 'current' ? { ...visit, status, finishedAt: at } : visit));
}
