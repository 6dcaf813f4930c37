import { z } from 'zod';

/**
 * Settings → "Ask before": which tool calls wait for the user's approval before they run.
 * "commands": run_command and run_tests (every tool of kind execute); "edits_and_commands": the
 * writes too (create_file, edit_file). Reads never ask.
 */
export const AskBeforeSchema = z.enum(['nothing', 'commands', 'edits_and_commands']);
export type AskBefore = z.infer<typeof AskBeforeSchema>;
export const DEFAULT_ASK_BEFORE: AskBefore = 'nothing';

/** What an approval is for: a command (a tool of kind execute) or an edit (a tool of kind edit). */
export const ApprovalKindSchema = z.enum(['command', 'edit']);
export type ApprovalKind = z.infer<typeof ApprovalKindSchema>;

/** Whether "Ask before" covers calls of this kind. */
export function asksBefore(setting: AskBefore, kind: ApprovalKind): boolean {
  if (setting === 'nothing') return false;
  return kind === 'command' || setting === 'edits_and_commands';
}
