import type { Phase } from '../protocol/events';
import { PHASES } from '../protocol/phases';
import type { PhasePolicy, Policy } from './policy';

const SHELL_RULES: Record<PhasePolicy['shell'], string> = {
  readonly: 'read-only commands only',
  readonly_or_tests: 'read-only commands and test commands',
  not_destructive: 'any command that is not destructive',
  any: 'any command',
};

/** One phase's rules in a sentence, for the prompt and for advance_phase's answer. */
export function describePhase(policy: Policy, phase: Phase): string {
  const rules = policy.phases[phase];
  const tools = rules.tools.includes('*') ? 'every tool' : rules.tools.join(', ');
  return `${phase}: tools ${tools}; shell: ${SHELL_RULES[rules.shell]}; file writes ${rules.writes ? 'allowed' : 'not allowed'}.`;
}

/** The phase layer of the system prompt in plan_exec mode. */
export function buildPhaseLayer(policy: Policy): string {
  return [
    'This run is gated in phases: planning → building → verification → delivery. Each phase allows only some tools and commands;',
    'a refused call returns a phase_violation error and changes nothing. Call advance_phase when a phase\'s work is done; phases only move forward.',
    ...PHASES.map((phase) => `- ${describePhase(policy, phase)}`),
    `The run starts in ${policy.startPhase}.`,
  ].join('\n');
}
