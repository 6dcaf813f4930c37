import type { ToolResult } from '../tools/tool';
import { FINISHED_WITH_FAILING_TESTS, FINISHED_WITH_PART_OF_SUITE, FINISHED_WITH_UNTESTED_CHANGES, renderTemplate } from './prompts';

interface TestRun {
  /** passed/failed: the tests' verdict; partial: only part of the suite ran and passed; no_tests: none ran. */
  outcome: 'passed' | 'failed' | 'partial' | 'no_tests';
  /** The result's first line, quoted back to the model. */
  summary: string;
  /** The workspace's digest when the tests ran (workspace-digest.ts). */
  workspace: string;
}

/** run_tests runs the detected runner: its passes count as the runner check's (final-check.ts's `checkKey`). */
const RUN_TESTS_KEY = 'runner';

/** run_tests aimed at part of the suite (test_path or name): its pass says nothing of the other tests. */
function isPartial(args: unknown): boolean {
  if (typeof args !== 'object' || args === null) return false;
  const { test_path: path, name } = args as Record<string, unknown>;
  return path !== undefined || name !== undefined;
}

/**
 * "Done means verified": remembers the last test run and, per check, the files it last passed
 * on, so the engine's final check is skipped when the same check already passed on the current
 * files, and (with that check off) a final answer given over failing, partial or out-of-date tests
 * is challenged once. Only a run of the whole suite in which tests ran counts as the check passing.
 */
export class VerificationTracker {
  private last: TestRun | null = null;
  /** Check key → the digest of the files it last passed on. */
  private readonly passes = new Map<string, string>();
  private challenged = false;

  constructor(private readonly digest: () => Promise<string>) {}

  async observe(tool: { name: string }, args: unknown, result: ToolResult): Promise<void> {
    if (tool.name !== 'run_tests') return;
    // A run that could not test (no runner, a timeout, a refusal) says nothing about the code.
    if (!result.ok && result.errorKind !== 'tests_failed' && result.errorKind !== 'no_tests') return;
    const partial = isPartial(args);
    const outcome = !result.ok && result.errorKind === 'tests_failed' ? 'failed' : !result.ok ? 'no_tests' : partial ? 'partial' : 'passed';
    // Part of the suite finding nothing says nothing about the rest: the last whole run stands.
    if (outcome === 'no_tests' && partial) return;
    const workspace = await this.digest();
    // A part passing where the whole suite already passed on these files leaves that pass standing.
    if (outcome === 'partial' && this.passes.get(RUN_TESTS_KEY) === workspace) return;
    this.last = { outcome, summary: result.output.split('\n', 1)[0] ?? '', workspace };
    if (outcome === 'passed') this.passes.set(RUN_TESTS_KEY, workspace);
    else if (outcome !== 'partial') this.passes.delete(RUN_TESTS_KEY);
  }

  /** The engine's own check passed on these files. */
  notePass(key: string, workspace: string): void {
    this.passes.set(key, workspace);
  }

  /** Whether the check `key` last passed on exactly these files. */
  passedOn(key: string, workspace: string): boolean {
    return this.passes.get(key) === workspace;
  }

  /**
   * true: the whole suite last passed and nothing changed since; false: the tests failed or are out of
   * date; unknown: none ran, none were found, or only part of the suite ran since.
   */
  async verdict(): Promise<boolean | 'unknown'> {
    if (this.last === null || this.last.outcome === 'no_tests' || this.last.outcome === 'partial') return 'unknown';
    return this.last.outcome === 'passed' && (await this.digest()) === this.last.workspace;
  }

  /** The challenge to send instead of accepting a final answer, once; null to accept it. */
  async challenge(): Promise<string | null> {
    if (this.challenged || this.last === null || this.last.outcome === 'no_tests') return null;
    if ((await this.verdict()) === true) return null;
    this.challenged = true;
    switch (this.last.outcome) {
      case 'partial':
        return FINISHED_WITH_PART_OF_SUITE;
      case 'passed':
        return FINISHED_WITH_UNTESTED_CHANGES;
      case 'failed':
        return renderTemplate(FINISHED_WITH_FAILING_TESTS, { summary: this.last.summary });
    }
  }
}
