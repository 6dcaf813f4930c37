import { mayBeOption } from './options';
import type { Arg } from './words';

/**
 * What a kill, pkill or killall command line sends, read the way bash's kill
 * builtin, procps' kill and pkill, util-linux's kill and psmisc's killall read
 * it. Only signal 0 (does the process exist?) and the listings send nothing;
 * a word only known when it runs can change the signal in one of them.
 */
export interface SignalPlan {
  /** Lists signal names or prints a version or help: sends nothing. */
  listing: boolean;
  /** The signal sent: 0 (nothing is delivered), another, or unknown because of `unknownWord`. */
  signal: 'zero' | 'other' | 'unknown';
  unknownWord?: Arg;
  /** kill: the process ids, groups (`-PGID`, `0`) and jobs it signals. */
  targets: Arg[];
}

/**
 * Spellings of signal 0: `0` (`00`, `+0`), `EXIT` and `NULL`, with or without
 * `SIG`. Each tool takes each of them as 0 or refuses it as an unknown signal.
 */
const ZERO_SIGNAL = /^(SIG)?(\+?0+|EXIT|NULL)$/i;
const SIGNAL_NAMES = new Set(
  'HUP INT QUIT ILL TRAP ABRT IOT BUS EMT FPE KILL USR1 SEGV USR2 PIPE ALRM TERM STKFLT CHLD CLD CONT STOP TSTP TTIN TTOU URG XCPU XFSZ VTALRM PROF WINCH IO POLL PWR INFO LOST SYS UNUSED RTMIN RTMAX'.split(
    ' ',
  ),
);
/** Signal numbers stay below this in every tool; a larger `-N` is a process group. */
const SIGNAL_LIMIT = 128;
/** `$!`, `$$`: always a process id, never an option. */
const PROCESS_ID_VARIABLES: ReadonlySet<string> = new Set(['!', '$', 'PPID', 'BASHPID']);

type SignalKind = 'zero' | 'signal' | 'none';

function signalKind(spec: string): SignalKind {
  if (ZERO_SIGNAL.test(spec)) return 'zero';
  const name = spec.replace(/^SIG/i, '').toUpperCase();
  // procps reads any word starting with a digit as a number (`-9x` is 9).
  if (/^[0-9]/.test(name) || SIGNAL_NAMES.has(name) || /^RT(MIN|MAX)[-+][0-9]+$/.test(name)) return 'signal';
  return 'none';
}

function mayChangeSignal(arg: Arg, safeVars: ReadonlySet<string>): boolean {
  if (arg.leadingVar !== null && PROCESS_ID_VARIABLES.has(arg.leadingVar)) return false;
  return mayBeOption(arg, safeVars);
}

function sent(specs: readonly (string | null)[]): 'zero' | 'other' {
  if (specs.length === 0) return 'other'; // SIGTERM
  return specs.every((s) => s !== null && signalKind(s) === 'zero') ? 'zero' : 'other';
}

/** A word only known when it runs matters only when the signal would otherwise be 0. */
function plan(signal: 'zero' | 'other', unknownWord: Arg | undefined, targets: Arg[] = []): SignalPlan {
  if (signal === 'zero' && unknownWord) return { listing: false, signal: 'unknown', unknownWord, targets };
  return { listing: false, signal, targets };
}

const LISTING: SignalPlan = { listing: true, signal: 'zero', targets: [] };

export function planSignals(name: string, args: readonly Arg[], safeVars: ReadonlySet<string>): SignalPlan {
  if (name === 'pkill') return planPkill(args, safeVars);
  if (name === 'killall') return planKillall(args, safeVars);
  return planKill(args, safeVars);
}

/**
 * kill: bash reads options until the first process id, `--`, or a `-N` after
 * the signal (a process group); `-s`/`-n` may come again and the last one wins.
 * procps' getopt also finds `-s SIG` after the process ids, unless `--` came first.
 */
