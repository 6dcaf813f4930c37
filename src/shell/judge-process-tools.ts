import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { planSignals } from './signal-args';

/**
 * kill, pkill, killall: send signals, except signal 0 (does the process
 * exist?) and the listings of signal names and versions. The signal and the
 * targets are told apart as each tool reads them (signal-args.ts).
 */
export function judgeKill(call: Call, ctx: JudgeContext): void {
  const plan = planSignals(call.name, call.args, ctx.safeVars);
  if (plan.listing || plan.signal === 'zero') return;
  if (plan.unknownWord) {
    ctx.report(
      'effect',
      `${call.shown} may send signals to processes: '${plan.unknownWord.shown}' is only known when it runs and could change the signal (put -- before such process ids)`,
    );
    return;
  }
  ctx.report('effect', `${call.shown} sends signals to processes`);
}

/** top in batch mode prints and exits; interactively it can kill processes and write its configuration. */
export function judgeTop(call: Call, ctx: JudgeContext): void {
  const batch = call.args.some((a) => a.text !== null && /^-[A-Za-z]*b/.test(a.text));
  if (!batch) ctx.report('effect', `${call.shown} runs interactively, where it can kill processes and write its configuration (use top -b)`);
}
