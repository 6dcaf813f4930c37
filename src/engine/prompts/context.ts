/**
 * What keeps the context small and the model oriented: the workspace tree in the system prompt
 * (context/file-tree.ts), the pinned state sent with every request (context/pinned-state.ts) and the
 * summary written from the log when no model can write one (context/log-summary.ts).
 */

/** The workspace tree layer of the system prompt; `summary` is TREE_LISTED or TREE_SUMMARISED. */
export const WORKSPACE_TREE_LAYER = `Workspace files when the run started ({{summary}}; dependencies, build output and paths ignored by .gitignore are left out; list_files shows more):
{{tree}}`;

/** A tree small enough to list every file. */
export const TREE_LISTED = `{{files}}, all listed`;

/** A tree over the budget: the top levels in full, deeper folders as counts. */
export const TREE_SUMMARISED = `{{files}} in {{folders}}, summarised: a folder shown as "name/ (N files)" holds N files not listed`;

/** The walk stopped counting at its cap. */
export const TREE_SCAN_CAPPED = `counted in the first {{limit}} entries only`;

/** A folder not expanded in a summarised tree. */
export const TREE_FOLDER = `{{name}}/ ({{files}})`;

/** The rest of an expanded folder's entries, past the per-folder cap. */
export const TREE_MORE = `… and {{count}}`;

/** The tree of an empty workspace. */
export const TREE_EMPTY = `(no files)`;

/** A tree cut at its hard limit (only names so long the summary could not fit). */
export const TREE_CUT = `[… tree cut at {{limit}} characters]`;

/** The pinned block: right after the system prompt in every request, never summarised. `sections` are the PINNED_* below, blank-line separated. */
export const PINNED_STATE = `Current state of this run (rebuilt from the run's log for every request; it is never summarised):

{{sections}}`;

export const PINNED_TASK = `Task, as the user wrote it:
{{task}}`;

/** orchestrator: the role's brief in place of the task. */
export const PINNED_ROLE_BRIEF = `Your part as the {{role}} (round {{round}}), with the task and what the roles before you handed on:
{{brief}}`;

/** A task over the limit: its head, then this note. */
export const PINNED_TASK_CUT = `{{head}}
[… task cut at {{limit}} characters]`;

export const PINNED_MODE_REACT = `Mode: react (no phases).`;

/** `description` is the phase's rules as the phase layer words them (describePhase). */
export const PINNED_MODE_PHASE = `Mode: plan_exec. Current phase: {{description}}`;

/** orchestrator mode: the role whose loop this is, and its round. */
export const PINNED_MODE_ORCHESTRATOR = `Mode: orchestrator. Your role: {{role}}.`;

/** plan_exec mode without a phase in the log yet. */
export const PINNED_MODE_PLAN_EXEC = `Mode: plan_exec.`;

export const PINNED_PLAN = `Plan (the last message you wrote in the planning phase):
{{plan}}`;

export const PINNED_FILES = `Files changed so far:
{{lines}}`;

export const PINNED_FAILURES = `Open failures (not fixed yet):
{{lines}}`;

export const PINNED_ANSWERS = `The user's answers to your questions:
{{lines}}`;

/** A list line; pinned and summary lists share it. */
export const LIST_LINE = `- {{text}}`;

/** The last line of a capped list. */
export const LIST_MORE = `- and {{count}} more`;

/** A long text cut to its head. */
export const TEXT_CUT = `{{head}} […]`;

/** One file's net change: `change` is created, edited, deleted or "created, then deleted". */
export const FILE_CHANGE_LINE = `{{change}} {{path}}`;

/** run_tests' last failing run: its verdict line, then the failing tests it named (TEST_NAMES, or ''). */
export const TEST_FAILURE_LINE = `run_tests: {{verdict}}{{names}}`;

export const TEST_NAMES = `; failing: {{names}}`;

/** A failed run_command: `exit` is COMMAND_EXIT or COMMAND_TIMED_OUT. */
export const COMMAND_FAILURE_LINE = `run_command \`{{command}}\`: {{exit}}`;

export const EDIT_REFUSED_LINE = `{{tool}} on {{path}} refused {{times}} ({{kind}}): {{error}}`;

export const ANSWER_LINE = `Q: {{question}} A: {{answer}}`;

/** A command's end: `code` is its exit code. */
export const COMMAND_EXIT = `exit code {{code}}`;

export const COMMAND_TIMED_OUT = `timed out (exit code {{code}})`;

export const COMMAND_ABORTED = `stopped (exit code {{code}})`;

export const COMMAND_NO_EXIT = `no exit code (it did not finish)`;

/** The deterministic summary of a range of the log (SUMMARY_MESSAGE heads it); `calls` counts its tool calls, `sections` are the SUMMARY_* below. */
export const LOG_SUMMARY = `{{calls}}, summarised from the run's log:

{{sections}}`;

/** The sections of a summary of a stretch without reads, changes, commands, tests, plan or questions. */
export const SUMMARY_NOTHING = `(nothing else recorded)`;

/** A summary over its hard limit. */
export const LOG_SUMMARY_CUT = `{{head}}
[… summary cut at {{limit}} characters]`;

export const SUMMARY_FILES_READ = `Files read:
{{lines}}`;

/** `ranges` is WHOLE_FILE or the line ranges read, e.g. "lines 1–40, 80–120". */
export const FILE_READ_LINE = `{{path}}: {{ranges}}`;

export const WHOLE_FILE = `whole file`;

export const LINE_RANGES = `lines {{ranges}}`;

export const SUMMARY_FILES_CHANGED = `Files changed:
{{lines}}`;

export const SUMMARY_COMMANDS = `Commands run:
{{lines}}`;

export const COMMAND_LINE = `\`{{command}}\`: {{exit}}`;

/** The last test run of the range: its verdict line, then the failing tests it named (TEST_NAMES, or ''). */
export const SUMMARY_TESTS = `Last test run: {{verdict}}{{names}}`;

export const SUMMARY_PLAN = `Last plan:
{{plan}}`;

export const SUMMARY_OPEN_QUESTIONS = `Questions to the user still unanswered:
{{lines}}`;
