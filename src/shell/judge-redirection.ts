import type { RedirectionNode } from './ast';
import type { JudgeContext } from './judge-context';
import { isHarmlessSink } from './paths';
import { wordToArg } from './words';
import { reportWriteTarget, writtenPath } from './write-targets';

/** Operators that open their target for writing. `>&` does too unless its target is a descriptor. */
const WRITING = new Set(['>', '>>', '>|', '&>', '&>>', '<>', '>&']);
const TRUNCATING = new Set(['>', '>|', '&>', '>&']);

/** A redirection is read-only unless it opens a file (other than /dev/null and friends) for writing. */
export function judgeRedirection(redirection: RedirectionNode, ctx: JudgeContext): void {
  const { operator, target } = redirection;
  if (target.type !== 'HereDoc') {
    const path = wordToArg(target).text;
    // Bash opens a network connection for these, whatever the direction.
    if (path !== null && /^\/dev\/(tcp|udp)\//.test(path))
      ctx.report('effect', `redirection '${operator} ${path}' opens a network connection: network access is not read-only`);
  }
  if (!WRITING.has(operator) || target.type === 'HereDoc') return;
  const arg = wordToArg(target);
  if (operator === '>&' && arg.text !== null && /^([0-9]+-?|-)$/.test(arg.text)) return;
  if (arg.text !== null && isHarmlessSink(arg.text)) return;
  const shown = `${redirection.fdVariable ? `{${redirection.fdVariable}}` : (redirection.fd ?? '')}${operator} ${arg.shown}`;
  ctx.report(
    'effect',
    arg.text === null ? `redirection '${shown}' writes to a file named only when it runs` : `redirection '${shown}' writes a file`,
    writtenPath(arg, ctx),
  );
  reportWriteTarget({ shown: `redirection '${shown}'` }, arg, TRUNCATING.has(operator), ctx);
}
