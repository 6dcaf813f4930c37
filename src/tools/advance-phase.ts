import { z } from 'zod';
import { PHASES } from '../protocol/phases';
import { defineTool, fail, ok } from './tool';

const schema = z.strictObject({
  reason: z.string().max(500).optional().describe('Why the current phase is done, in one sentence.'),
});

export const advancePhaseTool = defineTool({
  name: 'advance_phase',
  kind: 'phase',
  description: [
    `Move to the next phase of the run: ${PHASES.join(' → ')}.`,
    "Call it when the current phase's work is done (the plan is complete, the change is built, the checks pass).",
    'The result lists what the new phase allows. Phases only move forward.',
  ].join(' '),
  schema,
  async run(args, ctx) {
    if (!ctx.phases) return fail('unsupported', 'advance_phase only works in plan_exec mode; this run has no phases.');
    const moved = await ctx.phases.advance(args.reason?.trim() || 'phase complete');
    return moved.ok ? ok(moved.message) : fail(moved.errorKind, moved.message);
  },
});
