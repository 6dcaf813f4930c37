import type { Scenario } from '../scenario';

/** A static page with nothing to test: the engine's check finds no tests and says so. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Welcome</title>
  </head>
  <body>
    <h1>Welcome</h1>
  </body>
</html>
`;

/**
 * A project without tests: the edit lands, the model says it is done, and the engine's check
 * finds no tests to run, so the run completes with "no tests found" rather than a green badge.
 */
export const noTests: Scenario = {
  name: 'no-tests',
  title: 'A project without tests',
  description: 'Edits a static page that has no tests; the engine looks for tests to check the work, finds none, and says so.',
  defaultTask: 'Change the page title to "Hello".',
  files: { 'index.html': PAGE },
  turns: [
    { text: 'I will change the title.', toolCalls: [{ name: 'read_file', args: { path: 'index.html' } }] },
    {
      toolCalls: [{ name: 'edit_file', args: { path: 'index.html', search: '<title>Welcome</title>', replace: '<title>Hello</title>' } }],
    },
    { text: 'The page title is "Hello" now.' },
  ],
};
