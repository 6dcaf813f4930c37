import type { Scenario } from '../scenario';

/** A sum with the wrong operator, and the test that catches it. */
const ADD_WITH_BUG = `# add A B: prints A + B
add() {
  echo $(( $1 - $2 ))
}
`;
const ADD_TESTS = `source src/add.sh
assert_eq "$(add 2 3)" "5" "adds two numbers"
`;

const edit = (search: string, replace: string) => ({ name: 'edit_file', args: { path: 'src/add.sh', search, replace } });

/**
 * A model that never runs the tests and says it is done: the engine's own check fails, the model
 * is sent back with the failure and tries three wrong fixes, and the run ends verification_failed
 * (with the default three fix attempts).
 */
export const untested: Scenario = {
  name: 'untested',
  title: 'Done without testing',
  description: 'Adds a buggy function with a test, never runs the tests and says it is done; the engine checks, and three wrong fixes later the run fails.',
  defaultTask: 'Add an add function to sample-utils, with a test.',
  turns: [
    {
      text: 'I will add the function and its test.',
      toolCalls: [
        { name: 'create_file', args: { path: 'src/add.sh', content: ADD_WITH_BUG } },
        { name: 'create_file', args: { path: 'tests/add_test.sh', content: ADD_TESTS } },
      ],
    },
    { text: 'Added `add` in src/add.sh with a test. Done.' },
    { toolCalls: [edit('$1 - $2', '$1 * $2')] },
    { text: 'Fixed the operator. Done.' },
    { toolCalls: [edit('$1 * $2', '$2 - $1')] },
    { text: 'Fixed the order. Done.' },
    { toolCalls: [edit('$2 - $1', '$1$2')] },
    { text: 'Fixed it for good. Done.' },
  ],
};
