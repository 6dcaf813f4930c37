import { expect } from 'vitest';
import { applyEdit } from '../../../src/tools/edit';
import type { EditCase } from './edit-cases';

/** Applies one table case and checks its result, strategy, lines and message, or its refusal and candidates. */
export function checkEditCase(c: EditCase): void {
  const outcome = applyEdit(c.original, { search: c.search, replace: c.replace });
  if ('result' in c.expected) {
    if (!outcome.ok) throw new Error(`expected the edit to apply, got: ${outcome.error}`);
    expect(outcome.result).toBe(c.expected.result);
    expect(outcome.strategy).toBe(c.expected.strategy);
    expect([outcome.startLine, outcome.endLine]).toEqual(c.expected.lines);
    expect(outcome.message).toMatch(new RegExp(`^applied \\S+ match at lines? ${c.expected.lines[0]}(–${c.expected.lines[1]})?`));
  } else {
    if (outcome.ok) throw new Error(`expected a refusal, got strategy ${outcome.strategy}: ${JSON.stringify(outcome.result)}`);
    expect(outcome.error).toMatch(c.expected.refused);
    if (c.expected.candidates) {
      expect(outcome.candidates?.map((candidate) => candidate.line)).toEqual(c.expected.candidates);
      // The message lists the first ten places.
      c.expected.candidates.slice(0, 10).forEach((line, i) => expect(outcome.error).toContain(`${i + 1}. line ${line}: `));
    }
  }
}
