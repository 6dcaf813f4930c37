import { type Phase, PhaseSchema } from './events';

export { type Phase, PhaseSchema };

/** plan_exec phases in order; a run only moves forward. */
export const PHASES: readonly Phase[] = PhaseSchema.options;

export function nextPhase(phase: Phase): Phase | null {
  return PHASES[PHASES.indexOf(phase) + 1] ?? null;
}
