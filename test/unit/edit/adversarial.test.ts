import { describe, expect, it } from 'vitest';
import { ADVERSARIAL_CASES } from './adversarial-cases';
import { checkEditCase } from './check-case';

describe('applyEdit: adversarial cases (issue 9)', () => {
  it('has a table for each class of wrong result, with unique names', () => {
    const all = ADVERSARIAL_CASES.flatMap((group) => group.cases);
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(new Set(all.map((c) => c.name)).size).toBe(all.length);
  });

  for (const { group, cases } of ADVERSARIAL_CASES) {
    describe(group, () => {
      it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => checkEditCase(c));
    });
  }
});
