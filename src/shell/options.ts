import { ABSOLUTE_PATH_VARIABLES, type OptionSyntax, PATH_PRINTING_COMMANDS } from './command-tables';
import type { Arg } from './words';

export type { OptionSyntax } from './command-tables';

export interface ParsedOption {
  /** `-o` or `--output` (a short option from a cluster like `-ni` is reported on its own). */
  name: string;
  value: Arg | null;
}

export interface ParsedArgv {
  options: ParsedOption[];
  operands: Arg[];
  /** Words we cannot read before run time that could still be options. */
  unknown: Arg[];
}

/**
 * GNU-style option parsing: options may follow operands (unless the syntax
 * says the first operand ends them), `--` ends them, short options cluster,
 * long options may be abbreviated. Variables whose
 * values are known to be file names (`safeVars`) count as operands.
 */
export function parseOptions(args: readonly Arg[], syntax: OptionSyntax, safeVars: ReadonlySet<string>): ParsedArgv {
  const valued = syntax.valued ?? [];
  const attachedOnly = syntax.attachedOnly ?? [];
  const result: ParsedArgv = { options: [], operands: [], unknown: [] };
  let optionsEnded = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as Arg;
    const text = arg.text;
    if (optionsEnded) {
      result.operands.push(arg);
      continue;
    }
    if (text === null) {
      if (mayBeOption(arg, safeVars)) result.unknown.push(arg);
      else {
        result.operands.push(arg);
        optionsEnded = syntax.optionsEndAtOperand === true;
      }
      continue;
    }
    if (text === '--') {
      optionsEnded = true;
      continue;
    }
    if (syntax.longSingleDash && text.startsWith('-') && text.length > 1) {
      const single = text.startsWith('--') ? text.slice(1) : text;
      const eq = single.indexOf('=');
      const name = eq === -1 ? single : single.slice(0, eq);
      if (eq !== -1) result.options.push({ name, value: literalFrom(arg, single.slice(eq + 1)) });
      else if (valued.includes(name)) {
        result.options.push({ name, value: args[i + 1] ?? null });
        i++;
      } else result.options.push({ name, value: null });
      continue;
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const typed = eq === -1 ? text : text.slice(0, eq);
      if (eq !== -1) {
        result.options.push({ name: typed, value: literalFrom(arg, text.slice(eq + 1)) });
      } else if (!syntax.flags?.includes(typed) && findLong(typed, valued) !== undefined && !findLong(typed, attachedOnly)) {
        result.options.push({ name: typed, value: args[i + 1] ?? null });
        i++;
      } else {
        result.options.push({ name: typed, value: null });
      }
      continue;
    }
    if (text.startsWith('-') && text.length > 1) {
      for (let c = 1; c < text.length; c++) {
        const name = `-${text[c]}`;
        const rest = text.slice(c + 1);
        if (valued.includes(name)) {
          if (rest !== '') result.options.push({ name, value: literalFrom(arg, rest) });
          else {
            result.options.push({ name, value: args[i + 1] ?? null });
            i++;
          }
          break;
        }
        if (attachedOnly.includes(name)) {
          result.options.push({ name, value: rest === '' ? null : literalFrom(arg, rest) });
          break;
        }
        result.options.push({ name, value: null });
      }
      continue;
    }
    result.operands.push(arg);
    optionsEnded = syntax.optionsEndAtOperand === true;
  }
  return result;
}

/** A dynamic word could turn into an option unless it clearly starts as a file name. */
export function mayBeOption(arg: Arg, safeVars: ReadonlySet<string>): boolean {
  if (arg.text !== null) return arg.text.startsWith('-');
  if (arg.lead !== '') return arg.lead.startsWith('-');
  if (arg.leadingVar !== null && (safeVars.has(arg.leadingVar) || ABSOLUTE_PATH_VARIABLES.has(arg.leadingVar))) return false;
  return !(arg.leadingCommand !== null && PATH_PRINTING_COMMANDS.has(arg.leadingCommand));
}

/**
 * Whether the option typed as `typed` is `key`. Long options match GNU-style
 * abbreviations (`--out` for `--output`) so a shortened spelling cannot slip by.
 */
export function optionIs(typed: string, key: string): boolean {
  if (typed === key) return true;
  return typed.startsWith('--') && key.startsWith('--') && typed.length >= 3 && key.startsWith(typed);
}

function findLong(typed: string, keys: readonly string[]): string | undefined {
  return keys.find((key) => key.startsWith('--') && optionIs(typed, key));
}

export function hasOption(parsed: ParsedArgv, keys: readonly string[]): ParsedOption | undefined {
  return parsed.options.find((o) => keys.some((k) => optionIs(o.name, k)));
}

function literalFrom(arg: Arg, text: string): Arg {
  return { text, lead: text, leadingVar: null, leadingCommand: null, glob: arg.glob, splits: false, shown: text };
}

/**
 * POSIX-style parsing of the options in front of a command's first operand
 * (wrappers, interpreters, subcommand tools): everything from the first
 * operand on is returned untouched in `rest`.
 */
export function splitLeadingOptions(args: readonly Arg[], syntax: OptionSyntax, safeVars: ReadonlySet<string>): { options: ParsedOption[]; rest: Arg[] } {
  const valued = syntax.valued ?? [];
  const attachedOnly = syntax.attachedOnly ?? [];
  const terminal = syntax.terminal ?? [];
  const options: ParsedOption[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as Arg;
    const text = arg.text;
    if (text === null || !text.startsWith('-') || text === '-') {
      if (text === null && mayBeOption(arg, safeVars) && arg.lead.startsWith('-')) {
        options.push({ name: arg.shown, value: null });
        continue;
      }
      break;
    }
    if (text === '--') {
      i++;
      break;
    }
    let stop = false;
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const typed = eq === -1 ? text : text.slice(0, eq);
      if (eq !== -1) options.push({ name: typed, value: literalFrom(arg, text.slice(eq + 1)) });
      else if (findLong(typed, valued) !== undefined) {
        options.push({ name: typed, value: args[i + 1] ?? null });
        i++;
      } else options.push({ name: typed, value: null });
      stop = terminal.some((t) => optionIs(typed, t));
    } else {
      for (let c = 1; c < text.length; c++) {
        const name = `-${text[c]}`;
        const rest = text.slice(c + 1);
        if (valued.includes(name)) {
          if (rest !== '') options.push({ name, value: literalFrom(arg, rest) });
          else {
            options.push({ name, value: args[i + 1] ?? null });
            i++;
          }
          stop = terminal.includes(name);
          break;
        }
        if (attachedOnly.includes(name)) {
          options.push({ name, value: rest === '' ? null : literalFrom(arg, rest) });
          break;
        }
        options.push({ name, value: null });
      }
    }
    if (stop) {
      i++;
      break;
    }
  }
  return { options, rest: args.slice(i) };
}
