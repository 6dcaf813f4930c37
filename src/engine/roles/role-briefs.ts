import { unifiedDiff } from '../../protocol/diff';
import type { EngineEvent } from '../../protocol/events';
import type { Finding, PlanHandoff, ReviewHandoff, WorkHandoff } from '../../protocol/handoffs';
import {
  CODER_BRIEF,
  CODER_FIX_BRIEF,
  DIFF_CUT,
  FINDING_LINE,
  FIX_SOURCE_CHECK,
  FIX_SOURCE_REVIEW,
  NO_DIFF,
  ORCHESTRATOR_SUMMARY,
  PLAN_STEP_LINE,
  PLAN_TEXT,
  renderTemplate,
  REVIEW_APPROVED,
  REVIEW_NONE,
  REVIEW_OPEN,
  REVIEWER_BRIEF,
} from '../prompts';

/** How much of a round's diff the reviewer's brief carries; its tools read the rest. */
export const BRIEF_DIFF_MAX_CHARS = 12_000;

export function planText(plan: PlanHandoff): string {
  const steps = plan.steps.map((step) =>
    renderTemplate(PLAN_STEP_LINE, { id: step.id, title: step.title, files: step.files.length > 0 ? ` (${step.files.join(', ')})` : '' }),
  );
  return renderTemplate(PLAN_TEXT, { goal: plan.goal, steps: steps.join('\n'), acceptance: plan.acceptance.map((line) => `- ${line}`).join('\n') });
}

export function findingsText(findings: readonly Finding[]): string {
  return findings
    .map((finding) =>
      renderTemplate(FINDING_LINE, {
        where: finding.line === undefined ? finding.file : `${finding.file}:${finding.line}`,
        problem: finding.problem,
        suggestion: finding.suggestion,
      }),
    )
    .join('\n');
}

/** The coder's opening message: round 1 the task and the plan; later the plan and what sent the work back (the review's findings or the check's failures). */
export function coderBrief(
  task: string,
  plan: PlanHandoff,
  round: number,
  sentBack: { by: 'review'; review: ReviewHandoff } | { by: 'check'; text: string } | null,
): string {
  if (sentBack === null) return renderTemplate(CODER_BRIEF, { task, plan: planText(plan) });
  return renderTemplate(CODER_FIX_BRIEF, {
    task,
    plan: planText(plan),
    round: String(round),
    source: sentBack.by === 'review' ? FIX_SOURCE_REVIEW : FIX_SOURCE_CHECK,
    findings: sentBack.by === 'review' ? findingsText(sentBack.review.findings) : sentBack.text,
  });
}

/** The reviewer's opening message: the task, the plan, the coder's summary and the diff of the round. */
export function reviewerBrief(task: string, plan: PlanHandoff, work: WorkHandoff, round: number, diff: string): string {
  const cut =
    diff.length > BRIEF_DIFF_MAX_CHARS ? `${diff.slice(0, BRIEF_DIFF_MAX_CHARS)}\n${renderTemplate(DIFF_CUT, { max: String(BRIEF_DIFF_MAX_CHARS) })}` : diff;
  return renderTemplate(REVIEWER_BRIEF, {
    task,
    plan: planText(plan),
    round: String(round),
    summary: work.summary,
    files: work.filesChanged.length > 0 ? work.filesChanged.join(', ') : 'none',
    tests: work.testsRun === '' ? 'none' : work.testsRun,
    diff: cut === '' ? NO_DIFF : cut,
  });
}

/**
 * The diff of the last coder round (from its role_started on), from the file changes the log
 * records: each file from before its first change to after its last.
 */
export function roundDiff(events: readonly EngineEvent[]): string {
  const start = events.findLastIndex((event) => event.type === 'role_started' && event.role === 'coder');
  if (start === -1) return '';
  const files = new Map<string, { before: string | null; after: string | null }>();
  for (const event of events.slice(start)) {
    if (event.type !== 'file_changed') continue;
    const known = files.get(event.path);
    files.set(event.path, { before: known ? known.before : event.before, after: event.after });
  }
  return [...files.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, change]) => unifiedDiff({ path, ...change }))
    .join('');
}

/** The run's final summary: the coder's last summary and the review's outcome (its open findings when the reviews ran out). */
export function orchestratorSummary(work: WorkHandoff | null, review: { review: ReviewHandoff; round: number } | null): string {
  const reviewText =
    review === null
      ? REVIEW_NONE
      : review.review.verdict === 'approve'
        ? renderTemplate(REVIEW_APPROVED, { round: String(review.round) })
        : renderTemplate(REVIEW_OPEN, {
            count: String(review.review.findings.length),
            round: String(review.round),
            findings: findingsText(review.review.findings),
          });
  return renderTemplate(ORCHESTRATOR_SUMMARY, { summary: work?.summary ?? '', review: reviewText });
}
