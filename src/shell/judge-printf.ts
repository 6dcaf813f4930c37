import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { mayBeOption, splitLeadingOptions } from './options';
import { checkVariableSetting, variableName } from './variables';

/**
 * printf: prints, and with `-v NAME` sets a shell variable, judged like any
 * other setting. Its options come before the format, so a format only known
 * when it runs could itself be `-v` (`printf "$f" PATH /tmp/bin`).
 */
export function judgePrintf(call: Call, ctx: JudgeContext): void {
  const { options, rest } = splitLeadingOptions(call.args, { valued: ['-v'] }, ctx.safeVars);
  for (const option of options) {
    if (option.name !== '-v') {
      if (!/^-[A-Za-z-]/.test(option.name))
        ctx.report('effect', `${call.shown}: '${option.name}' is not a literal word and could be printf's -v, which sets a shell variable`);
      continue;
    }
    const target = option.value;
    if (!target) continue;
    if (target.text === null) {
      ctx.report('effect', `${call.shown} sets a variable named only when it runs ('${target.shown}'), which could be PATH or a subscript that runs code`);
      continue;
    }
    checkVariableSetting(target.text, '', call.shown, ctx);
    ctx.noteAssignment(variableName(target.text), null);
  }
  const format = rest[0];
  const afterDashes = format !== undefined && call.args[call.args.indexOf(format) - 1]?.text === '--';
  if (format && format.text === null && !afterDashes && mayBeOption(format, ctx.safeVars)) {
    ctx.report(
      'effect',
      `${call.shown}: the format '${format.shown}' is not a literal word and could be printf's -v, which sets a shell variable (put -- before it)`,
    );
  }
}
