/** Sent as a user message when the model's reply had neither text nor tool calls. */
export const EMPTY_REPLY_NUDGE = `Your last reply was empty. Either call a tool to continue the task, or reply with a short summary if the task is done.`;
