import type { ShellRule } from '../../shell/shell-rules';

/** The phase layer of the system prompt in plan_exec mode; `phaseOrder` is built from PHASES. */
export const PHASE_LAYER = `This run is gated in phases: {{phaseOrder}}. Each phase allows only some tools and commands;
a refused call returns a phase_violation error and changes nothing. Call advance_phase when a phase's work is done; phases only move forward.
{{phaseLines}}
The run starts in {{startPhase}}.`;

export const PHASE_ORDER_SEPARATOR = ' → ';

export const PHASE_LINE = `- {{description}}`;

/** One phase's rules in a sentence, for the phase layer and for advance_phase's answer. */
export const PHASE_DESCRIPTION = `{{phase}}: tools {{tools}}; shell: {{shell}}; file writes {{writes}}.`;

/** What `tools` says when the phase allows `*`. */
export const EVERY_TOOL = `every tool`;

export const SHELL_RULES: Record<ShellRule, string> = {
  readonly: `read-only commands only`,
  readonly_or_tests: `read-only commands and test commands`,
  not_destructive: `any command that is not destructive`,
  any: `any command`,
};

export const WRITES_ALLOWED = `allowed`;
export const WRITES_NOT_ALLOWED = `not allowed`;
