import type { Scenario } from '../scenario';

/** Every kind of bad tool call the loop must survive, then a clean finish. */
export const recovery: Scenario = {
  name: 'recovery',
  title: 'Error recovery',
  description: 'Calls an unknown tool, sends arguments that are not JSON and arguments that fail the schema, then recovers.',
  defaultTask: 'Show how the agent recovers from bad tool calls.',
  turns: [
    {
      text: 'Let me search the web for slug conventions first.',
      toolCalls: [{ name: 'browse_web', args: { url: 'https://example.com/slugs' } }],
    },
    {
      text: 'That tool does not exist here. I will read the README instead.',
      toolCalls: [{ name: 'read_file', args: null, rawArguments: '{"path": "README.md"' }],
    },
    {
      text: 'My arguments were not valid JSON. Trying again.',
      toolCalls: [{ name: 'read_file', args: { start_line: 1 } }],
    },
    {
      text: 'I forgot the path. Let me list the files to get my bearings.',
      toolCalls: [{ name: 'list_files', args: { path: '.' } }],
    },
    {
      text: 'The listing worked. Each bad call came back as an error I could read and correct, so the run can finish normally.',
    },
  ],
};
