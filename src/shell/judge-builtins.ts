import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { judgeScriptFile } from './judge-scripts';
import { judgeJoined } from './judge-wrappers';
import { mayHideCode } from './variables';

/** eval runs its words as shell code: never read-only, and the code is judged too. */
export function judgeEval(call: Call, ctx: JudgeContext): void {
  ctx.report('effect', `${call.shown} runs a string as shell code (eval)`);
  judgeJoined(call.args, call, ctx, true);
}

/** `source FILE` and `. FILE` run a script in this shell: judged by its content, and what it changes outlives it. */
export function judgeSource(call: Call, ctx: JudgeContext): void {
  const args = call.args[0]?.text === '--' ? call.args.slice(1) : call.args;
  const script = args[0];
  if (!script) return;
  judgeScriptFile(call, script, { shell: 'bash', childShell: false }, ctx);
}

/** `history` and `history N` list; its options clear, write, read or add entries. */
export function judgeHistory(call: Call, ctx: JudgeContext): void {
  if (call.args.length === 0 || (call.args.length === 1 && /^[0-9]+$/.test(call.args[0]?.text ?? ''))) return;
  ctx.report('effect', `${call.shown} changes or writes the shell history`);
}

/** `fc -l` lists history; otherwise fc runs earlier commands again, which cannot be judged. */
export function judgeFc(call: Call, ctx: JudgeContext): void {
  const listing = call.args.some((a) => a.text !== null && /^-[lnr]*l[lnr]*$/.test(a.text));
  if (!listing) ctx.report('unparsed', `${call.shown} runs commands from the shell history again, which cannot be judged`);
}

/**
 * `test -v NAME`, `[ -v NAME ]`, `wait -p NAME`: the word names a variable, and
 * a subscript in it is evaluated as arithmetic (`a[$(cmd)]` runs cmd).
 */
export function judgeNamesVariable(call: Call, ctx: JudgeContext): void {
  const flag = call.name === 'wait' ? '-p' : '-v';
  call.args.forEach((arg, i) => {
    const name = call.args[i + 1];
    if (arg.text !== flag || !name) return;
    if (name.text === null)
      ctx.report('effect', `${call.shown} names the variable '${name.shown}' only at run time, and a name like 'a[$(cmd)]' would run cmd`);
    else if (mayHideCode(name.text)) ctx.report('effect', `${call.shown} evaluates the subscript of '${name.text}', which holds command substitution syntax`);
  });
}

/** `compgen -C CMD` and `-F FUNC` run code to produce completions. */
export function judgeCompgen(call: Call, ctx: JudgeContext): void {
  for (const arg of call.args) {
    if (arg.text === null || /^-[A-Za-z]*[CF]/.test(arg.text)) {
      ctx.report('effect', `${call.shown} runs a command or function to produce completions (compgen -C/-F)`);
      return;
    }
  }
}
