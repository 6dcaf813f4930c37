import type { Call } from './call';
import type { CommandSpec } from './command-tables';
import type { JudgeContext } from './judge-context';
import { applyOptionRules } from './judge-options';
import { optionIs, parseOptions } from './options';

type Spec<K extends CommandSpec['kind']> = Extract<CommandSpec, { kind: K }>;

export function judgeReadonly(call: Call, spec: Spec<'readonly'>, ctx: JudgeContext): void {
  if (spec.rules) applyOptionRules(call, spec.rules, ctx);
}

export function judgeWriter(call: Call, spec: Spec<'writes'>, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, spec.syntax ?? {}, ctx.safeVars);
  const readonlyOption = spec.readonlyWith?.some(
    (key) => call.args.some((a) => a.text === key) || parsed.options.some((o) => optionIs(o.name, key)),
  );
  const first = parsed.operands[0]?.text;
  const readonlyMode = first !== undefined && first !== null && spec.readonlySubcommands?.includes(first);
  if (readonlyOption || readonlyMode) return;
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

export function judgeTestRunner(call: Call, ctx: JudgeContext): void {
  ctx.report('test', `${call.shown} runs tests`);
}
