/**
 * Everything the model reads from us, as plain-text templates with `{{name}}` placeholders.
 * They are .ts template strings rather than .md files: Vite's `?raw` import does not load under tsx,
 * which runs the same engine code in the CLI.
 */
export { INTERRUPTED_CALL_RESULT } from '../../protocol/interrupted-call';
export { BLOCKER_HINT, CLARIFICATION_LINE, LOOP_GUIDANCE, LOOP_QUESTION, PREVIOUS_CLARIFICATIONS } from './human';
export { ARGUMENTS_TOO_LONG, CALL_LIMIT } from './limits';
export { FIX_ATTEMPT_LINE, FIX_ATTEMPTS, LOOP_ALTERNATION, LOOP_MESSAGES, LOOP_REPEAT } from './loops';
export { EMPTY_REPLY_NUDGE, FINISHED_WITH_FAILING_TESTS, FINISHED_WITH_UNTESTED_CHANGES, RECOVERY_CRITIQUE, RECOVERY_REQUEST } from './nudges';
export {
  PHASE_VALIDATION_NOTE,
  ROLLBACK_COMMAND_PASSED,
  ROLLBACK_FAILED,
  ROLLBACK_RESTORED,
  VALIDATION_FAILED,
  VALIDATION_NEXT,
  VALIDATION_PASSED,
} from './phase-checks';
export { EVERY_TOOL, PHASE_DESCRIPTION, PHASE_LAYER, PHASE_LINE, PHASE_ORDER_SEPARATOR, SHELL_RULES, WRITES_ALLOWED, WRITES_NOT_ALLOWED } from './phases';
export { placeholdersOf, renderTemplate } from './render';
export { BASE_RULES, ENVIRONMENT_LAYER, ENVIRONMENTS, PROJECT_CUT, PROJECT_LAYER } from './system';
export { TASK_MESSAGE } from './task';
