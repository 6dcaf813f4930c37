import type { Call } from './call';
import { type InterpreterSpec, PYTHON_MODULE_COMMANDS } from './command-tables';
import type { JudgeContext } from './judge-context';
import { optionIs, splitLeadingOptions } from './options';
import { literalArg } from './words';

/** Shells and language runtimes: running code is never read-only; syntax checks are. */
export function judgeInterpreter(call: Call, spec: InterpreterSpec, ctx: JudgeContext): void {
  const terminal = [...spec.inline, ...(spec.moduleOption ? [spec.moduleOption] : [])];
  const syntax = { ...spec.syntax, valued: [...(spec.syntax.valued ?? []), ...terminal], terminal };
  const { options, rest } = splitLeadingOptions(call.args, syntax, ctx.safeVars);
  const has = (keys: readonly string[] | undefined) => options.find((o) => keys?.some((k) => optionIs(o.name, k)));

  const inline = has(spec.inline);
  if (inline) {
    ctx.report('effect', `${call.shown} runs inline ${spec.label} code (${inline.name})`);
    if (spec.shell) {
      if (inline.value?.text == null) ctx.report('effect', `${call.shown} runs shell code that is not a literal word`);
      else ctx.judgeText(inline.value.text, call.name);
    }
    return;
  }
  const module = spec.moduleOption ? has([spec.moduleOption]) : undefined;
  if (module) {
    const name = module.value?.text;
    const command = name ? PYTHON_MODULE_COMMANDS[name] : undefined;
    if (command) ctx.judgeArgv([literalArg(command), ...rest]);
    else ctx.report('effect', `${call.shown} runs the ${spec.label} module '${module.value?.shown ?? ''}'`);
    return;
  }
  const test = has(spec.testOptions);
  if (test) {
    ctx.report('test', `${call.shown} runs tests (${test.name})`);
    return;
  }
  if (has(spec.syntaxCheck)) return;
  const script = rest[0];
  if (script) ctx.report('effect', `${call.shown} runs the ${spec.label} script '${script.shown}'`);
  else ctx.report('effect', `${call.shown} reads ${spec.label} code from its input and runs it`);
}
