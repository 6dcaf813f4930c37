import type { Scenario } from '../scenario';

export const SLUGIFY_WITH_BUG = `# slugify TEXT: prints TEXT as a URL slug ("Hello World" -> "hello-world").
slugify() {
  echo "$1" | sed -E 's/[^A-Za-z0-9]+/-/g; s/^-+//; s/-+$//'
}
`;

export const SLUGIFY_TESTS = `source src/slugify.sh
assert_eq "$(slugify 'Hello World')" "hello-world" "lowercases and joins words with dashes"
assert_eq "$(slugify 'Rock & Roll!')" "rock-roll" "strips punctuation"
assert_eq "$(slugify '  too   many   spaces  ')" "too-many-spaces" "collapses repeated separators"
assert_eq "$(slugify 'already-a-slug')" "already-a-slug" "keeps an existing slug"
`;

/** The one-line fix the demo applies after the first test run fails. */
export const SLUGIFY_FIX = {
  path: 'src/slugify.sh',
  search: `echo "$1" | sed -E`,
  replace: `echo "$1" | tr '[:upper:]' '[:lower:]' | sed -E`,
};

/** The offline demo over the starter project: add slugify, see a test fail, fix it, see it pass. */
export const demo: Scenario = {
  name: 'demo',
  title: 'Add slugify (demo)',
  description: 'Explores the starter project, adds a slugify function with tests, fixes a failing test and verifies.',
  defaultTask: 'Add a slugify function to sample-utils, with tests.',
  turns: [
    {
      text: "I'll start by getting an overview of the project layout.",
      toolCalls: [{ name: 'list_files', args: { path: '.' } }],
    },
    {
      text: 'This is a small bash project. Let me read the README and an existing test so the new code follows the same conventions.',
      toolCalls: [
        { name: 'read_file', args: { path: 'README.md' } },
        { name: 'read_file', args: { path: 'tests/greet_test.sh' } },
      ],
    },
    {
      text: 'Each function lives in src/NAME.sh and is tested with assert_eq in tests/NAME_test.sh. I will add slugify the same way, with tests for case, punctuation and repeated separators.',
      toolCalls: [
        { name: 'create_file', args: { path: 'src/slugify.sh', content: SLUGIFY_WITH_BUG } },
        { name: 'create_file', args: { path: 'tests/slugify_test.sh', content: SLUGIFY_TESTS } },
      ],
    },
    {
      text: "Now let's run the test suite.",
      toolCalls: [{ name: 'run_tests', args: {} }],
    },
    {
      text: 'Two assertions fail: the slug keeps its capital letters. Let me look at the function again.',
      toolCalls: [{ name: 'read_file', args: { path: 'src/slugify.sh' } }],
    },
    {
      text: 'The function never lowercases its input. I will pipe the text through tr before the sed clean-up.',
      toolCalls: [{ name: 'edit_file', args: SLUGIFY_FIX }],
    },
    {
      text: 'Running the tests again to confirm the fix.',
      toolCalls: [{ name: 'run_tests', args: {} }],
    },
    {
      text:
        'Done. I added `slugify` in src/slugify.sh: it lowercases the text, turns every run of non-alphanumeric ' +
        'characters into a single dash and trims dashes at both ends. tests/slugify_test.sh covers case, ' +
        'punctuation, repeated separators and an existing slug, and the whole suite passes.',
    },
  ],
};
