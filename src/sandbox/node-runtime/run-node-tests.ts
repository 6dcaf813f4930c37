import type { FsOverlay } from './fs-overlay';
import { formatOf } from './resolve-module';
import { type NodeRunResult, runNode, type TestCounts } from './run-node';
import { testFiles } from './test-discovery';

/** How the patterns reach each file's guest (guest-test.ts reads it). */
export const NAME_PATTERNS_ENV = 'PHASEGATE_TEST_NAME_PATTERNS';

export interface NodeTestRequest {
  paths: string[];
  /** `--test-name-pattern`s: only tests whose name (or an enclosing suite's) matches one run. */
  namePatterns?: string[];
  cwd: string;
  env: Record<string, string>;
  fs: FsOverlay;
  stopped: () => boolean;
}

/**
 * `node --test`: each test file runs in its own QuickJS runtime (Node gives each its own process),
 * one after another; their node:test counts are added up into Node's spec-reporter summary. A file
 * that fails outside its tests (a syntax error, a throw at the top) counts as one failed test.
 */
export async function runNodeTests(request: NodeTestRequest): Promise<NodeRunResult> {
  const { files, missing } = testFiles(request.fs, request.cwd, request.paths);
  const patterns = request.namePatterns ?? [];
  for (const pattern of patterns) {
    try {
      new RegExp(pattern);
    } catch {
      return { stdout: '', stderr: `node: --test-name-pattern: invalid regular expression: ${pattern}\n`, exitCode: 9, interrupted: false };
    }
  }
  if (missing.length > 0) return { stdout: '', stderr: `Could not find '${missing.join("', '")}'\n`, exitCode: 1, interrupted: false };
  const total: TestCounts = { tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
  const started = Date.now();
  let stdout = '';
  let stderr = '';
  for (const file of files) {
    let counted = false;
    const result = await runNode({
      entry: { kind: 'file', path: file, format: formatOf(request.fs, file) },
      argv: ['/usr/local/bin/node', file],
      env: { ...request.env, NODE_TEST_CONTEXT: 'child-v8', ...(patterns.length > 0 ? { [NAME_PATTERNS_ENV]: JSON.stringify(patterns) } : {}) },
      cwd: request.cwd,
      stdin: '',
      fs: request.fs,
      stopped: request.stopped,
      onTestCounts: (counts) => {
        counted = true;
        for (const key of Object.keys(total) as (keyof TestCounts)[]) total[key] += counts[key];
      },
    });
    stdout += result.stdout;
    if (result.interrupted) return { stdout, stderr: stderr + result.stderr, exitCode: result.exitCode, interrupted: true };
    if (!counted || (result.exitCode !== 0 && total.fail === 0)) {
      // The file itself failed (or ran no node:test at all but exited non-zero).
      if (result.exitCode !== 0) {
        total.tests += 1;
        total.fail += 1;
        stdout += `✖ ${file}\n${result.stderr.replace(/^/gm, '  ')}\n`;
      } else {
        stderr += result.stderr;
      }
    } else {
      stderr += result.stderr;
    }
  }
  const lines = [
    `tests ${total.tests}`,
    `suites ${total.suites}`,
    `pass ${total.pass}`,
    `fail ${total.fail}`,
    `cancelled ${total.cancelled}`,
    `skipped ${total.skipped}`,
    `todo ${total.todo}`,
    `duration_ms ${Date.now() - started}`,
  ];
  stdout += lines.map((line) => `ℹ ${line}\n`).join('');
  return { stdout, stderr, exitCode: total.fail > 0 ? 1 : 0, interrupted: false };
}
