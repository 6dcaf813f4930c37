import type { ToolResult } from '../tools/tool';
import { FINISHED_WITH_FAILING_TESTS, FINISHED_WITH_UNTESTED_CHANGES, renderTemplate } from './prompts';

interface TestRun {
  passed: boolean;
  /** The result's first line, quoted back to the model. */
  summary: string;
  /** The workspace when the tests ran (a snapshot manifest), when snapshots are taken. */
  workspace: string | null;
}

/**
 * "Done means verified": remembers the last test run and whether files changed since, so a final
 * answer given over failing or out-of-date tests is challenged once, and the run's end says
 * whether its result is verified.
 */
export class VerificationTracker {
  private last: TestRun | null = null;
  /** Without snapshots: an edit that landed after the last test run. */
  private editedSince = false;
  private challenged = false;

  constructor(private readonly workspace: () => string | null) {}

  observe(tool: { name: string; kind: string }, result: ToolResult): void {
    if (tool.name === 'run_tests') {
      // A run that could not test (no runner, a timeout) says nothing about the code.
      if (!result.ok && result.errorKind !== 'tests_failed') return;
      this.last = { passed: result.ok, summary: result.output.split('\n', 1)[0] ?? '', workspace: this.workspace() };
      this.editedSince = false;
    } else if (tool.kind === 'edit' && result.ok) {
      this.editedSince = true;
    }
  }

  /** true: the last tests passed and nothing changed since; false: they failed or are out of date; unknown: none ran. */
  verdict(): boolean | 'unknown' {
    if (this.last === null) return 'unknown';
    return this.last.passed && !this.changedSince();
  }

  /** The challenge to send instead of accepting a final answer, once; null to accept it. */
  challenge(): string | null {
    if (this.challenged || this.last === null || this.verdict() === true) return null;
    this.challenged = true;
    return this.last.passed ? FINISHED_WITH_UNTESTED_CHANGES : renderTemplate(FINISHED_WITH_FAILING_TESTS, { summary: this.last.summary });
  }

  private changedSince(): boolean {
    const now = this.workspace();
    if (this.last?.workspace != null && now !== null) return now !== this.last.workspace;
    return this.editedSince;
  }
}
