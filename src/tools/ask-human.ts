import { z } from 'zod';
import { HUMAN_QUESTION_LIMITS } from '../protocol/events';
import { defineTool, fail, type HumanQuestion, ok, type RunScope, type ToolResult } from './tool';

const schema = z.strictObject({
  question: z.string().trim().min(1).max(HUMAN_QUESTION_LIMITS.question).describe('The question, complete on its own: what you need and why.'),
  kind: z
    .enum(['question', 'blocker'])
    .default('question')
    .describe('"question": a choice or a missing detail; "blocker": something you cannot fix yourself (credentials, an external service).'),
  options: z
    .array(z.string().trim().min(1).max(HUMAN_QUESTION_LIMITS.option))
    .min(2)
    .max(HUMAN_QUESTION_LIMITS.options)
    .optional()
    .describe('Answers to choose from, when the choice is between a few; the person may still write another.'),
});

export const askHumanTool = defineTool({
  name: 'ask_human',
  kind: 'ask',
  description: [
    'Ask the person who gave you the task, and wait for the answer.',
    'Ask rather than guess when a requirement is ambiguous, or when you are blocked by something you cannot fix',
    '(missing credentials, an external service that does not answer). Ask one clear question at a time.',
  ].join(' '),
  schema,
  async run(args, ctx) {
    const question = { callId: ctx.callId, question: args.question, kind: args.kind, ...(args.options ? { options: args.options } : {}) };
    return asResult(await askTheHuman(question, ctx), args.question);
  },
});

type Outcome = { answer: string } | 'unanswered' | 'cancelled';

/**
 * Records the question, waits for the answer and records it. The engine asks the same way when
 * the agent keeps looping, so both kinds of question look alike in the log and on the page.
 */
export async function askTheHuman(question: HumanQuestion, scope: RunScope): Promise<Outcome> {
  scope.emit({ type: 'human_asked', ...question });
  if (!scope.human) return 'unanswered';
  let answer;
  try {
    answer = await scope.human.ask(question, scope.signal);
  } catch (error) {
    if (scope.signal.aborted) return 'cancelled';
    throw error;
  }
  if (answer === null) return 'unanswered';
  const text = answer.answer.slice(0, HUMAN_QUESTION_LIMITS.answer);
  scope.emit({ type: 'human_answered', callId: question.callId, question: question.question, answer: text, via: answer.via });
  return { answer: text };
}

function asResult(outcome: Outcome, question: string): ToolResult {
  if (outcome === 'cancelled') return fail('cancelled', 'The run was stopped while waiting for an answer.');
  if (outcome === 'unanswered') return fail('needs_human', `Nobody can answer here (no terminal, no answers left). The question was: ${question}`);
  return ok(`The user answered: ${outcome.answer}`);
}
