import type { Scenario } from '../scenario';

/** The command the scenario runs: a node program that never yields, under a 30 s limit. */
export const BUSY_NODE_COMMAND = 'node -e "while (true) {}"';

/** A `node` program busy in QuickJS on the engine's own thread, so Stop can be tried on it. */
export const busyNode: Scenario = {
  name: 'busy-node',
  title: 'Busy node program',
  description: 'Runs a `node` program that never yields (a 30 s limit) so the Stop button can interrupt it, then finishes.',
  defaultTask: 'Run a busy node program.',
  liveOnly: true,
  turns: [
    {
      text: 'Running a node program that never yields.',
      toolCalls: [{ name: 'run_command', args: { command: BUSY_NODE_COMMAND, timeout_seconds: 30 } }],
    },
    { text: 'The busy program is over.' },
  ],
};
