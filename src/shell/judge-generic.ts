import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { applyOptionRules, lookup } from './judge-options';
import { hasOption, optionIs, parseOptions } from './options';
import type { CommandSpec } from './table-types';

type Spec<K extends CommandSpec['kind']> = Extract<CommandSpec, { kind: K }>;

export function judgeReadonly(call: Call, spec: Spec<'readonly'>, ctx: JudgeContext): void {
  if (spec.rules) applyOptionRules(call, spec.rules, ctx);
}

export function judgeWriter(call: Call, spec: Spec<'writes'>, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, spec.syntax ?? {}, ctx.safeVars);
  const readonlyOption = spec.readonlyWith?.some((key) => call.args.some((a) => a.text === key) || parsed.options.some((o) => optionIs(o.name, key)));
  const first = parsed.operands[0]?.text;
  const readonlyMode = first !== undefined && first !== null && spec.readonlySubcommands?.includes(first);
  const writesAnyway =
    (spec.writesWith && hasOption(parsed, spec.writesWith)) ||
    (spec.maxOperands !== undefined && parsed.operands.length + parsed.unknown.length > spec.maxOperands);
  for (const option of parsed.options) {
    const run = spec.runsWith && lookup(spec.runsWith, option.name);
    if (run) ctx.report('effect', `${call.shown} ${run}`);
  }
  const remote = spec.remoteOperands && parsed.operands.find((o) => o.text !== null && /^[^/]*:/.test(o.text));
  if (remote) ctx.report('effect', `${call.shown} reaches '${remote.shown}' over the network: network access is not read-only`);
  if ((readonlyOption || readonlyMode) && !writesAnyway) return;
  ctx.report('effect', `${call.shown} ${spec.what}`);
}

export function judgeNetwork(call: Call, spec: Spec<'network'>, ctx: JudgeContext): void {
  ctx.report('effect', `${call.shown} ${spec.what}: network access is not read-only`);
}

export function judgeRunsCode(call: Call, spec: Spec<'runs-code'>, ctx: JudgeContext): void {
  ctx.report('effect', `${call.shown} ${spec.what}`);
}

export function judgeDestructive(call: Call, spec: Spec<'destructive'>, ctx: JudgeContext): void {
  ctx.report('effect', `${call.shown} ${spec.what}`);
  ctx.report('destructive', `${call.shown} ${spec.what}`);
}
