import { z } from 'zod';
import { messageOf } from '../protocol/error-message';
import type { MatchStrategy } from '../tools/edit';
import { applyEdit } from '../tools/edit';
import { type ParsedArgs, rejectUnknownFlags, UsageError } from './args';

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
 * answer per non-blank line, in order. A bad line gets an error answer; the
 * command itself only fails on bad usage.
 */
export async function applyEditCommand(args: ParsedArgs, input: AsyncIterable<string>, out: (line: string) => void): Promise<number> {
  rejectUnknownFlags(args, ['jsonl']);
  if (args.flags.get('jsonl') !== true) throw new UsageError('apply-edit needs --jsonl: it reads {"original","search","replace"} lines from stdin');
  if (args.positionals.length > 0) throw new UsageError(`apply-edit takes no arguments (got "${args.positionals.join(' ')}")`);
  for await (const line of input) {
    if (line.trim() === '') continue;
    out(JSON.stringify(answerLine(line)));
  }
  return 0;
}

export function answerLine(line: string): ApplyEditAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    return refused(`invalid input line: not JSON (${messageOf(error)})`);
  }
  const edit = EditLine.safeParse(parsed);
  if (!edit.success) {
    const problems = edit.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'line'}: ${issue.message}`);
    return refused(`invalid input line: ${problems.join('; ')}`);
  }
  const outcome = applyEdit(edit.data.original, { search: edit.data.search, replace: edit.data.replace });
  if (!outcome.ok) return refused(outcome.error);
  return { ok: true, result: outcome.result, strategy: outcome.strategy, error: null };
}

function refused(error: string): ApplyEditAnswer {
  return { ok: false, result: null, strategy: null, error };
}
