import { z } from 'zod';
import { DEFAULT_TIMEOUT_SECONDS, describeExit, exitResult, formatStreams, MAX_TIMEOUT_SECONDS, runCommandWithEvents } from './command-runner';
import { defineTool, fail } from './tool';

const schema = z.strictObject({
  command: z
    .string()
    .describe("Shell command line to run (bash syntax: pipes, &&, redirections). Runs in the shell's current directory; a `cd` persists to later commands."),
  timeout_seconds: z
    .number()
    .positive()
    .max(MAX_TIMEOUT_SECONDS)
    .optional()
    .describe(`Stop the command after this many seconds. Default ${DEFAULT_TIMEOUT_SECONDS}, maximum ${MAX_TIMEOUT_SECONDS}.`),
});

export const runCommandTool = defineTool({
  name: 'run_command',
  kind: 'execute',
  description: [
    'Run a shell command in the workspace sandbox and get its exit code, stdout and stderr.',
    `It is stopped after timeout_seconds (default ${DEFAULT_TIMEOUT_SECONDS}, max ${MAX_TIMEOUT_SECONDS}); do not start servers or`,
    'interactive programs, they never finish. Long output is cut to its first and last 2,000 characters, so filter it',
    '(grep, head, tail) when you need a specific part. Prefer read_file, edit_file, list_files and search_codebase for',
    'working with files, and run_tests for the test suite.',
  ].join(' '),
  schema,
  async run(args, ctx) {
    if (args.command.trim() === '') return fail('invalid_arguments', 'The command is empty. Give a shell command to run, e.g. "ls -la".');
    const outcome = await runCommandWithEvents(ctx, args.command, {
      timeoutSeconds: args.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS,
    });
    if (outcome.kind === 'not_started') return outcome.failure;
    const { result, timeoutSeconds } = outcome;
    return exitResult(result, `${describeExit(result, timeoutSeconds)}\n${formatStreams(result)}`, 'command_failed');
  },
});
