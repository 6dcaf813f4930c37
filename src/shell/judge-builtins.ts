import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { judgeJoined } from './judge-wrappers';

/** eval runs its words as shell code: never read-only, and the code is judged too. */
export function judgeEval(call: Call, ctx: JudgeContext): void {
  ctx.report('effect', `${call.shown} runs a string as shell code (eval)`);
  judgeJoined(call.args, call, ctx);
}

/** trap ACTION SIGNAL…: the action runs later in this shell, so it is judged as if it ran now. */
export function judgeTrap(call: Call, ctx: JudgeContext): void {
  const args = call.args[0]?.text === '--' ? call.args.slice(1) : call.args;
  const action = args[0];
  if (!action || args.length === 1) return;
  if (action.text === null) {
    ctx.report('effect', `${call.shown}: the trap action '${action.shown}' is not a literal word`);
    return;
  }
  if (['-l', '-p', '-P', '-', ''].includes(action.text) || /^[0-9]+$/.test(action.text)) return;
  ctx.judgeText(action.text, 'trap');
}

/** alias NAME=VALUE changes what later command words mean. */
export function judgeAlias(call: Call, ctx: JudgeContext): void {
  for (const arg of call.args) {
    if (arg.text === null || arg.text.includes('=')) {
      ctx.report('effect', `${call.shown} defines an alias, which can change what later commands do`);
      return;
    }
  }
}
