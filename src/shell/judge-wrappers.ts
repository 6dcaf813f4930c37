import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { lookup } from './judge-options';
import { optionIs, splitLeadingOptions } from './options';
import { changeDirectory } from './paths';
import type { WrapperSpec } from './table-types';
import { checkVariableSetting } from './variables';
import type { Arg } from './words';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** env, timeout, nice, sudo…: judged by what they run. */
export function judgeWrapper(call: Call, spec: WrapperSpec, ctx: JudgeContext): void {
  const { options, rest } = splitLeadingOptions(call.args, spec.syntax, ctx.safeVars);
  // `exec 3>&-` or a bare `sudo` runs nothing; `sudo -i` starts a root shell.
  if (spec.always && (rest.length > 0 || options.length > 0)) ctx.report('effect', `${call.shown} ${spec.always}`);
  for (const option of options) {
    const write = lookup(spec.writes, option.name);
    if (write) ctx.report('effect', `${call.shown} ${write}`);
    if (spec.lookupOptions?.includes(option.name)) return;
  }
  let i = 0;
  for (let n = 0; n < (spec.leadingOperands ?? 0) && i < rest.length; n++) i++;
  if (spec.assignments) {
    for (let word = rest[i]; word && ASSIGNMENT.test(word.lead); word = rest[++i]) {
      const text = word.text ?? word.lead;
      checkVariableSetting(text.slice(0, text.indexOf('=')), text.slice(text.indexOf('=') + 1), call.shown, ctx);
    }
  }
  const wrapped = rest.slice(i);

  const shellString = options.find((o) => spec.shellStringOptions?.some((k) => optionIs(o.name, k)));
  if (shellString) {
    ctx.report('effect', `${call.shown} runs a command line given as a string (${shellString.name})`);
    judgeJoined(shellString.value ? [shellString.value, ...wrapped] : wrapped, call, ctx);
    return;
  }
  if (wrapped.length === 0) return;
  const chdir = options.find((o) => spec.chdirOptions?.some((k) => optionIs(o.name, k)));
  const cwd = chdir ? changeDirectory(ctx.where.cwd, chdir.value?.text ?? null) : undefined;
  const direct = options.some((o) => spec.directOptions?.some((k) => optionIs(o.name, k)));
  if (spec.viaShell && !direct) judgeJoined(wrapped, call, ctx);
  else ctx.judgeArgv(wrapped, { ...(cwd === undefined ? {} : { cwd }), inShell: spec.inShell ?? false });
}

/** Words joined with spaces and run by a shell (`watch ls -l`, `env -S "…"`, `eval`). */
export function judgeJoined(words: readonly Arg[], call: Call, ctx: JudgeContext, sameShell = false): void {
  const texts: string[] = [];
  for (const word of words) {
    if (word.text === null) {
      ctx.report('unparsed', `${call.shown} runs '${word.shown}' as shell code, and that code is only known when it runs`);
      return;
    }
    texts.push(word.text);
  }
  if (texts.length > 0) ctx.judgeText(texts.join(' '), call.name, { childShell: !sameShell });
}
