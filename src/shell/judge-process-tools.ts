import type { Call } from './call';
import type { JudgeContext } from './judge-context';

/** Signal 0 only checks that a process exists. */
const ZERO_SIGNALS = new Set(['0', 'SIG0', 'EXIT']);

/**
 * kill, pkill, killall: send signals, except signal 0 (does the process
 * exist?) and the listings of signal names and versions.
 */
export function judgeKill(call: Call, ctx: JudgeContext): void {
  const words = call.args.map((a) => a.text);
  const first = words[0];
  const listing = first != null && (['-l', '-L', '--list', '--table', '-V', '--version'].includes(first) || (call.name === 'kill' && first === '--help'));
  if (listing || sendsSignalZero(words)) return;
  ctx.report('effect', `${call.shown} sends signals to processes`);
}

/** `kill -0 PID`, `kill -s 0 PID`: the words of a command that only checks processes exist. */
export function sendsSignalZero(words: readonly (string | null)[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word == null) return false;
    if (word === '-s' || word === '-n' || word === '--signal') return ZERO_SIGNALS.has(words[i + 1] ?? '');
    if (word.startsWith('--signal=')) return ZERO_SIGNALS.has(word.slice('--signal='.length));
    if (/^-[A-Za-z0-9]+$/.test(word)) return ZERO_SIGNALS.has(word.slice(1));
    if (!word.startsWith('-')) return false;
  }
  return false;
}

/** top in batch mode prints and exits; interactively it can kill processes and write its configuration. */
export function judgeTop(call: Call, ctx: JudgeContext): void {
  const batch = call.args.some((a) => a.text !== null && /^-[A-Za-z]*b/.test(a.text));
  if (!batch) ctx.report('effect', `${call.shown} runs interactively, where it can kill processes and write its configuration (use top -b)`);
}
