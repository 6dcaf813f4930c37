import { createInterface } from 'node:readline';
import type { z } from 'zod';
import { messageOf } from '../protocol/error-message';
import { describeFirstIssue } from '../protocol/zod-issue';

/** Lines of standard input, one at a time, without their line endings. */
export function stdinLines(): AsyncIterable<string> {
  return createInterface({ input: process.stdin, crlfDelay: Infinity });
}

/** One input line read against its schema: the value, or what is wrong with the line. */
export type ParsedLine<T> = { ok: true; value: T } | { ok: false; problem: string; json: unknown };

/** Parses one `--jsonl` input line; `expected` shows the shape in the message ("{"cmd": "..."}"). */
export function parseJsonLine<T>(line: string, schema: z.ZodType<T>, expected: string): ParsedLine<T> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    return { ok: false, problem: `not JSON (${messageOf(error)})`, json: undefined };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, problem: `expected ${expected} (${describeFirstIssue(parsed.error, 'line')})`, json };
  return { ok: true, value: parsed.data };
}

/** What a `--jsonl` command writes for one line, and what was wrong with the line if it was not valid input. */
export interface LineAnswer {
  output: string;
  invalid?: string;
}

/**
 * The loop every `--jsonl` command shares: one output line per non-blank input line, in order
 * (a malformed line gets its own error answer, so output stays aligned with input), a message on
 * `warn` naming each malformed line by its 1-based number, and exit code 1 when there was one.
 */
export async function answerJsonLines(
  input: AsyncIterable<string>,
  answer: (line: string) => LineAnswer | Promise<LineAnswer>,
  out: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  let number = 0;
  let invalid = 0;
  for await (const line of input) {
    number++;
    if (line.trim() === '') continue;
    const result = await answer(line);
    out(result.output);
    if (result.invalid !== undefined) {
      invalid++;
      warn(`error: input line ${number}: ${result.invalid}`);
    }
  }
  if (invalid > 0) warn(`error: ${invalid} input line${invalid === 1 ? ' was' : 's were'} not valid; each got an error answer`);
  return invalid === 0 ? 0 : 1;
}

/** JSON with U+2028/U+2029 escaped, so tools that split lines on them still see one line. */
export function toJsonLine(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
