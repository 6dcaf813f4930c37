import type { EventOf } from '../protocol/events';
import { askTheHuman } from '../tools/ask-human';
import type { HumanQuestion } from '../tools/tool';
import { BLOCKER_QUESTION, LOOP_QUESTION, renderTemplate } from './prompts';
import type { RunContext } from './run-context';

/** The engine's question when the agent keeps looping; its id is the engine's own (see isLoopQuestion). */
export function loopQuestion(detail: string, iteration: number): HumanQuestion {
  return { callId: `loop-${iteration}`, question: renderTemplate(LOOP_QUESTION, { detail }), kind: 'blocker' };
}

/** The engine's question when too many tool calls failed; a loop question too, so a resume asks it again. */
export function blockerQuestion(blocker: { count: number; last: string }, iteration: number): HumanQuestion {
  return {
    callId: `loop-blocker-${iteration}`,
    question: renderTemplate(BLOCKER_QUESTION, { count: String(blocker.count), last: blocker.last }),
    kind: 'blocker',
  };
}

/** Whether a waiting engine question is the failed-calls blocker (unanswered, it ends the run needs_human, not loop_detected). */
export const isBlockerQuestion = (callId: string) => callId.startsWith('loop-blocker-');

/** A loop question the log holds as waiting (the page went away), to ask again. */
export function questionAgain(asked: EventOf<'human_asked'>): HumanQuestion {
  return { callId: asked.callId, question: asked.question, kind: asked.kind, ...(asked.options ? { options: asked.options } : {}) };
}

/**
 * The agent keeps looping despite the warnings: in a session someone watches (the page, a
 * terminal), ask them how to go on before giving up. A file of answers is not asked: its
 * answers belong to the agent's own questions.
 */
export async function askHowToGoOn(run: RunContext, question: HumanQuestion): ReturnType<typeof askTheHuman> {
  if (!run.scope.human?.interactive) return 'unanswered';
  return askTheHuman(question, run.scope);
}
