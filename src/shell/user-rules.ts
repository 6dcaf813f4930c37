import { COMMANDS, SYSTEM_BIN_DIRS } from './command-tables';
import { GIT_GLOBAL_SYNTAX } from './git-tables';
import { splitLeadingOptions } from './options';
import type { OptionSyntax } from './table-types';
import type { Arg } from './words';

export type { UserCommandRules } from './user-rules-schema';

/**
 * Matching the user's command patterns (user-rules-schema.ts) against the
 * simple commands of a command line, as parsed: each pattern word is a glob
 * for the word at the same place, the command name compared by base name.
 */

/** A pattern ready to match. */
export interface CommandPattern {
  source: string;
  words: readonly RegExp[];
  /** The command name is a path: it is compared whole, not by base name. */
  namedByPath: boolean;
}

export function compilePattern(source: string): CommandPattern {
  const words = source.split(' ');
  return { source, words: words.map(globToRegExp), namedByPath: words[0]?.includes('/') ?? false };
}

/**
 * An allow pattern matches only what it certainly names: literal words (a
 * pattern word `*` also takes one word only known at run time), and a
 * command found by name or in a system directory (`./rm` is not `rm`).
 */
export function allowMatches(pattern: CommandPattern, argv: readonly Arg[]): boolean {
  if (argv.length < pattern.words.length) return false;
  return pattern.words.every((regex, i) => {
    const arg = argv[i] as Arg;
    if (i === 0) return nameMatches(pattern, arg, false);
    if (arg.text === null || arg.glob) return pattern.words[i]?.source === '^.*$' && !arg.splits && arg.text === null;
    return regex.test(arg.text);
  });
}

/**
 * A deny pattern matches whatever might be what it names: a word only known
 * at run time may be any word (and one that splits, any words), a glob may
 * expand to a matching name, and leading options of git, npm… are skipped
 * too (`git -C dir push` is `git push`).
 */
export function denyMatches(pattern: CommandPattern, argv: readonly Arg[]): boolean {
  return withoutLeadingOptions(argv).some((variant) => denyMatchesWords(pattern, variant));
}

function denyMatchesWords(pattern: CommandPattern, argv: readonly Arg[]): boolean {
  for (let i = 0; i < pattern.words.length; i++) {
    const arg = argv[i];
    const regex = pattern.words[i] as RegExp;
    if (!arg) return false;
    if (i === 0) {
      if (!nameMatches(pattern, arg, true)) return false;
      continue;
    }
    if (arg.text === null) {
      if (arg.splits) return true;
      continue;
    }
    if (regex.test(arg.text)) continue;
    if (arg.glob && globToRegExp(arg.text).test(patternSource(pattern, i))) continue;
    return false;
  }
  return true;
}

function nameMatches(pattern: CommandPattern, arg: Arg, loosely: boolean): boolean {
  const regex = pattern.words[0] as RegExp;
  if (arg.text === null || arg.glob) return loosely;
  if (pattern.namedByPath) return regex.test(arg.text);
  const slash = arg.text.lastIndexOf('/');
  if (slash === -1) return regex.test(arg.text);
  const dir = arg.text.slice(0, slash) || '/';
  return (loosely || SYSTEM_BIN_DIRS.includes(dir)) && regex.test(arg.text.slice(slash + 1));
}

function patternSource(pattern: CommandPattern, index: number): string {
  return pattern.source.split(' ')[index] ?? '';
}

/** The command as written, and without the options before its subcommand when it has subcommands. */
function withoutLeadingOptions(argv: readonly Arg[]): (readonly Arg[])[] {
  const [name, ...args] = argv;
  const base = name?.text?.split('/').at(-1);
  const syntax = base ? subcommandSyntax(base) : undefined;
  if (!name || !syntax || !args[0]?.text?.startsWith('-')) return [argv];
  return [argv, [name, ...splitLeadingOptions(args, syntax, new Set()).rest]];
}

function subcommandSyntax(name: string): OptionSyntax | undefined {
  if (name === 'git') return GIT_GLOBAL_SYNTAX;
  const spec = COMMANDS[name];
  if (spec?.kind === 'subcommands' || spec?.kind === 'package-manager') return spec.spec.syntax;
  return undefined;
}

function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 's');
}
