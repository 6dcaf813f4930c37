/** The engine's question when the agent keeps looping in a session someone watches; `detail` is the escalation message. */
export const LOOP_QUESTION = `{{detail}} How should the agent go on? (Say what to do differently, or what it is missing.)`;

/** The person's answer to LOOP_QUESTION, handed to the model. */
export const LOOP_GUIDANCE = `The user saw that you were repeating yourself and says: {{answer}}
Follow this guidance instead of repeating the same calls.`;

/** The engine's question when too many tool calls failed (failure-chain.ts); `count` failed, the last `last`. */
export const BLOCKER_QUESTION = `{{count}} tool calls have failed in this run (the last: {{last}}). Something the agent cannot fix may be in the way. How should it go on? (Say what is missing or what to do differently.)`;

/** The person's answer to BLOCKER_QUESTION, handed to the model. */
export const BLOCKER_GUIDANCE = `Many of your tool calls failed, and the user says: {{answer}}
Follow this guidance before trying again.`;

/** Appended to a failed command whose output looks like something only the user can fix; `cause` names it. */
export const BLOCKER_HINT = `[This looks like {{cause}}, which you cannot fix from the sandbox. If it blocks the task, ask the user with ask_human (kind "blocker") instead of guessing or retrying.]`;

/**
 * Heads the user's answers, pinned at the end of the system prompt (conversation.ts): they stay
 * when the run goes on in another mode and are never summarised away. A CLARIFICATION_LINE follows per answer.
 */
export const PREVIOUS_CLARIFICATIONS = `Previous clarifications (the user's answers to your questions in this session; they still hold):`;

/** One question and its answer under PREVIOUS_CLARIFICATIONS. */
export const CLARIFICATION_LINE = `- Q: {{question}}
  A: {{answer}}`;
