import type { Call } from './call';
import type { OptionRules } from './command-tables';
import type { JudgeContext } from './judge-context';
import { type ParsedArgv, optionIs, parseOptions } from './options';

/**
 * Applies a read-only command's option rules: options that write or run
 * code, too many operands, a required option missing, a writing sub-mode.
 * Returns whether the call stayed read-only.
 */
export function applyOptionRules(call: Call, rules: OptionRules, ctx: JudgeContext, parsed?: ParsedArgv): boolean {
  const args = parsed ?? parseOptions(call.args, rules, ctx.safeVars);
  let clean = true;
  const effect = (what: string) => {
    ctx.report('effect', `${call.shown} ${what}`);
    clean = false;
  };
  for (const option of args.options) {
    const write = lookup(rules.writes, option.name);
    if (write) effect(write);
    const run = lookup(rules.runs, option.name);
    if (run) effect(run);
  }
  if (rules.maxOperands && args.operands.length > rules.maxOperands.count) {
    const extra = args.operands[rules.maxOperands.count];
    effect(`${rules.maxOperands.what}${extra ? ` ('${extra.shown}')` : ''}`);
  }
  if (rules.requires && !args.options.some((o) => rules.requires?.options.some((k) => optionIs(o.name, k)))) {
    effect(rules.requires.what);
  }
  const first = args.operands[0]?.text;
  if (rules.writingSubcommands && first !== undefined && first !== null && rules.writingSubcommands[first]) {
    effect(rules.writingSubcommands[first]);
  }
  const guarded = rules.writes !== undefined || rules.runs !== undefined || rules.requires !== undefined;
  if (guarded) {
    for (const unknown of args.unknown) {
      effect(`has '${unknown.shown}', which is not a literal word and could be an option of ${call.name} that writes or runs code`);
    }
  }
  return clean;
}

export function lookup(table: Readonly<Record<string, string>> | undefined, typed: string): string | undefined {
  if (!table) return undefined;
  if (table[typed] !== undefined) return table[typed];
  for (const [key, what] of Object.entries(table)) if (optionIs(typed, key)) return what;
  return undefined;
}
