/** A tool result left out of the request (context masking); `again` says how to get it back. */
export const MASKED_RESULT = `[Output of {{tool}} {{args}} left out to keep the context small ({{size}}). {{again}}]`;

/** How to get a masked result back, by tool; `GET_AGAIN.other` for the rest. */
export const GET_AGAIN = {
  read_file: `Re-read {{target}} if you need it.`,
  run_command: `Run the command again if you need its output.`,
  run_tests: `Run the tests again if you need the report.`,
  search_codebase: `Search again if you need the matches.`,
  list_files: `List the files again if you need them.`,
  outline: `Ask for the outline again if you need it.`,
  other: `Call {{tool}} again with the same arguments if you need it.`,
} as const;

/** A tool result too large for its share of the window: its head and tail, and how to read the rest. */
export const CUT_RESULT = `{{head}}
[… {{removed}} cut to fit the context window; read the rest in smaller pieces (read_file with start_line/end_line, or a narrower command) …]
{{tail}}`;

/** The message that stands in for the oldest turns once they are summarised. */
export const SUMMARY_MESSAGE = `Summary of the earlier steps of this run (written to keep the context small; the task and the pinned state above still hold):
{{summary}}`;

/** The instruction for the model that writes a summary. */
export const SUMMARY_REQUEST = `You compress the history of a coding agent's run so it can go on with a smaller context. Write a factual summary of the steps below, at most {{budget}} words: what was explored and learned (files, functions, facts), what was changed (paths), commands and tests with their outcomes, decisions and the current plan, open problems. Keep exact paths, names and error messages; leave out chatter. Plain text or a short list, no preamble.{{earlier}}

Steps:
{{transcript}}`;

/** Added to SUMMARY_REQUEST when an earlier summary (or chunk) is folded in. */
export const SUMMARY_EARLIER = `

Fold this earlier summary into yours:
{{summary}}`;