export function planKill(args: readonly Arg[], safeVars: ReadonlySet<string>): SignalPlan {
  const first = args[0]?.text;
  if (first != null && (['-l', '-L', '--list', '--table', '-V', '--version', '--help'].includes(first) || first.startsWith('--list='))) return LISTING;
  const specs: (string | null)[] = [];
  let unknownWord: Arg | undefined;
  // A second `-N`: bash signals process group N, util-linux may take it for the signal.
  const ambiguous: Arg[] = [];
  let bashSignal: 'zero' | 'other' | undefined;
  let i = 0;
  let ended = false;
  for (; i < args.length; i++) {
    const arg = args[i] as Arg;
    const word = arg.text;
    if (word === null) {
      if (mayChangeSignal(arg, safeVars)) unknownWord ??= arg;
      break;
    }
    if (word === '--') {
      ended = true;
      i++;
      break;
    }
    if (!word.startsWith('-') || word === '-') break;
    if (word === '-s' || word === '-n' || word === '--signal') {
      const value = args[++i];
      if (value?.text === null) unknownWord ??= value;
      else specs.push(value?.text ?? null);
    } else if (word.startsWith('--signal=')) specs.push(word.slice('--signal='.length));
    else if (/^-[sn]./.test(word)) specs.push(word.slice(2));
    else if (specs.length === 0) specs.push(word.slice(1));
    else {
      const spec = word.slice(1);
      const kind = signalKind(spec);
      const group = /^[0-9]+$/.test(spec) && Number(spec) >= SIGNAL_LIMIT;
      if (kind === 'zero') continue;
      if (kind !== 'signal' || group) break;
      // In bash's reading it is a target, of the signal given before it.
      bashSignal ??= sent(specs);
      if (bashSignal !== 'zero') ambiguous.push(arg);
      specs.push(spec);
    }
  }
  const targets = args.slice(i).filter((t) => t.text !== '--');
  for (let j = i; !ended && j < args.length; j++) {
    const arg = args[j] as Arg;
    const word = arg.text;
    if (word === null) {
      if (mayChangeSignal(arg, safeVars)) unknownWord ??= arg;
    } else if (word === '--') break;
    else if (/^--?s/.test(word)) {
      if (word.includes('=')) specs.push(word.slice(word.indexOf('=') + 1));
      else if (/^-s./.test(word)) specs.push(word.slice(2));
      else {
        const value = args[++j];
        if (value?.text === null) unknownWord ??= value;
        else specs.push(value?.text ?? null);
      }
    }
  }
  return plan(sent(specs), unknownWord, [...ambiguous, ...targets]);
}

/**
 * pkill (procps): the signal is the last `--signal SIG` before `--`, else the
 * first word anywhere that reads as `-SIG`. `-s`, `-g` and `-n` select
 * processes (session, group, newest); they are not signals.
 */
function planPkill(args: readonly Arg[], safeVars: ReadonlySet<string>): SignalPlan {
  const first = args[0]?.text;
  if (first != null && ['-V', '--version', '-h', '--help'].includes(first)) return LISTING;
  let dashed: SignalKind | null = null;
  const long: (string | null)[] = [];
  let unknownWord: Arg | undefined;
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as Arg;
    const word = arg.text;
    if (word === null) {
      if ((!ended || dashed === null) && mayChangeSignal(arg, safeVars)) unknownWord ??= arg;
      continue;
    }
    if (word === '--' && !ended) {
      ended = true;
      continue;
    }
    if (dashed === null && /^-[^-]/.test(word)) {
      const kind = signalKind(word.slice(1));
      if (kind !== 'none') dashed = kind;
    }
    if (ended || !/^--si(g(n(a(l)?)?)?)?(=|$)/.test(word)) continue;
    if (word.includes('=')) long.push(word.slice(word.indexOf('=') + 1));
    else {
      const value = args[i + 1];
      if (value?.text === null) unknownWord ??= value;
      else long.push(value?.text ?? null);
    }
  }
  return plan(long.length > 0 ? sent(long) : dashed === 'zero' ? 'zero' : 'other', unknownWord);
}

/** Options of killall that take a value (`-u USER`), so the value is not read as a signal. */
const KILLALL_VALUED = new Set(['-y', '-o', '-u', '-Z', '-n', '--younger-than', '--older-than', '--user', '--context', '--ns']);

/**
 * killall (psmisc): `-s SIG`, `--signal SIG` or `-SIG` anywhere before `--`,
 * the last one wins; options and names may come in any order.
 */
function planKillall(args: readonly Arg[], safeVars: ReadonlySet<string>): SignalPlan {
  const first = args[0]?.text;
  if (first != null && ['-l', '--list', '-V', '--version', '--help'].includes(first)) return LISTING;
  const specs: (string | null)[] = [];
  let unknownWord: Arg | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as Arg;
    const word = arg.text;
    if (word === null) {
      if (mayChangeSignal(arg, safeVars)) unknownWord ??= arg;
      continue;
    }
    if (word === '--') break;
    if (!word.startsWith('-') || word === '-') continue;
    if (/^--?s/.test(word)) {
      if (word.includes('=')) specs.push(word.slice(word.indexOf('=') + 1));
      else if (/^--?s(i(g(n(a(l)?)?)?)?)?$/.test(word)) {
        const value = args[++i];
        if (value?.text === null) unknownWord ??= value;
        else specs.push(value?.text ?? null);
      } else specs.push(word.slice(2));
    } else if (KILLALL_VALUED.has(word)) i++;
    else if (/^-[0-9A-Z]/.test(word) && !/^-[IV]+$/.test(word) && !word.startsWith('-Z')) specs.push(word.slice(1));
  }
  return plan(sent(specs), unknownWord);
}
