import { z } from 'zod';
import { messageOf } from '../protocol/error-message';
import type { Sandbox } from '../sandbox/port';
import { joinPath } from './paths';
import { walk } from './walk';

export type TestRunnerId = 'npm' | 'vitest' | 'pytest' | 'go' | 'cargo';

export interface DetectedTestRunner {
  id: TestRunnerId;
  /** The command the project's own tooling would run. */
  command: string;
  /** What gave it away, for the model and the viewer. */
  reason: string;
  /** For npm: the body of the "test" script. */
  script?: string;
}

export type TestRunnerDetection = { ok: true; runner: DetectedTestRunner } | { ok: false; error: string };

/** What `npm init` writes when there are no tests; running it only reports an error. */
const NPM_PLACEHOLDER = /no test specified/;
const VITEST_CONFIGS = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'].map((ext) => `vitest.config.${ext}`);
const PYTHON_TEST_FILE = /^(test_.*|.*_test)\.py$/;
const PYTHON_SCAN_DEPTH = 3;
const PYTHON_SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules', '.venv', 'venv', '__pycache__', 'dist', 'build']);

const PackageJsonSchema = z.object({ scripts: z.record(z.string(), z.unknown()).optional() });

const LOOKED_FOR = [
  'package.json with a "test" script',
  `a vitest config (${VITEST_CONFIGS.join(', ')})`,
  'pytest markers (pytest.ini, conftest.py, pyproject.toml with [tool.pytest…], setup.cfg with [tool:pytest], tox.ini with [pytest], or test_*.py / *_test.py files)',
  'go.mod',
  'Cargo.toml',
];

async function readIfFile(sandbox: Sandbox, path: string): Promise<string | null> {
  const stat = await sandbox.stat(path);
  return stat?.type === 'file' ? sandbox.readFile(path) : null;
}

async function hasPythonTestFiles(sandbox: Sandbox): Promise<boolean> {
  for await (const entry of walk(sandbox, sandbox.workdir, { maxDepth: PYTHON_SCAN_DEPTH, skipDirs: PYTHON_SKIPPED_DIRS })) {
    if (entry.type === 'file' && PYTHON_TEST_FILE.test(entry.name)) return true;
  }
  return false;
}

async function pytestReason(sandbox: Sandbox, at: (name: string) => string): Promise<string | null> {
  if ((await readIfFile(sandbox, at('pytest.ini'))) !== null) return 'pytest.ini';
  if ((await readIfFile(sandbox, at('conftest.py'))) !== null) return 'conftest.py';
  if ((await readIfFile(sandbox, at('pyproject.toml')))?.includes('[tool.pytest')) return 'pyproject.toml has [tool.pytest…]';
  if ((await readIfFile(sandbox, at('setup.cfg')))?.includes('[tool:pytest]')) return 'setup.cfg has [tool:pytest]';
  if ((await readIfFile(sandbox, at('tox.ini')))?.includes('[pytest]')) return 'tox.ini has [pytest]';
  if (await hasPythonTestFiles(sandbox)) return 'test_*.py files';
  return null;
}

/**
 * Works out how this workspace runs its tests, from the files at its root.
 * Order matters: what a project declares (package.json's "test" script) wins over what we infer.
 */
export async function detectTestRunner(sandbox: Sandbox): Promise<TestRunnerDetection> {
  const at = (name: string) => joinPath(sandbox.workdir, name);
  const notes: string[] = [];

  const packageJson = await readIfFile(sandbox, at('package.json'));
  if (packageJson !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(packageJson);
    } catch (error) {
      notes.push(`package.json is not valid JSON (${messageOf(error)}), so its scripts were ignored.`);
    }
    const pkg = parsed === undefined ? null : PackageJsonSchema.safeParse(parsed);
    if (pkg && !pkg.success) notes.push('package.json has no usable "scripts" object.');
    const script = pkg?.success ? pkg.data.scripts?.test : undefined;
    if (typeof script === 'string' && script.trim() !== '' && !NPM_PLACEHOLDER.test(script)) {
      return { ok: true, runner: { id: 'npm', command: 'npm test', reason: `package.json "test" script: ${script}`, script } };
    }
    if (typeof script === 'string' && NPM_PLACEHOLDER.test(script)) notes.push('package.json\'s "test" script is npm\'s "no test specified" placeholder.');
  }

  for (const config of VITEST_CONFIGS) {
    if ((await readIfFile(sandbox, at(config))) !== null) {
      return { ok: true, runner: { id: 'vitest', command: 'npx vitest run', reason: `${config} (no "test" script in package.json)` } };
    }
  }

  const pytest = await pytestReason(sandbox, at);
  if (pytest !== null) return { ok: true, runner: { id: 'pytest', command: 'python -m pytest -q', reason: pytest } };

  if ((await readIfFile(sandbox, at('go.mod'))) !== null) {
    return { ok: true, runner: { id: 'go', command: 'go test ./...', reason: 'go.mod' } };
  }
  if ((await readIfFile(sandbox, at('Cargo.toml'))) !== null) {
    return { ok: true, runner: { id: 'cargo', command: 'cargo test', reason: 'Cargo.toml' } };
  }

  return {
    ok: false,
    error: [
      'No test runner found in the workspace root. Looked for:',
      ...LOOKED_FOR.map((item) => `- ${item}`),
      ...notes,
      'If the project tests some other way, run its test command with run_command.',
    ].join('\n'),
  };
}
