/** Sent as a user message when the model's reply had neither text nor tool calls. */
export const EMPTY_REPLY_NUDGE = `Your last reply was empty. Either call a tool to continue the task, or reply with a short summary if the task is done.`;

/** Sent once when the model finishes although the last test run failed. */
export const FINISHED_WITH_FAILING_TESTS = `The last test run failed: {{summary}}
Fix it, or say why the result is acceptable as it is, before you finish.`;

/** Sent once when the model finishes after a run_tests that ran only part of the suite (test_path or name). */
export const FINISHED_WITH_PART_OF_SUITE = `Your last test run ran only part of the suite (test_path or name), so the other tests were not run on these files. Run the whole suite (run_tests without test_path and name), or say why that is not needed, before you finish.`;

/** Sent once when the model finishes although files changed after the last passing test run. */
export const FINISHED_WITH_UNTESTED_CHANGES = `Files changed after the last passing test run. Run the tests again, or say why that is not needed, before you finish.`;

/** Asked of the model when the recovery tier starts; `detail` says what set it off. */
export const RECOVERY_REQUEST = `Pause and reflect before you go on: {{detail}}
In a few short lines, say what went wrong in the last steps and why, then give a revised plan that takes a different approach. Do not call any tool in this reply.`;

/** The critique, handed back to the model as it goes on. */
export const RECOVERY_CRITIQUE = `Your own review of the run so far:
{{critique}}
Follow the revised plan.`;
