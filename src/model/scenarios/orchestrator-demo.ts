import type { Scenario } from '../scenario';
import { SLUGIFY_FIX, SLUGIFY_WITH_BUG } from './demo';

/** The coder's first tests: all lower-case input, so they pass although the function keeps capitals. */
const FIRST_TESTS = `source src/slugify.sh
assert_eq "$(slugify 'rock & roll!')" "rock-roll" "strips punctuation"
assert_eq "$(slugify '  too   many   spaces  ')" "too-many-spaces" "collapses repeated separators"
assert_eq "$(slugify 'already-a-slug')" "already-a-slug" "keeps an existing slug"
`;

/** The test the reviewer asks for, added in round 2. */
const CAPITALS_TEST = {
  path: 'tests/slugify_test.sh',
  search: `assert_eq "$(slugify 'already-a-slug')" "already-a-slug" "keeps an existing slug"`,
  replace: `assert_eq "$(slugify 'already-a-slug')" "already-a-slug" "keeps an existing slug"
assert_eq "$(slugify 'Hello World')" "hello-world" "lowercases capitals"`,
};

const PLAN = {
  goal: 'Add a slugify function to sample-utils that turns text into a lower-case URL slug, with tests.',
  steps: [
    { id: '1', title: 'Add src/slugify.sh defining slugify, following src/greet.sh', files: ['src/slugify.sh'] },
    { id: '2', title: 'Add tests/slugify_test.sh with assert_eq cases for case, punctuation and separators', files: ['tests/slugify_test.sh'] },
    { id: '3', title: 'Run the test suite', files: [] },
  ],
  acceptance: ['slugify "Hello World" prints hello-world', 'punctuation and repeated separators become one dash, none at the ends', 'npm test passes'],
};

/**
 * orchestrator mode: the planner plans, the coder implements (missing the lower-casing), the
 * reviewer asks for that one change, the coder fixes it, and the reviewer approves. Each role's
 * turns are its own ("role:round"), since each starts a fresh conversation.
 */
export const orchestratorDemo: Scenario = {
  name: 'orchestrator-demo',
  title: 'Planner, coder, reviewer (orchestrator demo)',
  description: 'Orchestrator mode: a plan, an implementation the review sends back once for a missed case, the fix, and an approval.',
  defaultTask: 'Add a slugify function to sample-utils, with tests.',
  // Outside orchestrator mode the scenario has only this to say.
  turns: [{ text: 'This scenario plays an orchestrator run (planner, coder, reviewer); run it with the orchestrator mode.' }],
  roles: {
    'planner:1': [
      {
        text: 'Let me look at how the project is laid out before planning.',
        toolCalls: [
          { name: 'list_files', args: { path: '.' } },
          { name: 'read_file', args: { path: 'README.md' } },
          { name: 'read_file', args: { path: 'tests/greet_test.sh' } },
        ],
      },
      { text: 'One function per file in src/, tested with assert_eq. Here is the plan.', toolCalls: [{ name: 'submit_plan', args: PLAN }] },
    ],
    'coder:1': [
      {
        text: 'Following the plan: the function and its tests.',
        toolCalls: [
          { name: 'create_file', args: { path: 'src/slugify.sh', content: SLUGIFY_WITH_BUG } },
          { name: 'create_file', args: { path: 'tests/slugify_test.sh', content: FIRST_TESTS } },
        ],
      },
      { text: 'Running the tests.', toolCalls: [{ name: 'run_tests', args: {} }] },
      {
        text: 'The tests pass.',
        toolCalls: [
          {
            name: 'submit_work',
            args: {
              summary: 'Added slugify in src/slugify.sh (non-alphanumeric runs become one dash, trimmed at both ends) and tests in tests/slugify_test.sh.',
              filesChanged: ['src/slugify.sh', 'tests/slugify_test.sh'],
              testsRun: 'npm test: all tests pass',
            },
          },
        ],
      },
    ],
    'reviewer:1': [
      {
        text: 'Checking the change against the acceptance criteria.',
        toolCalls: [
          { name: 'read_file', args: { path: 'src/slugify.sh' } },
          { name: 'run_tests', args: {} },
        ],
      },
      {
        text: 'The tests pass, but no test has capitals and the function never lowercases: "Hello World" would give "Hello-World".',
        toolCalls: [
          {
            name: 'submit_review',
            args: {
              verdict: 'changes_requested',
              findings: [
                {
                  file: 'src/slugify.sh',
                  line: 3,
                  problem: 'Capital letters are kept: slugify "Hello World" prints Hello-World, not hello-world as the plan requires.',
                  suggestion: 'Lowercase the text (tr) before the sed clean-up, and add a test with capitals.',
                },
              ],
            },
          },
        ],
      },
    ],
    'coder:2': [
      {
        text: 'The reviewer found that capitals are kept. Reading both files before the fix.',
        toolCalls: [
          { name: 'read_file', args: { path: 'src/slugify.sh' } },
          { name: 'read_file', args: { path: 'tests/slugify_test.sh' } },
        ],
      },
      {
        text: 'Piping the text through tr first, and adding the test with capitals.',
        toolCalls: [
          { name: 'edit_file', args: SLUGIFY_FIX },
          { name: 'edit_file', args: CAPITALS_TEST },
        ],
      },
      { text: 'Running the tests again.', toolCalls: [{ name: 'run_tests', args: {} }] },
      {
        text: 'All tests pass, the new one included.',
        toolCalls: [
          {
            name: 'submit_work',
            args: {
              summary: 'slugify now lowercases its input with tr before the clean-up; a test with capitals covers it.',
              filesChanged: ['src/slugify.sh', 'tests/slugify_test.sh'],
              testsRun: 'npm test: all tests pass, "lowercases capitals" included',
            },
          },
        ],
      },
    ],
    'reviewer:2': [
      { text: 'Checking the fix.', toolCalls: [{ name: 'run_tests', args: {} }] },
      { text: 'The capitals case is covered and passes.', toolCalls: [{ name: 'submit_review', args: { verdict: 'approve', findings: [] } }] },
    ],
  },
};
