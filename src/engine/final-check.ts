import type { EngineEvent } from '../protocol/events';
import type { ExecResult, Sandbox } from '../sandbox/port';
import { runCommandWithEvents } from '../tools/command-runner';
import { MAX_FAILURES_SHOWN, TEST_TIMEOUT_SECONDS } from '../tools/run-tests';
import { parseTestReport } from '../tools/test-report';
import { noTestsRan } from '../tools/test-report-empty';
import { detectTestRunner } from '../tools/test-runner-detect';
import { FAILED_TAIL_LINES, failureSection, outputTail, verdictLine } from '../tools/test-summary';
import type { RunScope } from '../tools/tool';
import type { Gate } from './gate';
import type { Policy } from './policy';
import type { VerificationTracker } from './verification';

/** The check the engine runs: the policy's delivery `validate`, else the project's detected test runner. */
export interface CheckSpec {
  command: string;
  source: 'policy' | 'runner';
  reason: string;
  timeoutSeconds: number;
}

/** How a check ended. `failed` carries what the model reads (`text`) and the failing tests by name. */
export type CheckResult =
  | { outcome: 'passed' | 'skipped' }
  | { outcome: 'no_tests' }
  | { outcome: 'cancelled' }
  | { outcome: 'failed'; command: string; verdict: string; failures: string[]; text: string };

export interface FinalCheckOptions {
  /** The real sandbox: the check is the engine's command, not the model's, and runs outside the gate. */
  sandbox: Sandbox;
  policy: Policy;
  gate: Gate;
  scope: RunScope;
  tracker: VerificationTracker;
  /** The workspace's digest now (workspace-digest.ts). */
  digest: () => Promise<string>;
  /** "Check the work when the agent finishes". */
  enabled: boolean;
  /** "Fix attempts after a failed check". */
  maxFixAttempts: number;
  /** Fix attempts already given (a resumed run's log). */
  fixAttemptsGiven?: number;
}

/**
 * Fix attempts a log gave after failed checks: the failures sent back on a final answer, the moves
 * back to building from verification, and the orchestrator's coder rounds the check sent back.
 */
export function fixAttemptsIn(events: readonly EngineEvent[]): number {
  return events.filter(
    (e) =>
      (e.type === 'user_message' && e.reason === 'final_check_failed') ||
      (e.type === 'phase_changed' && e.from === 'verification' && e.to === 'building') ||
      (e.type === 'role_started' && e.fix === 'check'),
  ).length;
}

/** The tracker's key for a check: a run_tests pass is the runner's; a policy command is its own. */
export const checkKey = (spec: CheckSpec) => (spec.source === 'runner' ? 'runner' : `policy:${spec.command}`);

/**
 * The engine's own check of the work (on a final answer in every mode, and when plan_exec leaves
 * verification): the same check is skipped when it already passed on the current files, otherwise
 * its command runs straight on the sandbox, with its output in the Terminal
 * (command events of its own call id) and its start and end as `final_check_*` events.
 */
export class FinalCheck {
  /** Fix attempts given after failed checks so far. */
  fixAttempts = 0;
  private runs = 0;

