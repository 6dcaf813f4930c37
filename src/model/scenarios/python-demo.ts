import type { Scenario } from '../scenario';

export const TEXT_TOOLS_WITH_BUG = `"""Small text helpers."""


def slugify(text):
    """Return TEXT as a URL slug: "Hello World" -> "hello-world"."""
    words = "".join(c if c.isalnum() else " " for c in text).split()
    return "-".join(words)


def initials(name):
    """Return the initials of NAME: "Ada Lovelace" -> "AL"."""
    return "".join(part[0].upper() for part in name.split())
`;

const TEXT_TOOLS_TESTS = `from text_tools import initials, slugify


def test_slugify_lowercases_and_joins_words():
    assert slugify("Hello World") == "hello-world"


def test_slugify_strips_punctuation():
    assert slugify("Rock & Roll!") == "rock-roll"


def test_slugify_keeps_an_existing_slug():
    assert slugify("already-a-slug") == "already-a-slug"


def test_initials():
    assert initials("Ada Lovelace") == "AL"
`;

/** The small Python project the scenario fixes: two of its four tests fail. */
export const PYTHON_DEMO_PROJECT: Readonly<Record<string, string>> = {
  'README.md': '# text-tools\n\nSmall text helpers in `text_tools.py`. Run the tests with `pytest`.\n',
  'text_tools.py': TEXT_TOOLS_WITH_BUG,
  'test_text_tools.py': TEXT_TOOLS_TESTS,
};

/** The fix: slugs are lower case. */
export const TEXT_TOOLS_FIX = { path: 'text_tools.py', search: '    return "-".join(words)\n', replace: '    return "-".join(words).lower()\n' };

/** Python on the virtual sandbox: pytest finds two failures, the agent fixes the function, pytest passes. */
export const pythonDemo: Scenario = {
  name: 'python-demo',
  title: 'Fix a Python function (pytest)',
  description: 'Runs pytest on a small Python project, fixes the function two tests catch, and runs pytest again.',
  defaultTask: 'The tests of text_tools fail. Fix the code so they pass.',
  files: PYTHON_DEMO_PROJECT,
  turns: [
    {
      text: "Let me see the project's files and run its tests first.",
      toolCalls: [{ name: 'list_files', args: { path: '.' } }],
    },
    {
      text: 'A Python module with pytest tests. Running them to see what fails.',
      toolCalls: [{ name: 'run_tests', args: {} }],
    },
    {
      text: 'Two slugify tests fail: the slug keeps its capital letters. Let me read the function.',
      toolCalls: [{ name: 'read_file', args: { path: 'text_tools.py' } }],
    },
    {
      text: 'slugify joins the words but never lowercases them. I will lowercase the joined slug.',
      toolCalls: [{ name: 'edit_file', args: TEXT_TOOLS_FIX }],
    },
    {
      text: 'Running pytest again to confirm.',
      toolCalls: [{ name: 'run_tests', args: {} }],
    },
    {
      text: 'Done. `slugify` in text_tools.py now lowercases the slug it builds, so "Hello World" gives "hello-world"; all four pytest tests pass.',
    },
  ],
};
