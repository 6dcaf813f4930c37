import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { optionIs, splitLeadingOptions } from './options';
import { type Arg, literalArg, unknownArg } from './words';

const XARGS_SYNTAX = {
  valued: [
    '-a',
    '--arg-file',
    '-d',
    '--delimiter',
    '-E',
    '-I',
    '-L',
    '--max-lines',
    '-n',
    '--max-args',
    '-P',
    '--max-procs',
    '-s',
    '--max-chars',
    '--process-slot-var',
  ],
  attachedOnly: ['-e', '--eof', '-i', '--replace', '-l'],
};

/**
 * xargs runs its command (echo by default) with words read from its input,
 * which are only known when it runs: appended at the end, or put in place of
 * the replace string (`-I {}`). Those words can be anything, options included:
 * `echo -rf . | xargs rm` is `rm -rf .`.
 */
export function judgeXargs(call: Call, ctx: JudgeContext): void {
  const { options, rest } = splitLeadingOptions(call.args, XARGS_SYNTAX, ctx.safeVars);
  const command = rest.length > 0 ? rest : [literalArg('echo')];
  const replace = replaceString(options);
  if (replace !== null) {
    ctx.judgeArgv(
      command.map((word) =>
        word.text === null || !word.text.includes(replace) ? word : unknownArg(word.shown, false, word.text.slice(0, word.text.indexOf(replace))),
      ),
    );
    return;
  }
  const oneAtATime = options.some((o) => (o.name === '-n' || optionIs(o.name, '--max-args')) && o.value?.text === '1');
  ctx.judgeArgv([...command, unknownArg('<input>', !oneAtATime)]);
}

/** `-I R`, `-i[R]`, `--replace[=R]` (default `{}`); null without one. */
function replaceString(options: readonly { name: string; value: Arg | null }[]): string | null {
  for (const option of options) {
    if (option.name === '-I') return option.value?.text ?? '{}';
    if (option.name === '-i' || optionIs(option.name, '--replace')) return option.value?.text ?? '{}';
  }
  return null;
}
