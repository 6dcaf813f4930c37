import type { Scenario } from '../scenario';

/** The question ask_human puts, shared with the tests that answer it. */
export const CLARIFY_QUESTION = 'Should the greeting end with an exclamation mark or a full stop?';
export const CLARIFY_OPTIONS = ['Exclamation mark', 'Full stop'];

/** Asks the human before it changes anything, waits for the answer, then goes on. */
export const clarify: Scenario = {
  name: 'clarify',
  title: 'Asking the human',
  description: 'Asks a question with ask_human and waits: the run shows "waiting" until you answer in the Timeline.',
  defaultTask: 'Make the greeting sound friendlier.',
  turns: [
    {
      text: 'The task leaves one choice open that only you can make, so I will ask before changing anything.',
      toolCalls: [{ name: 'ask_human', args: { question: CLARIFY_QUESTION, kind: 'question', options: CLARIFY_OPTIONS } }],
    },
    {
      text: 'Thanks. Let me look at the greeting as it is now.',
      toolCalls: [{ name: 'read_file', args: { path: 'src/greet.sh' } }],
    },
    {
      text: 'I asked before changing anything and read the greeting function; your answer is in the session, so the next step can follow it.',
    },
  ],
};