  constructor(private readonly options: FinalCheckOptions) {
    this.fixAttempts = options.fixAttemptsGiven ?? 0;
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  get maxFixAttempts(): number {
    return this.options.maxFixAttempts;
  }

  /**
   * Which check this workspace has now; null: no policy command and no test runner. `testsOnly`:
   * the project's tests alone (leaving verification, before delivery did its work).
   */
  async spec(testsOnly = false): Promise<CheckSpec | null> {
    const validate = this.options.policy.phases.delivery.validate;
    if (validate !== null && !testsOnly) {
      const timeoutMs = this.options.policy.phases.delivery.validateTimeoutMs;
      return { command: validate, source: 'policy', reason: "the policy's delivery validate", timeoutSeconds: timeoutMs / 1000 };
    }
    const detection = await detectTestRunner(this.options.sandbox);
    if (!detection.ok) return null;
    const { runner } = detection;
    return { command: runner.command, source: 'runner', reason: `detected from ${runner.reason}`, timeoutSeconds: TEST_TIMEOUT_SECONDS };
  }

  async run(options: { testsOnly?: boolean } = {}): Promise<CheckResult> {
    const { scope, tracker, gate } = this.options;
    const callId = `final-check-${++this.runs}`;
    const started = performance.now();
    const finished = (outcome: 'passed' | 'failed' | 'skipped' | 'no_tests', summary: string, extra: { command?: string; failures?: string[] } = {}) =>
      scope.emit({
        type: 'final_check_finished',
        callId,
        outcome,
        ...(extra.command === undefined ? {} : { command: extra.command }),
        summary,
        failures: extra.failures ?? [],
        fixAttempts: this.fixAttempts,
        maxFixAttempts: this.maxFixAttempts,
        durationMs: Math.max(0, performance.now() - started),
      });

    const spec = await this.spec(options.testsOnly === true);
    if (spec === null) {
      finished(
        'no_tests',
        options.testsOnly === true ? 'no test runner was detected.' : 'the policy names no delivery validate and no test runner was detected.',
      );
      return { outcome: 'no_tests' };
    }
    const key = checkKey(spec);
    const before = await this.options.digest();
    if (tracker.passedOn(key, before)) {
      finished('skipped', `\`${spec.command}\` already passed on these files.`, { command: spec.command });
      return { outcome: 'skipped' };
    }

    scope.emit({ type: 'final_check_started', callId, command: spec.command, source: spec.source, reason: spec.reason, phase: gate.phase });
    const ran = await runCommandWithEvents({ ...scope, sandbox: this.options.sandbox, callId }, spec.command, {
      timeoutSeconds: spec.timeoutSeconds,
      cwd: this.options.sandbox.workdir,
    });
    // The command ran outside the gate: what the gate last saw of the workspace is stale.
    gate.ranOutside();
    if (scope.signal.aborted) return { outcome: 'cancelled' };
    if (ran.kind === 'not_started') {
      const verdict = `it could not run: ${ran.failure.output}`;
      finished('failed', verdict, { command: spec.command });
      return { outcome: 'failed', command: spec.command, verdict, failures: [], text: '' };
    }
    const { result } = ran;
    const output = result.stderr === '' ? result.stdout : `${result.stdout}\n${result.stderr}`;
    const report = parseTestReport(output);
    // Zero tests ran (none found, all skipped): neither a pass nor a failure, so "unknown", never verified.
    const none = noTestsRan(output, result, report);
    if (none !== null) {
      finished('no_tests', `\`${spec.command}\` ran no tests ("${none}").`, { command: spec.command });
      return { outcome: 'no_tests' };
    }
    const passed = result.exitCode === 0 && !result.timedOut && !result.aborted;
    const verdict = report === null ? commandVerdict(result, output) : verdictLine(result, report, `exit code ${result.exitCode}`);
    if (passed) {
      tracker.notePass(key, await this.options.digest());
      finished('passed', verdict, { command: spec.command });
      return { outcome: 'passed' };
    }
    const failures = (report?.failures ?? []).slice(0, MAX_FAILURES_SHOWN).map((failure) => failure.name);
    const text = report && report.failures.length > 0 ? failureSection(report, MAX_FAILURES_SHOWN) : outputTail(output, FAILED_TAIL_LINES);
    finished('failed', verdict, { command: spec.command, failures });
    return { outcome: 'failed', command: spec.command, verdict, failures, text };
  }
}

/**
 * A check whose output is no test report (a policy command such as `test -f NOTES.md`, a script
 * that could not start) is described as the command it is: how it ended, and its first line of output.
 */
function commandVerdict(result: ExecResult, output: string): string {
  const ended = result.timedOut ? 'Timed out' : result.aborted ? 'Stopped' : result.exitCode === 0 ? 'Passed' : 'Failed';
  const first = output
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');
  return `${ended} (exit code ${result.exitCode})${first === undefined ? '' : `: ${first.length > 160 ? `${first.slice(0, 160)}…` : first}`}`;
}

/** "check `npm test` failed: 2 tests fail (add, sub)" — the failure named for run_finished's reason. */
export function describeFailedCheck(result: Extract<CheckResult, { outcome: 'failed' }>, attempts: number): string {
  const tries = attempts === 0 ? '' : ` after ${attempts} fix ${attempts === 1 ? 'attempt' : 'attempts'}`;
  const named = result.failures.length > 0 ? ` Failing: ${result.failures.join(', ')}.` : '';
  return `The engine's check \`${result.command}\` still failed${tries}: ${result.verdict}.${named}`;
}
