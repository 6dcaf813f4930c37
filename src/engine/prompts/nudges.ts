/** Sent as a user message when the model's reply had neither text nor tool calls. */
export const EMPTY_REPLY_NUDGE = `Your last reply was empty. Either call a tool to continue the task, or reply with a short summary if the task is done.`;

/** Sent once when the model finishes although the last test run failed. */
export const FINISHED_WITH_FAILING_TESTS = `The last test run failed: {{summary}}
Fix it, or say why the result is acceptable as it is, before you finish.`;

/** Sent once when the model finishes although files changed after the last passing test run. */
export const FINISHED_WITH_UNTESTED_CHANGES = `Files changed after the last passing test run. Run the tests again, or say why that is not needed, before you finish.`;
