import { describe, expect, it } from 'vitest';
import { textReply } from '../model/mock-openai-server';
import { callReply as call, mockEndpointPerTest, runCli, workspacePerTest } from './run-cli';

/**
 * Issue 20's "done when": the CLI, driven by an OpenAI-compatible endpoint (the local mock server),
 * fixes a bug in a small project and ends with its tests passing in the virtual sandbox, with no
 * network and nothing installed. The model's replies are the mock's; the runtimes, the test runners
 * and the verdict are the product's.
 */
interface Project {
  name: string;
  files: Record<string, string>;
  fix: { path: string; search: string; replace: string };
  /** What the passing run's output holds. */
  passed: RegExp;
}

const PROJECTS: Project[] = [
  {
    name: 'a Python project tested with pytest',
    files: {
      'pyproject.toml': '[tool.pytest.ini_options]\ntestpaths = ["tests"]\npythonpath = ["src"]\n',
      'src/shop/__init__.py': '',
      'src/shop/cart.py': 'def total(prices, discount=0):\n    return sum(prices) - discount * sum(prices)\n\n\ndef count(items):\n    return len(items) - 1\n',
      'tests/test_cart.py':
        'from shop.cart import count, total\n\n\ndef test_total():\n    assert total([10, 20]) == 30\n\n\ndef test_count():\n    assert count(["a", "b"]) == 2\n',
    },
    fix: { path: 'src/shop/cart.py', search: '    return len(items) - 1\n', replace: '    return len(items)\n' },
    passed: /2 passed in/,
  },
  {
    name: 'a JavaScript project tested with vitest, not installed',
    files: {
      'package.json': JSON.stringify({ name: 'calc', type: 'module', scripts: { test: 'vitest run' }, devDependencies: { vitest: '^2.0.0' } }, null, 2),
      'src/calc.js': 'export function clamp(value, min, max) {\n  return Math.min(Math.max(value, max), min);\n}\n',
      'test/calc.test.js':
        "import { describe, expect, it } from 'vitest';\nimport { clamp } from '../src/calc.js';\n\ndescribe('clamp', () => {\n  it.each([[5, 0, 10, 5], [-1, 0, 10, 0], [11, 0, 10, 10]])('clamp(%i, %i, %i) is %i', (value, min, max, expected) => {\n    expect(clamp(value, min, max)).toBe(expected);\n  });\n});\n",
    },
    fix: { path: 'src/calc.js', search: 'Math.min(Math.max(value, max), min)', replace: 'Math.min(Math.max(value, min), max)' },
    passed: /Tests\s+3 passed \(3\)/,
  },
  {
    name: 'a TypeScript project tested with node --test',
    files: {
      'package.json': JSON.stringify({ name: 'words', type: 'module', scripts: { test: 'node --test' } }, null, 2),
      'src/words.ts': 'export function capitalize(word: string): string {\n  return word.charAt(0) + word.slice(1).toUpperCase();\n}\n',
      'test/words.test.ts':
        "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { capitalize } from '../src/words.ts';\n\ntest('capitalizes the first letter only', () => {\n  assert.equal(capitalize('hello'), 'Hello');\n});\n",
    },
    fix: { path: 'src/words.ts', search: 'word.charAt(0) + word.slice(1).toUpperCase()', replace: 'word.charAt(0).toUpperCase() + word.slice(1)' },
    passed: /ℹ pass 1/,
  },
];

describe('the CLI with an OpenAI-compatible endpoint fixes small projects offline', () => {
  const startServer = mockEndpointPerTest();
  const writeProject = workspacePerTest();

  it.each(PROJECTS)(
    '$name: the tests fail, the fix lands, the tests pass',
    async (project) => {
      const dir = await writeProject(project.files);
      const server = await startServer([
        call('call_1', 'run_tests', {}),
        call('call_2', 'read_file', { path: project.fix.path }),
        call('call_3', 'edit_file', project.fix),
        call('call_4', 'run_tests', {}),
        { kind: 'stream', chunks: textReply(['Fixed; the tests pass.']) },
      ]);
      const argv = ['--task', 'Fix the failing test', '--workspace', dir, '--base-url', server.baseUrl, '--model', 'mock-model', '--json'];
      const { code, events } = await runCli(argv);
      const results = events.flatMap((event) => (event.type === 'tool_result' ? [event] : []));
      expect(results.map((result) => [result.name, result.ok])).toEqual([
        ['run_tests', false],
        ['read_file', true],
        ['edit_file', true],
        ['run_tests', true],
      ]);
      expect(results[3]?.output).toMatch(project.passed);
      expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
      expect(code).toBe(0);
    },
    90_000,
  );
});
