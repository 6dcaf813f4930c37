import { describe, it } from 'vitest';
import { MISPLACED_SIBLING_CASES, UNINDENTED_FIRST_LINE_CASES } from './added-line-indent-cases';
import { checkEditCase } from './check-case';

describe('applyEdit: an added line takes the indentation of the block it lands in (issue 19)', () => {
  describe('(a) a search line at another indentation than the file, a sibling added next to it', () => {
    it.each(MISPLACED_SIBLING_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => checkEditCase(c));
  });

  describe("(b) the search's first line without its indentation, the lines after it with theirs", () => {
    it.each(UNINDENTED_FIRST_LINE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => checkEditCase(c));
  });
});
