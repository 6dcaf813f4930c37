import { describe, expect, it, vi } from 'vitest';
import { controlProps } from '../../../src/ui/components/settings/field-aria';
import { DEFAULT_PAGE_SETTINGS } from '../../../src/ui/settings/page-settings';
import { policyProblem } from '../../../src/ui/settings/policy-problem';
import { errorCount, saveOutcome } from '../../../src/ui/settings/save-outcome';
import { toDraft, validateDraft } from '../../../src/ui/settings/validate';

describe('policyProblem', () => {
  it('does not ask the worker about empty text', async () => {
    const check = vi.fn(async () => 'never');
    expect(await policyProblem(check, ' \n ')).toBeNull();
    expect(check).not.toHaveBeenCalled();
  });

  it("passes the worker's answer on", async () => {
    expect(await policyProblem(async () => null, '{}')).toBeNull();
    expect(await policyProblem(async (text) => `bad: ${text}`, '{"x":1}')).toBe('bad: {"x":1}');
  });

  it('turns a failed check into a problem', async () => {
    expect(await policyProblem(() => Promise.reject(new Error('worker gone')), '{}')).toBe('The policy could not be checked: worker gone');
  });
});

describe('saveOutcome', () => {
  const valid = validateDraft(toDraft(DEFAULT_PAGE_SETTINGS));
  const invalid = validateDraft({ ...toDraft(DEFAULT_PAGE_SETTINGS), maxIterations: '0' });

  it('saves only when the form and the policy are both fine', () => {
    expect(saveOutcome(valid, null)).toEqual({ ok: true, settings: DEFAULT_PAGE_SETTINGS });
    expect(saveOutcome(valid, 'bad policy')).toEqual({ ok: false, errors: { policyText: 'bad policy' } });
  });

  it("shows the form's errors together with the policy's", () => {
    expect(saveOutcome(invalid, null)).toEqual({ ok: false, errors: { maxIterations: 'Enter a whole number from 1 to 200.' } });
    expect(saveOutcome(invalid, 'bad policy')).toEqual({
      ok: false,
      errors: { maxIterations: 'Enter a whole number from 1 to 200.', policyText: 'bad policy' },
    });
  });

  it('counts only the fields that still show an error', () => {
    expect(errorCount({})).toBe(0);
    expect(errorCount({ model: 'Model name is required.', apiKey: undefined, policyText: 'bad' })).toBe(2);
  });
});

describe('controlProps', () => {
  it('points the control at its error first, then its note', () => {
    expect(controlProps('mode', undefined, undefined)).toEqual({ id: 'mode', 'aria-describedby': undefined, 'aria-invalid': false });
    expect(controlProps('mode', undefined, 'a note')).toEqual({ id: 'mode', 'aria-describedby': 'mode-note', 'aria-invalid': false });
    expect(controlProps('mode', 'wrong', 'a note')).toEqual({ id: 'mode', 'aria-describedby': 'mode-error mode-note', 'aria-invalid': true });
    expect(controlProps('mode', 'wrong', undefined)).toEqual({ id: 'mode', 'aria-describedby': 'mode-error', 'aria-invalid': true });
  });
});
