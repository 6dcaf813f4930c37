/** The task layer: the first user message. */
export const TASK_MESSAGE = `Task:
{{task}}`;

/** After the task, in a later run of a session: what the runs before it did in this workspace. */
export const EARLIER_RUNS_SECTION = `Earlier runs in this session worked in the same workspace; the files are as they left them (check before relying on them):
{{runs}}`;

/** One earlier run in that section. */
export const EARLIER_RUN_LINE = `{{number}}. "{{task}}" ({{status}}). Files changed: {{files}}. Outcome: {{outcome}}`;

/** After those runs, when the user edited files in the Editor since the last one ended. */
export const USER_EDITS_LINE = `The user edited {{files}} since the last run.`;
