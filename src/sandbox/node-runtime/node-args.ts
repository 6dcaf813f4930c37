/** What `node ARGS` asks for. */
export type NodeInvocation =
  | { kind: 'version' }
  | { kind: 'help' }
  | { kind: 'eval'; code: string; print: boolean; args: string[] }
  | { kind: 'file'; file: string; args: string[] }
  | { kind: 'stdin'; args: string[] }
  | { kind: 'test'; paths: string[]; namePatterns: string[] }
  | { kind: 'error'; message: string };

/** Node's options that take no value and change nothing here (warnings, type stripping is on anyway). */
const IGNORED_FLAGS = new Set([
  '--experimental-strip-types',
  '--no-warnings',
  '--enable-source-maps',
  '--experimental-vm-modules',
  '--no-deprecation',
  '--trace-warnings',
]);

/** `node --test` options that change nothing here: the spec reporter is the only one, `.only` always counts. */
const IGNORED_TEST_FLAGS = /^--(test-reporter=spec|test-only|test-concurrency=\d+|no-warnings|experimental-strip-types)$/;

/** The same options written with their value as the next word. */
const SPACED_TEST_OPTION = /^--(test-reporter spec|test-concurrency \d+)$/;

export const NODE_USAGE = `Usage: node [options] [ script.js | script.ts ] [arguments]
       node -e "code" | node -p "expression"
       node --test [files or folders]

Phasegate's node for the virtual sandbox (QuickJS): CommonJS and ES modules from the
sandbox's files, fs, path, process, timers, assert, util and events. No network,
processes or native addons; the WebContainer sandbox has a real Node.js.
`;

/** `node --test`'s words: files or folders, and `--test-name-pattern` (`=P` or `P`, repeatable). */
function parseTestArgs(args: string[]): NodeInvocation {
  const paths: string[] = [];
  const namePatterns: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const pattern = /^--test-name-pattern(?:=(.*))?$/s.exec(arg);
    if (pattern) {
      const value = pattern[1] ?? args[++i];
      if (value === undefined) return { kind: 'error', message: 'node: --test-name-pattern requires an argument' };
      namePatterns.push(value);
    } else if (SPACED_TEST_OPTION.test(`${arg} ${args[i + 1] ?? ''}`)) {
      // `--test-reporter spec`: the value is the next word, not a path.
      i++;
    } else if (!arg.startsWith('-')) paths.push(arg);
    else if (!IGNORED_TEST_FLAGS.test(arg)) return { kind: 'error', message: `node: ${arg} is not supported by the virtual sandbox's node --test` };
  }
  return { kind: 'test', paths, namePatterns };
}

/** Reads node's command line: options up to the script (or -e/-p), the rest goes to the program. */
export function parseNodeArgs(argv: string[]): NodeInvocation {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '-v' || arg === '--version') return { kind: 'version' };
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '-e' || arg === '--eval' || arg === '-p' || arg === '--print') {
      const code = argv[i + 1];
      if (code === undefined) return { kind: 'error', message: `node: ${arg} requires an argument` };
      return { kind: 'eval', code, print: arg === '-p' || arg === '--print', args: argv.slice(i + 2) };
    }
    if (arg === '--') {
      const file = argv[i + 1];
      return file === undefined ? { kind: 'stdin', args: [] } : { kind: 'file', file, args: argv.slice(i + 2) };
    }
    if (arg === '-') return { kind: 'stdin', args: argv.slice(i + 1) };
    if (arg === '--test') return parseTestArgs(argv.slice(i + 1));
    if (arg.startsWith('-')) {
      if (IGNORED_FLAGS.has(arg) || arg.startsWith('--max-old-space-size') || arg.startsWith('--stack-size')) continue;
      return { kind: 'error', message: `node: ${arg} is not supported by the virtual sandbox's node` };
    }
    return { kind: 'file', file: arg, args: argv.slice(i + 1) };
  }
  return { kind: 'stdin', args: [] };
}
