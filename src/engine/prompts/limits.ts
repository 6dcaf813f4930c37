/** The result of a call whose arguments were over the size limit (call-limits.ts); they were never parsed. */
export const ARGUMENTS_TOO_LONG = `Not run: the arguments of this {{tool}} call are {{size}} characters long, over the limit of {{limit}} characters per call, so they were not read. Write large content in parts (create the file with the first part, then add the rest with edit_file), or generate it with a command.`;

/** Sent after a reply that asked for more tool calls than one reply may make (call-limits.ts). */
export const CALL_LIMIT = `Your last reply asked for {{asked}} tool calls, but a reply may make at most {{limit}}: only the first {{limit}} were run, the other {{dropped}} were not. Ask again for the ones you still need, at most {{limit}} per reply.`;
