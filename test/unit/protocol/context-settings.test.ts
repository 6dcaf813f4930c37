import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, ModelSettingsSchema, parseSettings } from '../../../src/protocol/settings';

/** Settings as stored before counting, sampling, the summary model and the budgets existed. */
function olderSettings(): Record<string, unknown> {
  const { maxTokensPerRun: _tokens, maxCostPerRun: _cost, model, ...rest } = DEFAULT_SETTINGS;
  const { contextWindow: _window, tokenizer: _tokenizer, temperature: _temperature, maxOutputTokens: _max, summaryModel: _summary, ...olderModel } = model;
  return { ...rest, model: olderModel };
}

const withModel = (fields: Record<string, unknown>) => ({ ...DEFAULT_SETTINGS, model: { ...DEFAULT_SETTINGS.model, ...fields } });

describe('the context settings', () => {
  it('reads settings stored before they existed with their defaults', () => {
    expect(parseSettings(olderSettings())).toEqual({ settings: DEFAULT_SETTINGS, error: null });
    expect(DEFAULT_SETTINGS.model).toMatchObject({ contextWindow: 0, tokenizer: 'o200k', temperature: 0, maxOutputTokens: 16_384, summaryModel: '' });
    expect(DEFAULT_SETTINGS).toMatchObject({ maxTokensPerRun: null, maxCostPerRun: null });
  });

  it('keeps good values: a window, a tokenizer, a temperature, a summary model (trimmed) and budgets', () => {
    const parsed = parseSettings({
      ...withModel({ contextWindow: 64_000, tokenizer: 'cl100k', temperature: 0.7, maxOutputTokens: 4_096, summaryModel: ' gpt-4o-mini ' }),
      maxTokensPerRun: 200_000,
      maxCostPerRun: 0.5,
    });
    expect(parsed.error).toBeNull();
    expect(parsed.settings.model).toMatchObject({
      contextWindow: 64_000,
      tokenizer: 'cl100k',
      temperature: 0.7,
      maxOutputTokens: 4_096,
      summaryModel: 'gpt-4o-mini',
    });
    expect(parsed.settings).toMatchObject({ maxTokensPerRun: 200_000, maxCostPerRun: 0.5 });
  });

  it('rejects bad values with a message that says what is allowed', () => {
    const problem = (input: unknown) => parseSettings(input).error;
    expect(problem(withModel({ contextWindow: 500 }))).toBe(
      "model.contextWindow: the context window is 0 (the model's known window) or from 1,000 to 10,000,000 tokens",
    );
    expect(problem(withModel({ contextWindow: 1.5 }))).toBe('model.contextWindow: the context window is a whole number of tokens');
    expect(problem(withModel({ tokenizer: 'p50k' }))).toMatch(/^model\.tokenizer: /);
    expect(problem(withModel({ temperature: 3 }))).toBe('model.temperature: the temperature is from 0 to 2');
    expect(problem(withModel({ temperature: -0.1 }))).toBe('model.temperature: the temperature is from 0 to 2');
    expect(problem(withModel({ maxOutputTokens: 0 }))).toBe('model.maxOutputTokens: max output tokens is from 1 to 1,000,000');
    expect(problem(withModel({ summaryModel: 'm'.repeat(201) }))).toBe('model.summaryModel: the summary model name is at most 200 characters');
    expect(problem({ ...DEFAULT_SETTINGS, maxTokensPerRun: 0 })).toBe('maxTokensPerRun: the token budget is at least 1 token');
    expect(problem({ ...DEFAULT_SETTINGS, maxTokensPerRun: 10.5 })).toBe('maxTokensPerRun: the token budget is a whole number of tokens');
    expect(problem({ ...DEFAULT_SETTINGS, maxCostPerRun: 0 })).toBe('maxCostPerRun: the cost budget is at least $0.0001');
    // Anything invalid falls back to the defaults, as before.
    expect(parseSettings({ ...DEFAULT_SETTINGS, maxCostPerRun: -1 }).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('gives model settings from the CLI or an older page the same defaults', () => {
    const parsed = ModelSettingsSchema.parse({ provider: 'custom', baseUrl: 'http://localhost:1/v1', model: 'm', apiKey: '', scenario: 'demo' });
    expect(parsed).toMatchObject({ contextWindow: 0, tokenizer: 'o200k', temperature: 0, maxOutputTokens: 16_384, summaryModel: '' });
  });
});
