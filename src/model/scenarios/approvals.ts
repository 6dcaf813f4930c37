import type { Scenario } from '../scenario';

/** What the approvals scenario writes and runs, shared with the tests that approve or deny them. */
export const APPROVALS_FILE = 'src/farewell.sh';
export const APPROVALS_COMMAND = 'bash tests/run.sh';

/**
 * An edit, then a command: with "Ask before: edits and commands" (or `--approve ask`) each one
 * waits for Approve / Approve all / Deny, and a denial's reason comes back as the call's result.
 */
export const approvals: Scenario = {
  name: 'approvals',
  title: 'Approve before acting',
  description: 'Writes a file, then runs the tests: with Settings → "Ask before" on, each waits for your Approve or Deny.',
  defaultTask: 'Add a farewell function, then run the tests.',
  // Its point is the live pause for approval, which a recording made without asking would not show.
  liveOnly: true,
  turns: [
    {
      text: 'I will add the farewell function first.',
      toolCalls: [
        {
          name: 'create_file',
          args: { path: APPROVALS_FILE, content: '# farewell NAME: prints a goodbye.\nfarewell() {\n  echo "Goodbye, ${1:-world}!"\n}\n' },
        },
      ],
    },
    {
      text: 'Now I will run the tests to check nothing broke.',
      toolCalls: [{ name: 'run_command', args: { command: APPROVALS_COMMAND } }],
    },
    {
      text: 'Done. Each step above shows whether you approved it; a step you denied did not run, and its result says why.',
    },
  ],
};
