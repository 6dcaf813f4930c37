import type { Phase } from '../protocol/events';
import { PHASES } from '../protocol/phases';
import type { Policy } from './policy';
import {
  EVERY_TOOL,
  PHASE_DESCRIPTION,
  PHASE_LAYER,
  PHASE_LINE,
  PHASE_ORDER_SEPARATOR,
  PHASE_VALIDATION_NOTE,
  renderTemplate,
  SHELL_RULES,
  WRITES_ALLOWED,
  WRITES_NOT_ALLOWED,
} from './prompts';

/** One phase's rules in a sentence, for the prompt and for advance_phase's answer. */
export function describePhase(policy: Policy, phase: Phase): string {
  const rules = policy.phases[phase];
  const description = renderTemplate(PHASE_DESCRIPTION, {
    phase,
    tools: rules.tools.includes('*') ? EVERY_TOOL : rules.tools.join(', '),
    shell: SHELL_RULES[rules.shell],
    writes: rules.writes ? WRITES_ALLOWED : WRITES_NOT_ALLOWED,
  });
  return rules.validate === null ? description : description + renderTemplate(PHASE_VALIDATION_NOTE, { command: rules.validate });
}

/** The phase layer of the system prompt in plan_exec mode. */
export function buildPhaseLayer(policy: Policy): string {
  return renderTemplate(PHASE_LAYER, {
    phaseOrder: PHASES.join(PHASE_ORDER_SEPARATOR),
    phaseLines: PHASES.map((phase) => renderTemplate(PHASE_LINE, { description: describePhase(policy, phase) })).join('\n'),
    startPhase: policy.startPhase,
  });
}
