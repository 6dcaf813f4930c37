import type { Scenario } from '../scenario';

const TURNS = 500;

/** Only empty replies: for the loop's empty-reply nudge and give-up. */
export const silent: Scenario = {
  name: 'silent',
  title: 'Silent model',
  description: 'Returns empty replies (no text, no tool calls) every time.',
  defaultTask: 'Say nothing at all.',
  turns: Array.from({ length: TURNS }, () => ({})),
};
