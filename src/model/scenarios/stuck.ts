import type { Scenario } from '../scenario';

/**
 * More reads than loop detection needs to escalate (nudge at 3, recover at 5, escalate at 6): the scripted
 * model counts a user message that follows tool results (a loop nudge) as one of its turns, so each nudge
 * the engine sends uses up one scripted read.
 */
export const STUCK_READS = 10;

/** The call the model keeps making. */
export const STUCK_CALL = { name: 'read_file', args: { path: 'README.md' } };

/** Reads the same file with the same arguments over and over, then gives up with a text reply. */
export const stuck: Scenario = {
  name: 'stuck',
  title: 'Stuck in a loop',
  description: 'Repeats the same call until loop detection steps in: a nudge, a recovery, then the run ends.',
  defaultTask: 'Find out how the tests of this project are run.',
  turns: [
    ...Array.from({ length: STUCK_READS }, (_, i) => ({
      text: i === 0 ? 'Let me read the README.' : 'Reading the README once more to be sure.',
      toolCalls: [STUCK_CALL],
    })),
    { text: 'The README says every test runs with `npm test`.' },
  ],
};
