import type { Call } from './call';
import { FIND_EXEC_ACTIONS, FIND_FILTERS, FIND_VALUED_PRIMARIES, FIND_WRITING_ACTIONS } from './command-tables';
import type { JudgeContext } from './judge-context';
import { type PathScope, SCOPE_WHY, pathScope } from './paths';
import { mayBeOption } from './options';
import { type Arg, literalArg } from './words';

/** Start paths that make `find … -delete` destructive even with a filter. */
const DELETE_BROAD: ReadonlySet<PathScope> = new Set(['root', 'home', 'outside', 'workspace', 'unknown']);

/**
 * find: read-only unless its expression deletes, writes lists to files, or
 * runs commands (-exec and friends run a command line that is judged itself).
 */
export function judgeFind(call: Call, ctx: JudgeContext): void {
  const args = call.args;
  let i = 0;
  while (i < args.length && /^-([HLP]+|O\d*|D)$/.test(args[i]?.text ?? '')) i += args[i]?.text === '-D' ? 2 : 1;
  const starts: Arg[] = [];
  while (i < args.length && !startsExpression(args[i] as Arg, ctx.safeVars)) starts.push(args[i++] as Arg);
  if (starts.length === 0) starts.push(literalArg('.'));

  let filtered = false;
  let deletes = false;
  const execs: Arg[][] = [];
  while (i < args.length) {
    const arg = args[i] as Arg;
    const text = arg.text;
    if (text === null) {
      ctx.report('effect', `${call.shown}: '${arg.shown}' is not a literal word and could be a find action that writes or runs commands`);
      i++;
      continue;
    }
    if (FIND_EXEC_ACTIONS.has(text)) {
      let end = i + 1;
      while (end < args.length && args[end]?.text !== ';' && args[end]?.text !== '+') end++;
      execs.push(args.slice(i + 1, end));
      i = end + 1;
      continue;
    }
    const writing = FIND_WRITING_ACTIONS[text];
    if (writing) {
      ctx.report('effect', `${call.shown} ${writing.what}`);
      if (text === '-delete') deletes = true;
      i += 1 + writing.values;
      continue;
    }
    if (FIND_FILTERS.has(text) || text.startsWith('-newer')) filtered = true;
    i += FIND_VALUED_PRIMARIES.has(text) || text.startsWith('-newer') ? 2 : 1;
  }

  if (deletes) {
    for (const start of starts) {
      const scope = pathScope(start, ctx.where);
      if (scope !== null && DELETE_BROAD.has(scope)) ctx.report('destructive', `${call.shown} deletes files under '${start.shown}': ${SCOPE_WHY[scope]}`);
      else if (!filtered) ctx.report('destructive', `${call.shown} deletes everything under '${start.shown}' (find -delete without a name or type filter)`);
    }
  }
  for (const argv of execs) {
    if (argv.length === 0) continue;
    // {} stands for everything under the start paths when nothing filters them, and for
    // files outside the workspace whenever a start path is there.
    const reaching = filtered ? starts.filter((s) => DELETE_BROAD.has(pathScope(s, ctx.where) ?? 'current')) : starts;
    const placeholders = reaching.length > 0 ? reaching.map((s) => ({ ...s, shown: '{}' })) : [literalArg('{}')];
    ctx.judgeArgv(argv.flatMap((a) => (a.text === '{}' ? placeholders : [a])));
  }
}

/** A word only known at run time could be an action unless it is a known file name. */
function startsExpression(arg: Arg, safeVars: ReadonlySet<string>): boolean {
  const text = arg.text;
  if (text === null) return mayBeOption(arg, safeVars);
  return (text.startsWith('-') && text.length > 1) || text === '(' || text === '!' || text === ')' || text === ',';
}
