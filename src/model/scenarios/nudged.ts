import type { Scenario } from '../scenario';

/** One empty reply, then a proper answer once the loop nudges it. */
export const nudged: Scenario = {
  name: 'nudged',
  title: 'Nudged back on track',
  description: 'Returns one empty reply, then finishes with a text answer after being nudged.',
  defaultTask: 'Answer after a nudge.',
  turns: [{}, { text: 'Sorry, here is my answer: the project is a set of small bash utilities with tests.' }],
};
