import type { Phase } from '../../protocol/events';
import { type GateOptions, type PhaseMove, RuleGate } from '../gate';
import type { PhasePolicy } from '../policy';

/**
 * An orchestrator role's gate: the rules of the phase the role works as (the planner as planning,
 * the coder as building, the reviewer as verification), with the role's submit tool allowed too
 * (`roleRules`).
 * The phase never moves: a role ends by handing off.
 */
export class RoleGate extends RuleGate {
  constructor(
    readonly phase: Phase,
    /** The role's rules (`role-tools.ts`' roleRules). */
    private readonly fixed: PhasePolicy,
    options: GateOptions,
  ) {
    super(options);
  }

  protected get rules(): PhasePolicy {
    return this.fixed;
  }

  async advance(): Promise<PhaseMove> {
    return { ok: false, errorKind: 'final_phase', message: 'An orchestrator role does not change phases; it ends by calling its submit tool.' };
  }
}
