import { PlanHandoffSchema, ReviewHandoffSchema, type Role, WorkHandoffSchema } from '../protocol/handoffs';
import { defineTool, ok, type Tool } from './tool';

/*
 * The orchestrator roles' submit tools, each offered only to its role. The arguments are checked by
 * the handoff's zod schema before `run` (an invalid handoff is a tool error with the schema's
 * message); a call that passes ends the role's loop, and the engine carries the handoff on.
 */

export const submitPlanTool = defineTool({
  name: 'submit_plan',
  kind: 'phase',
  description:
    'Hand your plan to the coder and end the planning: the goal, the steps in order (each with an id, a title and the files it touches) and the acceptance criteria the reviewer will check.',
  schema: PlanHandoffSchema,
  async run(args) {
    return ok(`The plan (${args.steps.length} step${args.steps.length === 1 ? '' : 's'}) goes to the coder.`);
  },
});

export const submitWorkTool = defineTool({
  name: 'submit_work',
  kind: 'phase',
  description: 'Hand your work to the reviewer and end your round: a summary of the change, the files you changed and the tests you ran with their outcome.',
  schema: WorkHandoffSchema,
  async run() {
    return ok('The work goes to the reviewer.');
  },
});

export const submitReviewTool = defineTool({
  name: 'submit_review',
  kind: 'phase',
  description:
    'End the review with a verdict: "approve" when the work meets the plan\'s acceptance criteria, or "changes_requested" with findings (file, optional line, problem, suggestion) for the coder.',
  schema: ReviewHandoffSchema,
  async run(args) {
    return ok(args.verdict === 'approve' ? 'The work is approved.' : `${args.findings.length} finding(s) go back to the coder.`);
  },
});

/** Each role's submit tool. */
export const SUBMIT_TOOLS: Record<Role, Tool> = { planner: submitPlanTool, coder: submitWorkTool, reviewer: submitReviewTool };
