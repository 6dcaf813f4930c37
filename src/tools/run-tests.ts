import { z } from 'zod';
import { MAX_TIMEOUT_SECONDS, describeExit, formatStreams, runCommandWithEvents } from './command-runner';
import { describeError } from './errors';
import { detectTestRunner, type DetectedTestRunner } from './test-runner-detect';
import { findTestSummary } from './test-summary';
import { defineTool, fail } from './tool';

/** Test suites get the longest timeout run_command allows. */
export const TEST_TIMEOUT_SECONDS = MAX_TIMEOUT_SECONDS;

const schema = z.strictObject({});

export const runTestsTool = defineTool({
  name: 'run_tests',
  description: [
    "Run the project's test suite and get a pass/fail summary first, then the output.",
    'The runner is detected from the workspace: package.json "test" script (npm test), vitest config (npx vitest run),',
    'pytest (python -m pytest -q), go.mod (go test ./...) or Cargo.toml (cargo test).',
    `Takes no arguments; stops after ${TEST_TIMEOUT_SECONDS} seconds. Run it after changing code to check your work;`,
    'to run a single test file or pass options, use run_command instead.',
  ].join(' '),
  schema,
  async run(_args, ctx) {
    let runner: DetectedTestRunner;
    try {
      const detection = await detectTestRunner(ctx.sandbox);
      if (!detection.ok) return fail(detection.error);
      runner = detection.runner;
    } catch (error) {
      return fail(describeError(error, 'the workspace'));
    }

    const { command } = runner;
    const outcome = await runCommandWithEvents(ctx, command, { timeoutSeconds: TEST_TIMEOUT_SECONDS, cwd: ctx.sandbox.workdir });
    if (outcome.kind === 'not_started') return fail(outcome.reason);
    const { result, timeoutSeconds } = outcome;

    const summary = findTestSummary(`${result.stdout}\n${result.stderr}`);
    const passed = result.exitCode === 0 && !result.timedOut && !result.aborted;
    let verdict: string;
    if (result.timedOut || result.aborted) verdict = `Tests did not finish: ${describeExit(result, timeoutSeconds)}`;
    else verdict = `Tests ${passed ? 'passed' : 'FAILED'} (exit code ${result.exitCode})`;
    if (summary !== null) verdict += ` — ${summary}`;

    const lines = [verdict, `Runner: ${command} (detected from ${runner.reason})`];
    if (result.exitCode === 127) lines.push(`Note: exit code 127 means the command was not found; this sandbox may not have ${command.split(' ')[0]}.`);
    return { ok: passed, output: `${lines.join('\n')}\n\n${formatStreams(result)}` };
  },
});
