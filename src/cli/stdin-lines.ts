import { createInterface } from 'node:readline';

/** Lines of standard input, one at a time, without their line endings. */
export function stdinLines(): AsyncIterable<string> {
  return createInterface({ input: process.stdin, crlfDelay: Infinity });
}
