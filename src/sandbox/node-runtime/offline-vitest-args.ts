import type { TestFlavour } from './offline-vitest-discovery';

/** What `vitest ARGS` or `jest ARGS` asks the offline runner for. */
export type OfflineVitestInvocation =
  | { kind: 'run'; filters: string[]; namePattern: string | null; passWithNoTests: boolean; notes: string[] }
  | { kind: 'version' }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

/** Options that change nothing here: there is one reporter, no watch mode, no workers and no cache. */
const IGNORED = new Set([
  '--run',
  '--globals',
  '--no-watch',
  '--watch=false',
  '--watchAll=false',
  '--ci',
  '--runInBand',
  '-i',
  '--verbose',
  '--silent',
  '--color',
  '--colors',
  '--no-color',
  '--no-colors',
  '--no-cache',
  '--no-coverage',
  '--coverage=false',
  '--coverage.enabled=false',
  '--no-file-parallelism',
  '--isolate',
  '--detectOpenHandles',
  '--forceExit',
  '--clearMocks',
]);
const IGNORED_WITH_VALUE = /^--(reporter|reporters|pool|maxWorkers|minWorkers|poolOptions\.[\w.]+|maxConcurrency|logHeapUsage)(=.*)?$/;
/** vitest's subcommand that runs the tests once (the only way they run here). */
const RUN_SUBCOMMANDS = new Set(['run']);
/** Options the tests still run under, with a line in the header saying what is left out. */
const NOTED: [RegExp, string][] = [
  [/^--coverage(=true)?$/, 'no coverage is collected (--coverage)'],
  [/^(--watch|--watchAll|watch|dev)$/, 'the tests run once: there is no watch mode'],
];

export function offlineVitestUsage(flavour: TestFlavour): string {
  return `Usage: ${flavour === 'vitest' ? 'vitest [run] [filters…]' : 'jest [patterns…]'} [-t NAME] [--passWithNoTests]

Phasegate's offline vitest/jest-compatible runner for the virtual sandbox: the test files run in
QuickJS with a built-in subset of the vitest/jest API (describe/it/test, .each/.skip/.only/.todo,
hooks, expect with the common matchers, vi.fn/jest.fn, spyOn). No packages are installed or run;
the WebContainer sandbox runs the real ${flavour}.
`;
}

/** Reads the command line; an option the runner cannot honour is an error naming it. */
export function parseOfflineVitestArgs(argv: string[], flavour: TestFlavour): OfflineVitestInvocation {
  const filters: string[] = [];
  let namePattern: string | null = null;
  let passWithNoTests = false;
  const notes: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '-v' || arg === '--version') return { kind: 'version' };
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '-t' || arg === '--testNamePattern' || arg === '--testPathPattern' || arg === '--reporter') {
      const value = argv[i + 1];
      if (value === undefined) return { kind: 'error', message: `${flavour}: ${arg} needs a value` };
      i++;
      if (arg === '--testPathPattern') filters.push(value);
      else if (arg !== '--reporter') namePattern = value;
      continue;
    }
    const withValue = /^--(testNamePattern|testPathPattern)=(.*)$/.exec(arg);
    if (withValue) {
      if (withValue[1] === 'testPathPattern') filters.push(withValue[2] ?? '');
      else namePattern = withValue[2] ?? '';
      continue;
    }
    if (arg === '--passWithNoTests') {
      passWithNoTests = true;
      continue;
    }
    if (IGNORED.has(arg) || IGNORED_WITH_VALUE.test(arg)) continue;
    const noted = NOTED.find(([pattern]) => pattern.test(arg) && (arg.startsWith('-') || (flavour === 'vitest' && i === 0)));
    if (noted) {
      if (!notes.includes(noted[1])) notes.push(noted[1]);
      continue;
    }
    if (arg.startsWith('-')) return { kind: 'error', message: `${flavour}: ${arg} is not supported by Phasegate's offline vitest/jest runner` };
    if (flavour === 'vitest' && i === 0 && RUN_SUBCOMMANDS.has(arg)) continue;
    filters.push(arg);
  }
  if (namePattern !== null) {
    try {
      new RegExp(namePattern);
    } catch {
      return { kind: 'error', message: `${flavour}: -t ${namePattern} is not a valid regular expression` };
    }
  }
  return { kind: 'run', filters, namePattern, passWithNoTests, notes };
}
