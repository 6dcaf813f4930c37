import type { EventPayload, ToolCall } from '../../protocol/events';
import { type Handoff, PlanHandoffSchema, ReviewHandoffSchema, type Role, WorkHandoffSchema } from '../../protocol/handoffs';
import { HANDOFF_NUDGE, renderTemplate, ROLE_STEP_LIMIT, ROLE_SUBMIT_TOOLS } from '../prompts';
import type { RoleLoop } from '../run-context';

/**
 * One role's loop as the ReAct loop sees it: the submit call that ended it (its arguments passed
 * the handoff's schema, or its result would not be ok), and the one nudge a reply without it gets.
 */
export class RoleTurns implements RoleLoop {
  private submitted: ToolCall | null = null;

  constructor(
    readonly name: Role,
    readonly round: number,
    /** A resumed role already nudged (its log says so). */
    private nudged = false,
  ) {}

  get submitTool(): string {
    return ROLE_SUBMIT_TOOLS[this.name];
  }

  handedOff(call: ToolCall, result: EventPayload<'tool_result'>): boolean {
    if (call.name !== this.submitTool || !result.ok) return false;
    this.submitted = call;
    return true;
  }

  withoutHandoff(): { kind: 'nudge'; text: string } | { kind: 'fail'; reason: string } {
    if (this.nudged) {
      return { kind: 'fail', reason: `The ${this.name} answered without calling ${this.submitTool} after being told to, so nothing was handed on.` };
    }
    this.nudged = true;
    return { kind: 'nudge', text: renderTemplate(HANDOFF_NUDGE, { tool: this.submitTool }) };
  }

  stepLimitReason(maxSteps: number): string {
    return renderTemplate(ROLE_STEP_LIMIT, { role: this.name, max: String(maxSteps), round: String(this.round), tool: this.submitTool });
  }

  /** The handoff the loop ended with, as its schema reads the submit call's arguments. */
  handoff(): Handoff {
    if (!this.submitted) throw new Error(`the ${this.name} handed nothing on`);
    return handoffOf(this.name, this.submitted.arguments);
  }
}

/** A submit call's arguments as the role's handoff (they passed the schema when the tool ran). */
export function handoffOf(role: Role, rawArguments: string): Handoff {
  const value: unknown = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
  switch (role) {
    case 'planner':
      return { kind: 'plan', plan: PlanHandoffSchema.parse(value) };
    case 'coder':
      return { kind: 'work', work: WorkHandoffSchema.parse(value) };
    case 'reviewer':
      return { kind: 'review', review: ReviewHandoffSchema.parse(value) };
  }
}
