import { describe, expect, it } from 'vitest';
import { checkEditCase } from './check-case';
import { EDIT_CASES } from './edit-cases';

describe('applyEdit: hand-written cases', () => {
  it('has enough cases to mean something', () => {
    expect(EDIT_CASES.length).toBeGreaterThanOrEqual(80);
    expect(new Set(EDIT_CASES.map((c) => c.name)).size).toBe(EDIT_CASES.length);
  });

  it.each(EDIT_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => checkEditCase(c));
});
