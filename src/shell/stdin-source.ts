import type { RedirectionNode } from './ast';
import type { StdinSource } from './judge-context';
import { wordToArg } from './words';

/**
 * Where the last input redirection of a command points its standard input:
 * the text of a literal here-document or here-string, a file, or something
 * only known at run time. Null when nothing redirects it.
 */
export function stdinOf(redirections: readonly RedirectionNode[]): StdinSource | null {
  let source: StdinSource | null = null;
  for (const redirection of redirections) {
    if (redirection.fd !== null && redirection.fd !== 0) continue;
    if (redirection.fdVariable) continue;
    const target = redirection.target;
    switch (redirection.operator) {
      case '<<':
      case '<<-': {
        if (target.type !== 'HereDoc') break;
        const text = wordToArg(target.content).text;
        source = text === null ? { kind: 'unknown' } : { kind: 'text', text };
        break;
      }
      case '<<<': {
        if (target.type === 'HereDoc') break;
        const text = wordToArg(target).text;
        source = text === null ? { kind: 'unknown' } : { kind: 'text', text: `${text}\n` };
        break;
      }
      case '<':
        if (target.type !== 'HereDoc') source = { kind: 'file', path: wordToArg(target) };
        break;
      case '<&':
      case '<>':
        source = { kind: 'unknown' };
        break;
    }
  }
  return source;
}
