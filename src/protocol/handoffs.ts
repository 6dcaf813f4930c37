// What each orchestrator role hands to the next: checked with zod when the role submits it, carried by role_finished.
import { z } from 'zod';

/** The three roles of an orchestrator run, in the order they take turns. */
export const ROLES = ['planner', 'coder', 'reviewer'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

const text = (what: string, max: number) => z.string().trim().min(1, `${what} is empty`).max(max, `${what} is at most ${max} characters`);

export const PlanStepSchema = z.strictObject({
  id: text('a step id', 40).describe('A short id, e.g. "1" or "parse-args".'),
  title: text('a step title', 500).describe('What the step does, in one sentence.'),
  files: z.array(text('a file path', 500)).max(50).describe('The workspace files the step reads or changes (may be empty).'),
});

/** submit_plan: the planner's plan. */
export const PlanHandoffSchema = z.strictObject({
  goal: text('the goal', 2_000).describe('What the change achieves, in a sentence or two.'),
  steps: z.array(PlanStepSchema).min(1, 'a plan has at least one step').max(30).describe('The steps, in order.'),
  acceptance: z
    .array(text('an acceptance criterion', 1_000))
    .min(1, 'a plan has at least one acceptance criterion')
    .max(20)
    .describe('How the reviewer can tell the work is done.'),
});
export type PlanHandoff = z.infer<typeof PlanHandoffSchema>;

/** submit_work: what the coder did. */
export const WorkHandoffSchema = z.strictObject({
  summary: text('the summary', 4_000).describe('What was changed and why.'),
  filesChanged: z.array(text('a file path', 500)).max(200).describe('Workspace paths of the files created, edited or deleted.'),
  testsRun: z.string().trim().max(2_000).describe('The tests run and their outcome ("none" when none were run).'),
});
export type WorkHandoff = z.infer<typeof WorkHandoffSchema>;

export const FindingSchema = z.strictObject({
  file: text("a finding's file", 500).describe('The workspace path the finding is about.'),
  line: z.number().int().positive().optional().describe('The 1-based line, when the finding is about one.'),
  problem: text("a finding's problem", 2_000).describe('What is wrong.'),
  suggestion: text("a finding's suggestion", 2_000).describe('What the coder should do about it.'),
});
export type Finding = z.infer<typeof FindingSchema>;

/** submit_review: the reviewer's verdict; changes_requested needs at least one finding. */
export const ReviewHandoffSchema = z
  .strictObject({
    verdict: z.enum(['approve', 'changes_requested']).describe('"approve" when the work meets the plan\'s acceptance criteria.'),
    findings: z.array(FindingSchema).max(30).describe('What must change ([] when approving).'),
  })
  .refine((review) => review.verdict === 'approve' || review.findings.length > 0, {
    message: 'changes_requested needs at least one finding',
    path: ['findings'],
  });
export type ReviewHandoff = z.infer<typeof ReviewHandoffSchema>;

/** A role's handoff as role_finished carries it. */
export const HandoffSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), plan: PlanHandoffSchema }),
  z.object({ kind: z.literal('work'), work: WorkHandoffSchema }),
  z.object({ kind: z.literal('review'), review: ReviewHandoffSchema }),
]);
export type Handoff = z.infer<typeof HandoffSchema>;
