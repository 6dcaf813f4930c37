import { nextPhase, type Phase, PHASES } from '../protocol/phases';
import type { Gate } from './gate';
import { FINISHED_BEFORE_FINAL_PHASE, renderTemplate } from './prompts';

/** Final answers before the final phase that are refused (the model is told to go on); the next one ends the run. */
export const EARLY_FINAL_ANSWERS_REFUSED = 2;

const FINAL_PHASE: Phase = PHASES.at(-1) ?? 'delivery';

export type EarlyAnswerVerdict =
  { kind: 'accept' } | { kind: 'refuse'; text: string } | { kind: 'fail'; errorCode: 'phase_incomplete'; cause: string; reason: string };

/**
 * A plan_exec run is done only in its final phase: a final answer given earlier (building whose
 * validation keeps failing, say) would end the run "completed" with the work never validated. It is
 * refused with a `phase_not_final` message, twice; the next one, or one with no step left to go on,
 * ends the run as failed with `phase_incomplete`. A run without phases accepts every final answer.
 */
export class FinalPhaseCheck {
  private refused = 0;

  constructor(private readonly gate: Pick<Gate, 'phase'>) {}

  judge(stepsLeft: boolean): EarlyAnswerVerdict {
    const phase = this.gate.phase;
    if (phase === null || nextPhase(phase) === null) return { kind: 'accept' };
    if (stepsLeft && this.refused < EARLY_FINAL_ANSWERS_REFUSED) {
      this.refused++;
      return { kind: 'refuse', text: renderTemplate(FINISHED_BEFORE_FINAL_PHASE, { phase, final: FINAL_PHASE }) };
    }
    const told = this.refused === 0 ? '' : ` after being told ${this.refused === 1 ? 'once' : `${this.refused} times`} to go on`;
    return {
      kind: 'fail',
      errorCode: 'phase_incomplete',
      cause: `final_answer_before_${FINAL_PHASE}`,
      reason: `The model gave its final answer in ${phase}${told}; a plan_exec run is done only in ${FINAL_PHASE}.`,
    };
  }
}
