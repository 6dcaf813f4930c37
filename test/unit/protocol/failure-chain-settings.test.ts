import { describe, expect, it } from 'vitest';
import { RunErrorCodeSchema } from '../../../src/protocol/events';
import { DEFAULT_SETTINGS, parseSettings } from '../../../src/protocol/settings';
import { DEFAULT_SUGGESTIONS, SuggestionOverridesSchema } from '../../../src/protocol/suggestions';
import { describeFirstIssue } from '../../../src/protocol/zod-issue';

/** Settings as stored before the recovery model and the suggestion overrides existed. */
function olderSettings(): Record<string, unknown> {
  const { suggestions: _suggestions, model, ...rest } = DEFAULT_SETTINGS;
  const { recoveryModel: _recoveryModel, ...olderModel } = model;
  return { ...rest, model: olderModel };
}

const problem = (input: unknown) => {
  const result = SuggestionOverridesSchema.safeParse(input);
  return result.success ? null : describeFirstIssue(result.error, 'suggestions');
};

describe('settings of the failure chain', () => {
  it('reads settings stored before the recovery model and the overrides with their defaults', () => {
    expect(parseSettings(olderSettings())).toEqual({ settings: DEFAULT_SETTINGS, error: null });
    expect(DEFAULT_SETTINGS.model.recoveryModel).toBe('');
    expect(DEFAULT_SETTINGS.suggestions).toEqual({});
  });

  it('keeps a recovery model name, trimmed, and bounds its length', () => {
    const parsed = parseSettings({ ...DEFAULT_SETTINGS, model: { ...DEFAULT_SETTINGS.model, recoveryModel: ' gpt-4o ' } });
    expect(parsed.settings.model.recoveryModel).toBe('gpt-4o');
    const long = parseSettings({ ...DEFAULT_SETTINGS, model: { ...DEFAULT_SETTINGS.model, recoveryModel: 'm'.repeat(201) } });
    expect(long.error).toBe('model.recoveryModel: the recovery model name is at most 200 characters');
  });

  it('accepts overrides for known codes, trimmed', () => {
    const parsed = parseSettings({ ...DEFAULT_SETTINGS, suggestions: { llm_failure: [' Ask the admin for a key. '], timeout: ['Wait.', 'Retry.'] } });
    expect(parsed.error).toBeNull();
    expect(parsed.settings.suggestions).toEqual({ llm_failure: ['Ask the admin for a key.'], timeout: ['Wait.', 'Retry.'] });
  });

  it('rejects bad overrides with a message that says where and what', () => {
    expect(problem({ llm_falure: ['x'] })).toBe('suggestions: unknown key "llm_falure"');
    expect(problem({ timeout: [] })).toBe('timeout: give at least one suggestion, or leave the error code out for the built-in ones');
    expect(problem({ timeout: ['ok', '   '] })).toBe('timeout.1: a suggestion may not be empty');
    expect(problem({ timeout: ['x'.repeat(301)] })).toBe('timeout.0: a suggestion is at most 300 characters');
    expect(problem({ timeout: Array.from({ length: 9 }, (_, i) => `s${i}`) })).toBe('timeout: at most 8 suggestions per error code');
    expect(problem({ timeout: ['Retry.', 'Retry.'] })).toBe('timeout: the same suggestion is given twice');
    expect(problem({ timeout: 'Retry.' })).toMatch(/^timeout: Invalid input: expected array/);
    expect(parseSettings({ ...DEFAULT_SETTINGS, suggestions: { nope: ['x'] } })).toEqual({
      settings: DEFAULT_SETTINGS,
      error: 'suggestions: unknown key "nope"',
    });
  });

  it('has built-in suggestions for every error code', () => {
    for (const code of RunErrorCodeSchema.options) expect(DEFAULT_SUGGESTIONS[code].length, code).toBeGreaterThan(0);
  });
});
