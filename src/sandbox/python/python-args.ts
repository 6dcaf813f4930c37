import type { PythonMode } from './python-protocol';

/** What a `python3` command line asks for. */
export type PythonRequest =
  | { kind: 'version' }
  | { kind: 'help' }
  | { kind: 'pip' }
  | { kind: 'usage-error'; message: string }
  | { kind: 'run'; mode: PythonMode; target: string; args: string[] };

/** Options that take a value (`-W error`, `-Wdefault`); accepted and otherwise ignored. */
const WITH_VALUE = new Set(['-W', '-X', '--check-hash-based-pycs']);
/** Flags CPython knows that change nothing here (buffering, bytecode, isolation, optimisation). */
const IGNORED_FLAGS = /^-[bBdEiIOPqsSuvx]+$/;

export const PYTHON_USAGE = `usage: python3 [option] ... [-c cmd | -m mod | file | -] [arg] ...
Options (the virtual sandbox runs Python in Pyodide):
-c cmd : program passed in as string (terminates option list)
-m mod : run library module as a script (terminates option list)
-V     : print the Python version number and exit (also --version)
-h     : print this help message and exit (also --help)
file   : program read from script file
-      : program read from stdin (default)
arg ...: arguments passed to program in sys.argv[1:]
`;

/** Reads python3's command line as CPython does: options up to the first of -c, -m, a file or `-`. */
export function parsePythonArgs(argv: string[]): PythonRequest {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '-V' || arg === '--version') return { kind: 'version' };
    if (arg === '-h' || arg === '--help' || arg === '-?') return { kind: 'help' };
    if (arg === '-c' || arg === '-m') {
      const value = argv[i + 1];
      if (value === undefined) return { kind: 'usage-error', message: `Argument expected for the ${arg} option` };
      const rest = argv.slice(i + 2);
      if (arg === '-c') return { kind: 'run', mode: 'code', target: value, args: rest };
      if (value === 'pip' || value.startsWith('pip.')) return { kind: 'pip' };
      return { kind: 'run', mode: 'module', target: value, args: rest };
    }
    // -cCODE and -mMODULE, written without a space.
    if (/^-[cm]./.test(arg)) return parsePythonArgs([...argv.slice(0, i), arg.slice(0, 2), arg.slice(2), ...argv.slice(i + 1)]);
    if (WITH_VALUE.has(arg)) {
      i++;
      continue;
    }
    if (/^-[WX]./.test(arg) || IGNORED_FLAGS.test(arg)) continue;
    if (arg === '-') return { kind: 'run', mode: 'stdin', target: '-', args: argv.slice(i + 1) };
    if (arg.startsWith('-')) return { kind: 'usage-error', message: `Unknown option: ${arg}` };
    return { kind: 'run', mode: 'file', target: arg, args: argv.slice(i + 1) };
  }
  return { kind: 'run', mode: 'stdin', target: '', args: [] };
}
