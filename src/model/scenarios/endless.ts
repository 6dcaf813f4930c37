import type { Scenario } from '../scenario';

const TURNS = 500;

/** Never finishes: for max-iteration limits. */
export const endless: Scenario = {
  name: 'endless',
  title: 'Endless loop',
  description: `Lists files over and over (${TURNS} turns) and never finishes, to exercise the iteration limit (with loop detection, it ends at the sixth repeat).`,
  defaultTask: 'Keep looking around forever.',
  turns: Array.from({ length: TURNS }, (_, i) => ({
    text: `Looking around again (pass ${i + 1}).`,
    toolCalls: [{ name: 'list_files', args: { path: '.' } }],
  })),
};
