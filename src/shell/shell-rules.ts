import { z } from 'zod';

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
