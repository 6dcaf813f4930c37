import { z } from 'zod';
import type { MatchStrategy } from '../tools/edit';
import { applyEdit } from '../tools/edit';
import { type ParsedArgs, rejectUnknownFlags, UsageError } from './args';
import { answerJsonLines, type LineAnswer, parseJsonLine } from './stdin-lines';

const EditLine = z.object({
  original: z.string(),
  search: z.string(),
  replace: z.string(),
});

/** One output line of `apply-edit --jsonl` (the CLI contract, docs/ARCHITECTURE.md). */
export interface ApplyEditAnswer {
  ok: boolean;
  result: string | null;
  strategy: MatchStrategy | null;
  error: string | null;
}

/**
 * `apply-edit --jsonl`: reads {"original","search","replace"} lines and writes one
 * answer per non-blank line, in order. A malformed line gets an error answer, is named on
 * `warn` (stderr) and makes the exit code 1; an edit that does not apply is an answer, not an error.
 */
export async function applyEditCommand(
  args: ParsedArgs,
  input: AsyncIterable<string>,
  out: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  rejectUnknownFlags(args, ['jsonl']);
  if (args.flags.get('jsonl') !== true) throw new UsageError('apply-edit needs --jsonl: it reads {"original","search","replace"} lines from stdin');
  if (args.positionals.length > 0) throw new UsageError(`apply-edit takes no arguments (got "${args.positionals.join(' ')}")`);
  return answerJsonLines(input, answerLine, out, warn);
}

function answerLine(line: string): LineAnswer {
  const edit = parseJsonLine(line, EditLine, '{"original", "search", "replace"} strings');
  if (!edit.ok) return { output: JSON.stringify(refused(`invalid input line: ${edit.problem}`)), invalid: edit.problem };
  const outcome = applyEdit(edit.value.original, { search: edit.value.search, replace: edit.value.replace });
  const answer: ApplyEditAnswer = outcome.ok ? { ok: true, result: outcome.result, strategy: outcome.strategy, error: null } : refused(outcome.error);
  return { output: JSON.stringify(answer) };
}

function refused(error: string): ApplyEditAnswer {
  return { ok: false, result: null, strategy: null, error };
}
