import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { hasOption, optionIs, type ParsedArgv, type ParsedOption, parseOptions } from './options';
import type { OptionRules } from './table-types';

/**
 * Applies a read-only command's option rules: options that write, run code
 * or reach the network, too many operands, a required option missing, a
 * writing sub-mode, project code it runs. Returns whether the call stayed read-only.
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
    const network = lookup(rules.network, option.name);
    if (network) effect(`${network}: network access is not read-only`);
  }
  if (rules.maxOperands) checkOperandCount(rules.maxOperands, args, effect);
  if (rules.requires && !args.options.some((o) => rules.requires?.options.some((k) => optionIs(o.name, k)) && !switchedOff(o, rules))) {
    effect(rules.requires.what);
  }
  const first = args.operands[0]?.text;
  if (rules.writingSubcommands && first !== undefined && first !== null && rules.writingSubcommands[first]) {
    effect(rules.writingSubcommands[first]);
  }
  const guarded = rules.writes !== undefined || rules.runs !== undefined || rules.requires !== undefined || rules.network !== undefined;
  if (guarded) {
    for (const unknown of args.unknown) {
      effect(`has '${unknown.shown}', which is not a literal word and could be an option of ${call.name} that writes or runs code`);
    }
  }
  if (rules.projectCode && !(rules.projectCode.unless && hasOption(args, rules.projectCode.unless))) {
    ctx.report('test', `${call.shown} ${rules.projectCode.what}`);
    clean = false;
  }
  return clean;
}

/**
 * `uniq IN OUT` writes OUT. A glob or an unquoted expansion can turn one
 * operand into several, and a word only known at run time may be an operand.
 */
function checkOperandCount(max: NonNullable<OptionRules['maxOperands']>, args: ParsedArgv, effect: (what: string) => void): void {
  const words = [...args.operands, ...args.unknown];
  if (words.length > max.count) {
    const extra = words[max.count];
    effect(`${max.what}${extra ? ` ('${extra.shown}')` : ''}`);
    return;
  }
  const spreading = words.find((w) => w.glob || w.splits);
  if (spreading) effect(`${max.what}: '${spreading.shown}' can expand to more than one file`);
}

/** Go's flag package reads `-check=false` (also `0`, `f`, `F`, `FALSE`, `False`) as the flag turned off. */
function switchedOff(option: ParsedOption, rules: OptionRules): boolean {
  return rules.longSingleDash === true && option.value?.text != null && /^(0|f|F|false|FALSE|False)$/.test(option.value.text);
}

export function lookup(table: Readonly<Record<string, string>> | undefined, typed: string): string | undefined {
  if (!table) return undefined;
  if (table[typed] !== undefined) return table[typed];
  for (const [key, what] of Object.entries(table)) if (optionIs(typed, key)) return what;
  return undefined;
}
