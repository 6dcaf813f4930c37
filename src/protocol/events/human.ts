// Events of a question to the human and its answer.
import { z } from 'zod';
import { base } from './base';

/** Limits on a question to the human, shared by the tool's schema and the events. */
export const HUMAN_QUESTION_LIMITS = { question: 4000, options: 10, option: 200, answer: 20000 } as const;

export const HumanQuestionKindSchema = z.enum(['question', 'blocker']);

/**
 * The run waits for the human: a question from ask_human (`callId` is the call), or from the
 * engine when the agent keeps looping (`callId` is the engine's own, starting with "loop-").
 */
export const HumanAskedSchema = z.object({
  ...base,
  type: z.literal('human_asked'),
  callId: z.string(),
  question: z.string(),
  kind: HumanQuestionKindSchema,
  options: z.array(z.string()).optional(),
});

export const HumanAnsweredSchema = z.object({
  ...base,
  type: z.literal('human_answered'),
  callId: z.string(),
  /** The question again, so the answer can be pinned with it ("Previous clarifications"). */
  question: z.string(),
  answer: z.string(),
  /** Who answered: the page, a terminal, or a file of answers (the CLI's --answers). */
  via: z.enum(['page', 'terminal', 'answers_file']),
});
