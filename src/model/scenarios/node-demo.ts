import type { Scenario } from '../scenario';

const WORDS_WITH_BUG = `/** Small word helpers. */

/** "hello" -> "Hello": the first letter upper case, the rest as it was. */
export function capitalize(word: string): string {
  return word.charAt(0) + word.slice(1).toUpperCase();
}

/** "the quick fox" -> "The Quick Fox". */
export function titleCase(text: string): string {
  return text.split(' ').map(capitalize).join(' ');
}
`;

const WORDS_TESTS = `import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capitalize, titleCase } from '../src/words.ts';

describe('capitalize', () => {
  it('upper-cases the first letter only', () => {
    assert.equal(capitalize('hello'), 'Hello');
  });

  it('leaves an empty word empty', () => {
    assert.equal(capitalize(''), '');
  });
});

describe('titleCase', () => {
  it('capitalizes every word', () => {
    assert.equal(titleCase('the quick fox'), 'The Quick Fox');
  });
});
`;

/** The small TypeScript project the scenario fixes: two of its three tests fail. */
export const NODE_DEMO_PROJECT: Readonly<Record<string, string>> = {
  'README.md': '# word-tools\n\nSmall word helpers in `src/words.ts`. Run the tests with `npm test` (`node --test`).\n',
  'package.json': `${JSON.stringify({ name: 'word-tools', version: '1.0.0', type: 'module', scripts: { test: 'node --test' } }, null, 2)}\n`,
  'src/words.ts': WORDS_WITH_BUG,
  'test/words.test.ts': WORDS_TESTS,
};

/** The fix: the first letter goes upper case, not the rest. */
export const WORDS_FIX = {
  path: 'src/words.ts',
  search: 'return word.charAt(0) + word.slice(1).toUpperCase();',
  replace: 'return word.charAt(0).toUpperCase() + word.slice(1);',
};

/** TypeScript on the virtual sandbox's node: node --test finds two failures, the agent fixes the module, the tests pass. */
export const nodeDemo: Scenario = {
  name: 'node-demo',
  title: 'Fix a TypeScript module (node --test)',
  description: "Runs a small TypeScript project's node:test suite, fixes the function two tests catch, and runs the suite again.",
  defaultTask: 'The tests of word-tools fail. Fix the code so they pass.',
  files: NODE_DEMO_PROJECT,
  turns: [
    {
      text: "Let me see the project's files and run its tests first.",
      toolCalls: [{ name: 'list_files', args: { path: '.' } }],
    },
    {
      text: 'A TypeScript module tested with node:test through `npm test`. Running the suite.',
      toolCalls: [{ name: 'run_tests', args: {} }],
    },
    {
      text: 'capitalize upper-cases the wrong part of the word, and titleCase fails through it. Let me read the module.',
      toolCalls: [{ name: 'read_file', args: { path: 'src/words.ts' } }],
    },
    {
      text: 'capitalize upper-cases everything but the first letter. I will upper-case the first letter and keep the rest.',
      toolCalls: [{ name: 'edit_file', args: WORDS_FIX }],
    },
    {
      text: 'Running the tests again to confirm.',
      toolCalls: [{ name: 'run_tests', args: {} }],
    },
    {
      text: 'Done. `capitalize` in src/words.ts now upper-cases the first letter and keeps the rest, so `titleCase` works too; all three node:test tests pass.',
    },
  ],
};
