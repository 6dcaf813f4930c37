import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { mayBeOption } from './options';
import { type PathScope, pathScope, SCOPE_WHY } from './paths';
import { FIND_EXEC_ACTIONS, FIND_NARROWING, FIND_VALUED_PRIMARIES, FIND_WIDENING, FIND_WRITING_ACTIONS } from './text-tool-tables';
import { type Arg, literalArg } from './words';

/** Start paths that make `find … -delete` destructive even when a name filter narrows it. */
const DELETE_BROAD: ReadonlySet<PathScope> = new Set(['root', 'home', 'outside', 'workspace', 'parent', 'unknown']);
/** Name patterns that pick nothing in particular. */
const CATCH_ALL = /^[*?]*$|^\.\*$|^\*\.\*$/;

/**
 * find: read-only unless its expression deletes, writes lists to files, or
 * runs commands (-exec and friends run a command line that is judged itself,
 * with `{}` standing for what the expression can reach).
 */
export function judgeFind(call: Call, ctx: JudgeContext): void {
  const args = call.args;
  let i = 0;
  while (i < args.length && /^-([HLP]+|O\d*|D)$/.test(args[i]?.text ?? '')) i += args[i]?.text === '-D' ? 2 : 1;
  const starts: Arg[] = [];
  // A word only known at run time is most likely a start path, though it could be an action too (reported below).
  while (i < args.length && (!startsExpression(args[i] as Arg, ctx.safeVars) || args[i]?.text === null)) starts.push(args[i++] as Arg);
  for (const start of starts) {
    if (start.text === null && mayBeOption(start, ctx.safeVars))
      ctx.report('effect', `${call.shown}: '${start.shown}' is not a literal word and could be a find action that writes or runs commands`);
  }
  if (starts.length === 0) starts.push(literalArg('.'));

  let narrowed = false;
  let widened = false;
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
    if (FIND_WIDENING.has(text)) widened = true;
    const value = args[i + 1]?.text;
    if (FIND_NARROWING.has(text) && (text === '-empty' || (value != null && !CATCH_ALL.test(value.split('/').at(-1) ?? '')))) narrowed = true;
    i += FIND_VALUED_PRIMARIES.has(text) || text.startsWith('-newer') ? 2 : 1;
  }
  const selective = narrowed && !widened;

  if (deletes) {
    for (const start of starts) {
      const scope = pathScope(start, ctx.where);
      if (scope !== null && DELETE_BROAD.has(scope)) ctx.report('destructive', `${call.shown} deletes files under '${start.shown}': ${SCOPE_WHY[scope]}`);
      else if (!selective && scope !== null)
        ctx.report(
          'destructive',
          `${call.shown} deletes everything under '${start.shown}' (find -delete with no name filter, or one that -o or ! widens): ${SCOPE_WHY[scope]}`,
        );
    }
  }
  for (const argv of execs) {
    if (argv.length === 0) continue;
    ctx.judgeArgv(argv.flatMap((a) => (a.text === '{}' ? placeholders(starts, selective, ctx) : [a])));
  }
}

/**
 * What `{}` stands for: with a name filter, some file under the start paths
 * (broad only when a start path is); without one, every file under them.
 */
function placeholders(starts: readonly Arg[], selective: boolean, ctx: JudgeContext): Arg[] {
  return starts.map((start) => {
    const broad = DELETE_BROAD.has(pathScope(start, ctx.where) ?? 'current');
    if (selective && !broad) return { ...literalArg('{}'), glob: true };
    const under = start.text === null ? null : `${start.text.replace(/\/+$/, '') || '/'}/*`.replace(/^\/\/\*/, '/*');
    return { ...start, text: under, lead: under ?? start.lead, glob: true, splits: false, shown: '{}' };
  });
}

/** A word only known at run time could be an action unless it is a known file name. */
function startsExpression(arg: Arg, safeVars: ReadonlySet<string>): boolean {
  const text = arg.text;
  if (text === null) return mayBeOption(arg, safeVars);
  return (text.startsWith('-') && text.length > 1) || text === '(' || text === '!' || text === ')' || text === ',';
}
