import { joinPath, relativeTo } from '../paths';
import type { FsOverlay } from './fs-overlay';
import { unsupportedConfigSettings } from './offline-vitest-config';
import { offlineTestFiles, type TestFlavour } from './offline-vitest-discovery';
import { MISSING_FEATURE_SUFFIX, OFFLINE_VITEST_MODULES, offlineVitestGuest } from './offline-vitest-guest';
import { fileFailed, type FileOutcome, FileReportSchema, formatReport } from './offline-vitest-report';
import { testFileSelection } from './offline-vitest-selection';
import { formatOf } from './resolve-module';
import { type NodeRunResult, runNode } from './run-node';

export interface OfflineVitestRequest {
  flavour: TestFlavour;
  filters: string[];
  namePattern: string | null;
  passWithNoTests: boolean;
  /** Lines for the header about options honoured only in part (no coverage, no watch mode). */
  notes: string[];
  cwd: string;
  env: Record<string, string>;
  fs: FsOverlay;
  stopped: () => boolean;
}

/** The first lines: plainly not vitest or jest, and why an installed copy is not used. */
function header(request: OfflineVitestRequest): string {
  let text = `\n RUN  Phasegate's offline vitest/jest-compatible runner (not ${request.flavour} itself) ${request.cwd}\n`;
  text += '      The test files run in QuickJS with a built-in subset of the vitest/jest API; no packages are installed or fetched.\n';
  if (request.fs.stat(joinPath(joinPath(request.cwd, 'node_modules'), request.flavour))?.type === 'dir') {
    text += `      node_modules/${request.flavour} is installed, but it cannot run in QuickJS: this runner runs the tests instead.\n`;
  }
  for (const note of request.notes) text += `      Note: ${note}.\n`;
  return `${text}\n`;
}

/** Output the test file printed itself, labelled like vitest's "stdout | file". */
function programOutput(file: string, stdout: string, stderr: string): string {
  let text = '';
  if (stdout) text += `stdout | ${file}\n${stdout.replace(/\n?$/, '\n')}\n`;
  if (stderr) text += `stderr | ${file}\n${stderr.replace(/\n?$/, '\n')}\n`;
  return text;
}

/** QuickJS's words for an import the runner's module lacks (`expectTypeOf`, …), said as the runner's own. */
function missingExport(stderr: string): string {
  const match = /Could not find export '([^']+)' in module 'node:([^']+)'/.exec(stderr);
  if (!match || !(OFFLINE_VITEST_MODULES as readonly string[]).includes(match[2] ?? '')) return stderr;
  return `Unsupported: ${match[1]} from '${match[2]}' ${MISSING_FEATURE_SUFFIX}`;
}

async function runFile(request: OfflineVitestRequest, path: string, file: string): Promise<{ outcome: FileOutcome; interrupted: NodeRunResult | null }> {
  const started = Date.now();
  const outcome: FileOutcome = { file, tests: [], errors: [], durationMs: 0, output: '' };
  if (/x$/.test(path)) {
    outcome.errors.push(`Unsupported: JSX in ${file} ${MISSING_FEATURE_SUFFIX} (it needs a JSX transform and a DOM)`);
    return { outcome, interrupted: null };
  }
  let report: unknown = null;
  const result = await runNode({
    entry: { kind: 'file', path, format: formatOf(request.fs, path) },
    argv: ['/usr/local/bin/node', path],
    env: {
      ...request.env,
      NODE_ENV: request.env.NODE_ENV ?? 'test',
      [request.flavour === 'jest' ? 'JEST_WORKER_ID' : 'VITEST']: request.flavour === 'jest' ? '1' : 'true',
    },
    cwd: request.cwd,
    stdin: '',
    fs: request.fs,
    stopped: request.stopped,
    extension: {
      source: offlineVitestGuest({ flavour: request.flavour, namePattern: request.namePattern }),
      modules: OFFLINE_VITEST_MODULES,
      onReport: (text) => {
        report = JSON.parse(text);
      },
    },
  });
  outcome.durationMs = Date.now() - started;
  if (result.interrupted) return { outcome, interrupted: result };
  const parsed = FileReportSchema.safeParse(report);
  if (!parsed.success) {
    outcome.output = programOutput(file, result.stdout, '');
    outcome.errors.push(missingExport(result.stderr.trim()) || `${file} ended (exit code ${result.exitCode}) before its tests ran`);
    return { outcome, interrupted: null };
  }
  outcome.output = programOutput(file, result.stdout, result.stderr);
  outcome.tests = parsed.data.tests;
  outcome.errors = parsed.data.errors;
  if (outcome.tests.length === 0 && outcome.errors.length === 0) outcome.errors.push(`Error: No test found in ${file}`);
  return { outcome, interrupted: null };
}

/**
 * `vitest` / `jest` in the virtual sandbox: each test file runs in its own QuickJS runtime with the
 * guest runner (offline-vitest-guest.ts), one after another, and the results are printed in
 * vitest's format. Exit code 1 when a file or test failed, or when no test file was found.
 */
export async function runOfflineVitest(request: OfflineVitestRequest): Promise<NodeRunResult> {
  const started = Date.now();
  let stdout = header(request);
  const chosen = testFileSelection(request.fs, request.cwd, request.flavour);
  if (!chosen.ok) return { stdout, stderr: `${chosen.error}\n`, exitCode: 1, interrupted: false };
  const files = offlineTestFiles(request.fs, request.cwd, request.filters, request.flavour, chosen.selection);
  if (files.length === 0) {
    const filtered = request.filters.length > 0 ? ` matching ${request.filters.join(', ')}` : '';
    stdout += `No test files found${filtered} (looked for ${chosen.selection.lookedFor})\n`;
    return { stdout, stderr: '', exitCode: request.passWithNoTests ? 0 : 1, interrupted: false };
  }
  const unsupported = unsupportedConfigSettings(request.fs, request.cwd);
  const outcomes: FileOutcome[] = [];
  for (const path of files) {
    const file = relativeTo(request.cwd, path) ?? path;
    if (unsupported.length > 0) {
      const errors = unsupported.map(({ setting, file: config }) => `Unsupported: ${setting} (in ${config}) ${MISSING_FEATURE_SUFFIX}`);
      outcomes.push({ file, tests: [], errors, durationMs: 0, output: '' });
      continue;
    }
    const { outcome, interrupted } = await runFile(request, path, file);
    if (interrupted)
      return { stdout: stdout + formatReport(outcomes, Date.now() - started), stderr: interrupted.stderr, exitCode: interrupted.exitCode, interrupted: true };
    outcomes.push(outcome);
  }
  stdout += formatReport(outcomes, Date.now() - started);
  return { stdout, stderr: '', exitCode: outcomes.some(fileFailed) ? 1 : 0, interrupted: false };
}
