/** What `node ARGS` asks for. */
export type NodeInvocation =
  | { kind: 'version' }
  | { kind: 'help' }
  | { kind: 'eval'; code: string; print: boolean; args: string[] }
  | { kind: 'file'; file: string; args: string[] }
  | { kind: 'stdin'; args: string[] }
  | { kind: 'test'; paths: string[] }
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
const IGNORED_TEST_FLAGS = /^--(test-reporter(=spec)?|test-only|test-concurrency=\d+|no-warnings|experimental-strip-types)$/;

export const NODE_USAGE = `Usage: node [options] [ script.js | script.ts ] [arguments]
       node -e "code" | node -p "expression"
       node --test [files or folders]

Phasegate's node for the virtual sandbox (QuickJS): CommonJS and ES modules from the
sandbox's files, fs, path, process, timers, assert, util and events. No network,
processes or native addons; the WebContainer sandbox has a real Node.js.
`;

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
    if (arg === '--test') {
      const paths = argv.slice(i + 1).filter((a) => !a.startsWith('-'));
      const unknown = argv.slice(i + 1).find((a) => a.startsWith('-') && !IGNORED_TEST_FLAGS.test(a));
      if (unknown !== undefined) return { kind: 'error', message: `node: ${unknown} is not supported by the virtual sandbox's node --test` };
      return { kind: 'test', paths };
    }
    if (arg.startsWith('-')) {
      if (IGNORED_FLAGS.has(arg) || arg.startsWith('--max-old-space-size') || arg.startsWith('--stack-size')) continue;
      return { kind: 'error', message: `node: ${arg} is not supported by the virtual sandbox's node` };
    }
    return { kind: 'file', file: arg, args: argv.slice(i + 1) };
  }
  return { kind: 'stdin', args: [] };
}
