import type { Scenario } from '../scenario';

/** A long-running command so Stop can be tried while it runs. */
export const slowCommand: Scenario = {
  name: 'slow-command',
  title: 'Slow command',
  description: 'Runs `sleep 30` so the Stop button can cancel it, then finishes.',
  defaultTask: 'Run a slow command.',
  liveOnly: true,
  turns: [
    {
      text: 'Running a command that takes a while.',
      toolCalls: [{ name: 'run_command', args: { command: 'sleep 30' } }],
    },
    { text: 'The slow command is over.' },
  ],
};
