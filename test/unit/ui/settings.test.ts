import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/engine/settings';
import { modelLabel } from '../../../src/ui/settings/model-label';
import { API_KEY_KEY, SETTINGS_KEY, forgetApiKey, loadSettings, saveSettings } from '../../../src/ui/settings/storage';
import { applyPreset, toDraft, validateDraft } from '../../../src/ui/settings/validate';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const openai: Settings = {
  ...DEFAULT_SETTINGS,
  model: { provider: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: 'sk-secret', scenario: 'demo' },
  maxIterations: 12,
};

describe('settings storage', () => {
  it('uses the defaults when nothing is stored', () => {
    expect(loadSettings(memoryStore())).toEqual({ settings: DEFAULT_SETTINGS, error: null });
  });

  it('round-trips settings and keeps the key in its own entry', () => {
    const store = memoryStore();
    saveSettings(store, openai);
    expect(store.data.get(SETTINGS_KEY)).not.toContain('sk-secret');
    expect(store.data.get(API_KEY_KEY)).toBe('sk-secret');
    expect(loadSettings(store)).toEqual({ settings: openai, error: null });
  });

  it('forgets the key without touching the rest', () => {
    const store = memoryStore();
    saveSettings(store, openai);
    forgetApiKey(store);
    const { settings } = loadSettings(store);
    expect(settings.model.apiKey).toBe('');
    expect(settings.model.provider).toBe('openai');
  });

  it('fills partial settings from the defaults', () => {
    const store = memoryStore({ [SETTINGS_KEY]: JSON.stringify({ sandbox: 'virtual', model: { scenario: 'slow-command' } }) });
    const { settings, error } = loadSettings(store);
    expect(error).toBeNull();
    expect(settings.sandbox).toBe('virtual');
    expect(settings.model).toEqual({ ...DEFAULT_SETTINGS.model, scenario: 'slow-command' });
  });

  it('falls back to the defaults with a reason for broken or invalid data', () => {
    expect(loadSettings(memoryStore({ [SETTINGS_KEY]: '{oops' }))).toEqual({
      settings: DEFAULT_SETTINGS,
      error: 'Saved settings were not valid JSON; using defaults.',
    });
    expect(loadSettings(memoryStore({ [SETTINGS_KEY]: '[1]' })).error).toMatch(/not an object/);
    const invalid = loadSettings(memoryStore({ [SETTINGS_KEY]: JSON.stringify({ maxIterations: 0 }) }));
    expect(invalid.settings).toEqual(DEFAULT_SETTINGS);
    expect(invalid.error).toMatch(/maxIterations/);
  });
});

describe('settings form validation', () => {
  it('accepts the defaults unchanged', () => {
    expect(validateDraft(toDraft(DEFAULT_SETTINGS))).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it('fills base URL and model from a preset and keeps the key', () => {
    const draft = applyPreset({ ...toDraft(DEFAULT_SETTINGS), apiKey: 'k' }, 'ollama');
    expect(draft).toMatchObject({ provider: 'ollama', baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5-coder:7b', apiKey: 'k' });
    expect(validateDraft(draft)).toMatchObject({ ok: true, settings: { model: { provider: 'ollama', apiKey: 'k' } } });
  });

  it('reports each bad field with a message', () => {
    const draft = {
      ...applyPreset(toDraft(DEFAULT_SETTINGS), 'openai'),
      model: '  ',
      baseUrl: 'api.openai.com',
      maxIterations: '2.5',
      bootTimeoutSeconds: '30',
    };
    const result = validateDraft(draft);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      model: 'Model name is required.',
      baseUrl: 'Enter a base URL starting with http:// or https://.',
      apiKey: 'OpenAI needs an API key.',
      maxIterations: 'Enter a whole number from 1 to 200.',
      bootTimeoutSeconds: 'Enter a whole number of seconds from 1 to 15.',
    });
  });

  it('treats an empty number as missing, not zero', () => {
    const result = validateDraft({ ...toDraft(DEFAULT_SETTINGS), maxIterations: '' });
    expect(result).toEqual({ ok: false, errors: { maxIterations: 'Enter a whole number from 1 to 200.' } });
  });
});

describe('model label', () => {
  it('names the scripted demo plainly', () => {
    expect(modelLabel(DEFAULT_SETTINGS.model)).toBe('Demo (scripted)');
    expect(modelLabel({ ...DEFAULT_SETTINGS.model, scenario: 'slow-command' })).toBe('Demo (scripted) · slow-command');
  });

  it('names a real model and its host, never the key', () => {
    expect(modelLabel(openai.model)).toBe('gpt-4o-mini @ api.openai.com');
  });
});
