import type { Role } from '../../protocol/handoffs';

/**
 * orchestrator mode: each role's layer of the system prompt (after the base rules, which it
 * overrides where they differ: a role ends by calling its submit tool, not with a reply).
 */
export const ROLE_LAYERS: Record<Role, string> = {
  planner: `This run is split between three roles: a planner, a coder and a reviewer, each with its own conversation.
You are the planner. Explore the workspace read-only (no file writes; read-only commands only) and write a plan the coder can follow without seeing your conversation.
When the plan is ready, call submit_plan with the goal, the steps (each with an id, a title and the files it touches) and acceptance criteria the reviewer can check.
Only submit_plan ends your part; a reply without it does not.`,
  coder: `This run is split between three roles: a planner, a coder and a reviewer, each with its own conversation.
You are the coder. Carry out the plan you are given: change the files, run the tests, and fix what fails. Destructive commands are refused.
When the work is done, call submit_work with a summary, the files you changed and the tests you ran with their outcome. The reviewer reads the summary and the diff, not your conversation.
Only submit_work ends your part; a reply without it does not.`,
  reviewer: `This run is split between three roles: a planner, a coder and a reviewer, each with its own conversation.
You are the reviewer. Check the coder's work against the task and the plan's acceptance criteria: read the changed files, run the tests (run_tests); you may not change files.
Then call submit_review: verdict "approve" when the work meets the criteria, or "changes_requested" with findings (file, line when you know it, the problem and a suggestion) the coder can act on.
Only submit_review ends your part; a reply without it does not.`,
};

/** The user's extra instructions for a role (Settings → Roles, `--role-instructions`), after its layer. */
export const ROLE_INSTRUCTIONS = `Further instructions for the {{role}}:
{{instructions}}`;

/** Why the run failed when a role used up its step cap without handing off. */
export const ROLE_STEP_LIMIT = `The {{role}} reached its limit of {{max}} steps (round {{round}}) without calling {{tool}}.`;

/** Told to a role when its gate refuses something (in place of its phase's hint, which speaks of advance_phase). */
export const ROLE_HINTS: Record<Role, string> = {
  planner: 'The planner is read-only: explore, then call submit_plan with the plan.',
  coder: 'The coder may change files but not run destructive commands; call submit_work when the change is done.',
  reviewer: 'The reviewer is read-only apart from running tests: check the work, then call submit_review with your verdict.',
};

/** The submit tool that ends each role's part. */
export const ROLE_SUBMIT_TOOLS: Record<Role, string> = { planner: 'submit_plan', coder: 'submit_work', reviewer: 'submit_review' };

/** The planner's opening message: the task as it was given. */
export const PLANNER_BRIEF = `{{task}}`;

/** The coder's opening message in round 1: the task and the plan, nothing of the planner's conversation. */
export const CODER_BRIEF = `Task:
{{task}}

The plan to carry out:
{{plan}}`;

/** A later coder round: the plan and what the reviewer found (or what the engine's check found), never an earlier coder's messages. */
export const CODER_FIX_BRIEF = `Task:
{{task}}

The plan:
{{plan}}

Round {{round}}: an earlier round's work is in the workspace. {{source}} asks for these changes:
{{findings}}`;

/** Who sent a later coder round back. */
export const FIX_SOURCE_REVIEW = `The reviewer`;
export const FIX_SOURCE_CHECK = `The engine's own check of the work`;

/** The reviewer's opening message: the task, the plan, the coder's summary and the round's diff. */
export const REVIEWER_BRIEF = `Task:
{{task}}

The plan:
{{plan}}

The coder's summary (round {{round}}):
{{summary}}
Files changed: {{files}}
Tests run: {{tests}}

The diff of this round:
{{diff}}`;

/** When the round changed nothing the log shows. */
export const NO_DIFF = `(no file changes recorded in this round)`;
/** The diff cut to what fits a brief; the tools can read the files. */
export const DIFF_CUT = `[… the diff is cut at {{max}} characters; read the files for the rest]`;

/** One plan step and one acceptance criterion as the briefs list them. */
export const PLAN_TEXT = `Goal: {{goal}}
Steps:
{{steps}}
Acceptance criteria:
{{acceptance}}`;
export const PLAN_STEP_LINE = `{{id}}. {{title}}{{files}}`;
export const FINDING_LINE = `- {{where}}: {{problem}} Suggestion: {{suggestion}}`;

/** A role replied without its submit tool: said once, then the run fails. */
export const HANDOFF_NUDGE = `Your part ends only when you call {{tool}}. Call it now with your result (a reply without it does not hand anything on).`;

/** The run's final summary in orchestrator mode: the coder's last summary and what the review left open. */
export const ORCHESTRATOR_SUMMARY = `{{summary}}

Review: {{review}}`;
export const REVIEW_APPROVED = `approved in round {{round}}.`;
export const REVIEW_NONE = `none (max review rounds is 0).`;
export const REVIEW_OPEN = `{{count}} finding(s) still open after the last review round ({{round}}):
{{findings}}`;

/** advance_phase in a role: roles do not change phases. */
export const ROLE_NO_ADVANCE = 'An orchestrator role does not change phases; it ends by calling its submit tool.';
