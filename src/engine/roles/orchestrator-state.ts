import type { EngineEvent, EventOf } from '../../protocol/events';
import type { PlanHandoff, ReviewHandoff, Role, WorkHandoff } from '../../protocol/handoffs';

/** Where an orchestrator run stands, as its log says: the handoffs so far and the role under way. */
export interface OrchestratorState {
  plan: PlanHandoff | null;
  /** The last coder's work. */
  work: WorkHandoff | null;
  /** The last review and the round it reviewed. */
  review: { review: ReviewHandoff; round: number } | null;
  /** The last coder round started (0 before the first). */
  round: number;
  /** A role started and not finished: a resumed run goes on in it. */
  current: EventOf<'role_started'> | null;
  /** The last role that finished, and whether its coder round was one the engine's check sent back. */
  last: { role: Role; round: number; fix: 'review' | 'check' | null } | null;
}

/** The fold of an orchestrator run's log. */
export function orchestratorState(events: readonly EngineEvent[]): OrchestratorState {
  const state: OrchestratorState = { plan: null, work: null, review: null, round: 0, current: null, last: null };
  for (const event of events) {
    if (event.type === 'role_started') {
      state.current = event;
      if (event.role === 'coder') state.round = event.round;
    } else if (event.type === 'role_finished') {
      const fix = state.current?.role === event.role ? (state.current.fix ?? null) : null;
      state.current = null;
      state.last = { role: event.role, round: event.round, fix };
      const { handoff } = event;
      if (handoff.kind === 'plan') state.plan = handoff.plan;
      else if (handoff.kind === 'work') state.work = handoff.work;
      else state.review = { review: handoff.review, round: event.round };
    }
  }
  return state;
}

/** What an orchestrator run does next. */
export type OrchestratorStep =
  { kind: 'resume'; started: EventOf<'role_started'> } | { kind: 'start'; role: Role; round: number; fix?: 'review' } | { kind: 'check' };

/**
 * The next step after the log so far: the planner first; the coder after the plan and after a review
 * that asks for changes while reviews remain (`maxReviewRounds` reviews in all); the reviewer after
 * each coder round the review did not send back already; the engine's check once the review
 * approves, the reviews run out, or a round the check sent back is done.
 */
export function nextStep(state: OrchestratorState, maxReviewRounds: number): OrchestratorStep {
  if (state.current) return { kind: 'resume', started: state.current };
  const { last } = state;
  if (last === null) return { kind: 'start', role: 'planner', round: 1 };
  switch (last.role) {
    case 'planner':
      return { kind: 'start', role: 'coder', round: 1 };
    case 'coder':
      if (last.fix === 'check' || last.round > maxReviewRounds) return { kind: 'check' };
      return { kind: 'start', role: 'reviewer', round: last.round };
    case 'reviewer': {
      const review = state.review?.review;
      if (review?.verdict === 'changes_requested' && last.round < maxReviewRounds)
        return { kind: 'start', role: 'coder', round: last.round + 1, fix: 'review' };
      return { kind: 'check' };
    }
  }
}
