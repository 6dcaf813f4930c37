// Kept, not node:util parseArgs: it needs every option's type up front (else `--task x` reads as a switch and a positional), while our commands name only their switches when parsing and check flag names afterwards with their own messages.
/** A small argv parser: `--flag value`, `--flag=value`, boolean `--flag`, positionals. */
export interface ParsedArgs {
  positionals: string[];
  /** Each flag's last value. */
  flags: Map<string, string | true>;
  /** Every value of each flag that took one, in order (a repeatable flag's). */
  lists: Map<string, string[]>;
}

export function parseArgs(argv: readonly string[], booleanFlags: ReadonlySet<string>): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  const set = (name: string, value: string) => {
    flags.set(name, value);
    lists.set(name, [...(lists.get(name) ?? []), value]);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq !== -1) {
      set(arg.slice(2, eq), arg.slice(eq + 1));
    } else if (booleanFlags.has(arg.slice(2))) {
      flags.set(arg.slice(2), true);
    } else {
      const value = argv[i + 1];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      set(arg.slice(2), value);
      i++;
    }
  }
  return { positionals, flags, lists };
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

/** Every value a repeatable flag was given, in order ([] when absent). */
export function listFlag(args: ParsedArgs, name: string): string[] {
  if (args.flags.get(name) === true) throw new UsageError(`--${name} needs a value`);
  return args.lists.get(name) ?? [];
}

export function rejectUnknownFlags(args: ParsedArgs, known: readonly string[]): void {
  for (const name of args.flags.keys()) {
    if (!known.includes(name)) throw new UsageError(`unknown option --${name} (known: ${known.map((k) => `--${k}`).join(', ')})`);
  }
}
