import { z } from 'zod';
import { describeExit, exitResult, MAX_TIMEOUT_SECONDS, runCommandWithEvents } from './command-runner';
import { failFromError } from './errors';
import { parseTestReport } from './test-report';
import { noTestsRan } from './test-report-empty';
import { type DetectedTestRunner, detectTestRunner } from './test-runner-detect';
import { FAILED_TAIL_LINES, failureSection, outputTail, PASSED_TAIL_LINES, verdictLine } from './test-summary';
import { flavourOf, targetedCommand, type TargetFacts, testNameSchema, testPathSchema } from './test-target';
import { targetFacts } from './test-target-files';
import { defineTool, fail, type ToolFailure } from './tool';

/** Test suites get the longest timeout run_command allows. */
export const TEST_TIMEOUT_SECONDS = MAX_TIMEOUT_SECONDS;
/** all_failures shows at most this many, so one broken suite cannot flood the context. */
export const MAX_FAILURES_SHOWN = 20;

const schema = z.strictObject({
  test_path: testPathSchema.optional(),
  name: testNameSchema.optional(),
  all_failures: z.boolean().optional().describe(`Show every failing test (up to ${MAX_FAILURES_SHOWN}) instead of only the first.`),
  max_failures: z.number().int().min(1).max(MAX_FAILURES_SHOWN).optional().describe('Show the first N failing tests (default 1).'),
});

export const runTestsTool = defineTool({
  name: 'run_tests',
  kind: 'execute',
  description: [
    "Run the project's test suite. The result leads with the verdict and the counts (failed, passed, skipped) read from",
    "the runner's output, then the FIRST failing test's name and its output block only; pass all_failures: true or",
    'max_failures: N to see more. When the output format is not recognised it says "counts unavailable" and shows the',
    'output\'s tail. The runner is detected from the workspace: package.json "test" script (npm test), vitest config',
    '(npx vitest run), pytest (python -m pytest -q), go.mod (go test ./...) or Cargo.toml (cargo test).',
    'test_path (a file, folder or test id) and name (a name filter) run part of the suite with the same runner, in its own syntax.',
    'A run in which no test ran (none found, or none matched test_path or name) says "No tests ran": neither a pass nor a failure.',
    `Stops after ${TEST_TIMEOUT_SECONDS} seconds. Run it after changing code; to pass other options, use run_command.`,
  ].join(' '),
  schema,
  async run(args, ctx) {
    let runner: DetectedTestRunner;
    try {
      const detection = await detectTestRunner(ctx.sandbox);
      if (!detection.ok) return fail('no_test_runner', detection.error);
      runner = detection.runner;
    } catch (error) {
      return failFromError(error, 'the workspace');
    }

    let command = runner.command;
    if (args.test_path !== undefined || args.name !== undefined) {
      const target = { test_path: args.test_path, name: args.name };
      const flavour = flavourOf(runner);
      let facts: TargetFacts = { kind: null };
      try {
        if (flavour !== null) facts = await targetFacts(ctx.sandbox, flavour, target);
      } catch (error) {
        return failFromError(error, args.test_path ?? 'the workspace');
      }
      const targeted = targetedCommand(runner, target, facts);
      if (!targeted.ok) return fail(targeted.noTests ? 'no_tests' : 'invalid_arguments', targeted.error);
      command = targeted.command;
    }
    const outcome = await runCommandWithEvents(ctx, command, { timeoutSeconds: TEST_TIMEOUT_SECONDS, cwd: ctx.sandbox.workdir });
    if (outcome.kind === 'not_started') return outcome.failure;
    const { result, timeoutSeconds } = outcome;

    const output = result.stderr === '' ? result.stdout : `${result.stdout}\n${result.stderr}`;
    const report = parseTestReport(output);
    const none = noTestsRan(output, result, report);
    if (none !== null) return noTestsResult(command, runner, result.exitCode, none, output, args.test_path !== undefined || args.name !== undefined);
    const passed = result.exitCode === 0 && !result.timedOut && !result.aborted;
    const head = [verdictLine(result, report, describeExit(result, timeoutSeconds))];
    if (report?.summaryLine) head.push(`Runner summary: ${report.summaryLine}`);
    head.push(`Runner: ${command} (detected from ${runner.reason})`);
    if (result.exitCode === 127) head.push(`Note: exit code 127 means the command was not found; this sandbox may not have ${command.split(' ')[0]}.`);

    const limit = args.all_failures ? MAX_FAILURES_SHOWN : (args.max_failures ?? 1);
    let body: string;
    if (passed) body = outputTail(output, PASSED_TAIL_LINES);
    else if (report && report.failures.length > 0) body = failureSection(report, limit);
    else body = outputTail(output, FAILED_TAIL_LINES);
    return exitResult(result, `${head.join('\n')}\n\n${body}`, 'tests_failed');
  },
});

/** Zero tests ran: said plainly, neither passed nor failed, with what to check. */
function noTestsResult(command: string, runner: DetectedTestRunner, exitCode: number, said: string, output: string, targeted: boolean): ToolFailure {
  const head = [
    `No tests ran (exit code ${exitCode}): the runner found or selected no test — "${said}"`,
    `Runner: ${command} (detected from ${runner.reason})`,
    targeted
      ? 'Nothing was tested: check that test_path names test files (or a test id) and that name matches a test.'
      : 'Nothing was tested: the runner finds no test in this project.',
  ];
  return fail('no_tests', `${head.join('\n')}\n\n${outputTail(output, PASSED_TAIL_LINES)}`);
}
