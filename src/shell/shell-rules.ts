import { z } from 'zod';
import type { Phase } from '../protocol/events';

/**
 * What run_command may do in a phase:
 * - readonly: read-only commands only (planning);
 * - readonly_or_tests: read-only commands or recognised test commands (verification);
 * - not_destructive: anything that is not destructive and could be parsed (building);
 * - any: everything (delivery).
 * Kept apart from the classifier so importing the rule names does not pull in the parser.
 */
export const ShellRuleSchema = z.enum(['readonly', 'readonly_or_tests', 'not_destructive', 'any']);
export type ShellRule = z.infer<typeof ShellRuleSchema>;

/** The default shell rule of each plan_exec phase. */
export const DEFAULT_PHASE_SHELL_RULES: Readonly<Record<Phase, ShellRule>> = {
  planning: 'readonly',
  building: 'not_destructive',
  verification: 'readonly_or_tests',
  delivery: 'any',
};
