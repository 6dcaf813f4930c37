import type { ToolResult } from '../tools/tool';
import { FINISHED_WITH_FAILING_TESTS, FINISHED_WITH_UNTESTED_CHANGES, renderTemplate } from './prompts';

interface TestRun {
  passed: boolean;
  /** The result's first line, quoted back to the model. */
  summary: string;
  /** The workspace's digest when the tests ran (workspace-digest.ts). */
  workspace: string;
}

/** run_tests runs the detected runner: its passes count as the runner check's (final-check.ts's `checkKey`). */
const RUN_TESTS_KEY = 'runner';

/**
 * "Done means verified": remembers the last test run and, per check, the files it last passed
 * on, so the engine's final check is skipped when the same check already passed on the current
 * files, and (with that check off) a final answer given over failing or out-of-date tests is challenged once.
 */
export class VerificationTracker {
  private last: TestRun | null = null;
  /** Check key → the digest of the files it last passed on. */
  private readonly passes = new Map<string, string>();
  private challenged = false;

  constructor(private readonly digest: () => Promise<string>) {}

  async observe(tool: { name: string }, result: ToolResult): Promise<void> {
    if (tool.name !== 'run_tests') return;
    // A run that could not test (no runner, a timeout) says nothing about the code.
    if (!result.ok && result.errorKind !== 'tests_failed') return;
    const workspace = await this.digest();
    this.last = { passed: result.ok, summary: result.output.split('\n', 1)[0] ?? '', workspace };
    if (result.ok) this.passes.set(RUN_TESTS_KEY, workspace);
    else this.passes.delete(RUN_TESTS_KEY);
  }

  /** The engine's own check passed on these files. */
  notePass(key: string, workspace: string): void {
    this.passes.set(key, workspace);
  }

  /** Whether the check `key` last passed on exactly these files. */
  passedOn(key: string, workspace: string): boolean {
    return this.passes.get(key) === workspace;
  }

  /** true: the last tests passed and nothing changed since; false: they failed or are out of date; unknown: none ran. */
  async verdict(): Promise<boolean | 'unknown'> {
    if (this.last === null) return 'unknown';
    return this.last.passed && (await this.digest()) === this.last.workspace;
  }

  /** The challenge to send instead of accepting a final answer, once; null to accept it. */
  async challenge(): Promise<string | null> {
    if (this.challenged || this.last === null || (await this.verdict()) === true) return null;
    this.challenged = true;
    return this.last.passed ? FINISHED_WITH_UNTESTED_CHANGES : renderTemplate(FINISHED_WITH_FAILING_TESTS, { summary: this.last.summary });
  }
}
