import { describe, expect, it } from 'vitest';
import { applyEdit } from '../../../src/tools/edit';
import { EDIT_CASES } from './edit-cases';

describe('applyEdit: hand-written cases', () => {
  it('has enough cases to mean something', () => {
    expect(EDIT_CASES.length).toBeGreaterThanOrEqual(80);
    expect(new Set(EDIT_CASES.map((c) => c.name)).size).toBe(EDIT_CASES.length);
  });

  it.each(EDIT_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
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
  });
});
