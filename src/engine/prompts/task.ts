/** The task layer: the first user message. */
export const TASK_MESSAGE = `Task:
{{task}}`;
