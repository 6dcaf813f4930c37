import type { Call } from './call';
import { COMMANDS } from './command-tables';
import type { JudgeContext } from './judge-context';
import { parseOptions } from './options';
import type { Arg } from './words';

/**
 * Builtins that change the session shell for every later command: options,
 * limits, the file mode mask, the command hash table, aliases, traps. Only
 * when they run in the session shell itself; in a subshell or a script they
 * change nothing that outlives the command.
 */

function stateChange(call: Call, what: string, ctx: JudgeContext): void {
  if (ctx.persistent) ctx.report('effect', `${call.shown} ${what}, which stays in effect for later commands in this shell`);
}

const texts = (args: readonly Arg[]) => args.map((a) => a.text);

/** `set` alone, `set -o` and `set +o` list; anything else sets options or positional parameters. */
export function judgeSet(call: Call, ctx: JudgeContext): void {
  const words = texts(call.args);
  if (words.length === 0 || (words.length === 1 && (words[0] === '-o' || words[0] === '+o'))) return;
  const end = words.indexOf('--');
  const options = end === -1 ? call.args : call.args.slice(0, end);
  if (end === 0) return; // `set -- a b`: only positional parameters, which judged commands treat as unknown anyway
  if (options.some((a) => a.text === null || /^[-+]/.test(a.text))) stateChange(call, 'changes shell options', ctx);
}

/** `shopt -s/-u NAME` changes options; `shopt`, `shopt -p`, `shopt -q NAME`, `shopt NAME` only report. */
export function judgeShopt(call: Call, ctx: JudgeContext): void {
  const flags = call.args.filter((a) => a.text === null || a.text.startsWith('-'));
  if (flags.some((a) => a.text === null || /[su]/.test(a.text))) stateChange(call, 'changes shell options', ctx);
}

/** `ulimit -n` reports a limit; `ulimit -n 1024` sets it. */
export function judgeUlimit(call: Call, ctx: JudgeContext): void {
  if (call.args.some((a) => a.text === null || !a.text.startsWith('-'))) stateChange(call, 'sets a resource limit', ctx);
}

/** `umask`, `umask -S`, `umask -p` report; `umask 077` sets. */
export function judgeUmask(call: Call, ctx: JudgeContext): void {
  if (call.args.some((a) => a.text === null || !a.text.startsWith('-'))) stateChange(call, 'sets the file creation mask', ctx);
}

/** `hash` and `hash -t NAME` report; `hash NAME`, `-r`, `-d`, `-p` change where command names are found. */
export function judgeHash(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, { valued: ['-p', '-t', '-d'] }, ctx.safeVars);
  if (parsed.options.some((o) => o.name === '-p')) {
    ctx.report('effect', `${call.shown} changes where a command name is found (hash -p)`);
    if (ctx.persistent) ctx.report('destructive', `${call.shown} makes a command name run another program for every later command in this shell (hash -p)`);
  }
  const reports = parsed.options.some((o) => o.name === '-t' || o.name === '-l');
  if (parsed.options.some((o) => o.name === '-r' || o.name === '-d') || (!reports && parsed.operands.length + parsed.unknown.length > 0)) {
    stateChange(call, 'changes the table of remembered command paths', ctx);
  }
}

export function judgeUnalias(call: Call, ctx: JudgeContext): void {
  if (call.args.length > 0) stateChange(call, 'removes aliases', ctx);
}

/** `enable`, `enable -a`, `-p`, `-s` list builtins; `-f` loads one from a library; others turn builtins on or off. */
export function judgeEnable(call: Call, ctx: JudgeContext): void {
  const words = texts(call.args);
  if (words.some((t) => t === null || (t.startsWith('-') && t.includes('f')))) {
    ctx.report('effect', `${call.shown} loads a builtin from a shared library, which runs its code (enable -f)`);
    return;
  }
  if (words.some((t) => t !== null && !t.startsWith('-')) || words.some((t) => t?.startsWith('-') && /[nd]/.test(t))) {
    stateChange(call, 'turns shell builtins on or off', ctx);
  }
}

/** alias NAME=VALUE changes what later command words mean; the value is judged as the code it becomes. */
export function judgeAlias(call: Call, ctx: JudgeContext): void {
  for (const arg of call.args) {
    if (arg.text === null) {
      ctx.report('unparsed', `${call.shown} defines an alias from '${arg.shown}', which is only known when it runs`);
      continue;
    }
    const eq = arg.text.indexOf('=');
    if (eq === -1 || arg.text.startsWith('-')) continue;
    if (ctx.persistent) ctx.report('effect', `${call.shown} defines an alias, which can change what later commands do`);
    const value = arg.text.slice(eq + 1);
    const readonly = value.trim() === '' || ctx.judgeText(value, 'alias', { childShell: false, runsLater: true });
    const name = arg.text.slice(0, eq);
    // Later commands named like it run the alias instead, judged as the command they look like.
    if (ctx.persistent && COMMANDS[name] && !readonly) {
      ctx.report('destructive', `${call.shown} redefines the command '${name}' for every later command in this shell, as code that is not read-only`);
    }
  }
}

/** trap ACTION SIGNAL…: the action runs later in this shell, so it is judged as if it ran now. */
export function judgeTrap(call: Call, ctx: JudgeContext): void {
  const args = call.args[0]?.text === '--' ? call.args.slice(1) : call.args;
  const action = args[0];
  if (!action || ['-l', '-p', '-P'].includes(action.text ?? '')) return;
  if (args.length === 1) {
    if (action.text !== null && /^[A-Z0-9]+$/.test(action.text)) stateChange(call, 'resets a trap', ctx);
    return;
  }
  if (action.text === null) {
    ctx.report('unparsed', `${call.shown}: the trap action '${action.shown}' is only known when it runs, so it cannot be judged`);
    return;
  }
  stateChange(call, 'sets a trap', ctx);
  if (['-', ''].includes(action.text) || /^[0-9]+$/.test(action.text)) return;
  const readonly = ctx.judgeText(action.text, 'trap', { childShell: false, runsLater: true });
  // The action runs during later commands, whatever they are and whenever they run: it has to be read-only.
  if (ctx.persistent && !readonly)
    ctx.report('destructive', `${call.shown} leaves a trap that runs code that is not read-only during later commands in this shell`);
}
