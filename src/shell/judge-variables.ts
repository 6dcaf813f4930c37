import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { parseOptions } from './options';
import { checkVariableSetting, mayHideCode } from './variables';

/** Options of declare-like builtins that take a value. */
const VALUED: Readonly<Record<string, readonly string[]>> = {
  read: ['-a', '-d', '-i', '-n', '-N', '-p', '-t', '-u'],
  mapfile: ['-d', '-n', '-O', '-s', '-u', '-C', '-c'],
  readarray: ['-d', '-n', '-O', '-s', '-u', '-C', '-c'],
  printf: ['-v'],
};

/**
 * declare, export, local, readonly, let, read, unset, printf -v…: setting
 * variables is read-only except for variables that make programs run code,
 * and values or array subscripts that hide command substitutions.
 */
export function judgeVariables(call: Call, ctx: JudgeContext): void {
  if (call.name === 'printf') {
    const target = parseOptions(call.args, { valued: VALUED.printf }, ctx.safeVars).options.find((o) => o.name === '-v');
    if (target?.value) checkVariableSetting(target.value.text ?? target.value.lead, '', call.shown, ctx);
    return;
  }
  if (call.name === 'mapfile' || call.name === 'readarray') {
    const callback = parseOptions(call.args, { valued: VALUED[call.name] }, ctx.safeVars).options.find((o) => o.name === '-C');
    if (callback) ctx.report('effect', `${call.shown} runs a callback for every line (${call.name} -C)`);
  }
  const parsed = parseOptions(call.args, { valued: VALUED[call.name] ?? [] }, ctx.safeVars);
  for (const arg of [...parsed.operands, ...parsed.unknown]) {
    const text = arg.text ?? arg.lead;
    if (call.name === 'let') {
      if (mayHideCode(text)) ctx.report('effect', `${call.shown} evaluates '${arg.text ?? arg.shown}', which holds command substitution syntax`);
      continue;
    }
    const eq = text.indexOf('=');
    checkVariableSetting(eq === -1 ? text : text.slice(0, eq), eq === -1 ? '' : text.slice(eq + 1), call.shown, ctx);
  }
}
