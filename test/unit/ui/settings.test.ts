import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from '../../../src/protocol/settings';
import { modelLabel } from '../../../src/ui/settings/model-label';
import { DEFAULT_PAGE_SETTINGS, type PageSettings, runPolicy } from '../../../src/ui/settings/page-settings';
import {
  API_KEY_KEY,
  forgetApiKey,
  holdsSecrets,
  loadSettings,
  saveSettings,
  SETTINGS_KEY,
  URL_CREDENTIALS_KEY,
  withoutSecrets,
} from '../../../src/ui/settings/storage';
import { applyPreset, toDraft, validateDraft } from '../../../src/ui/settings/validate';
import { memoryStore } from './memory-storage';

const openai: PageSettings = {
  ...DEFAULT_PAGE_SETTINGS,
  model: {
    provider: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    model: 'gpt-4o-mini',
    apiKey: 'sk-secret',
    scenario: 'demo',
    idleTimeoutSeconds: 60,
    replyLimitMinutes: 10,
    recoveryModel: '',
    contextWindow: 0,
    tokenizer: 'o200k',
    temperature: 0,
    maxOutputTokens: 16_384,
    summaryModel: '',
    summaryBaseUrl: '',
  },
  maxIterations: 12,
};

describe('settings storage', () => {
  it('uses the defaults when nothing is stored', () => {
    expect(loadSettings(memoryStore())).toEqual({ settings: DEFAULT_PAGE_SETTINGS, error: null });
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

  it('round-trips the mode and the policy text next to the settings', () => {
    const store = memoryStore();
    const policyText = '{"phases":{"planning":{"autoAdvanceAfter":5}}}';
    saveSettings(store, { ...DEFAULT_PAGE_SETTINGS, mode: 'plan_exec', policyText });
    expect(JSON.parse(store.data.get(SETTINGS_KEY) ?? '')).toMatchObject({ mode: 'plan_exec', policyText });
    expect(loadSettings(store)).toEqual({ settings: { ...DEFAULT_PAGE_SETTINGS, mode: 'plan_exec', policyText }, error: null });
  });

  it('loads settings stored before the policy existed, and ignores a policy that is not text', () => {
    const old = { ...DEFAULT_SETTINGS, mode: 'plan_exec', model: { ...DEFAULT_SETTINGS.model, apiKey: undefined } };
    expect(loadSettings(memoryStore({ [SETTINGS_KEY]: JSON.stringify(old) }))).toEqual({
      settings: { ...DEFAULT_PAGE_SETTINGS, mode: 'plan_exec', policyText: '' },
      error: null,
    });
    const odd = loadSettings(memoryStore({ [SETTINGS_KEY]: JSON.stringify({ policyText: { phases: {} } }) }));
    expect(odd).toEqual({ settings: DEFAULT_PAGE_SETTINGS, error: null });
  });

  it('falls back to the defaults with a reason for broken or invalid data', () => {
    expect(loadSettings(memoryStore({ [SETTINGS_KEY]: '{oops' }))).toEqual({
      settings: DEFAULT_PAGE_SETTINGS,
      error: 'Saved settings were not valid JSON; using defaults.',
    });
    expect(loadSettings(memoryStore({ [SETTINGS_KEY]: '[1]' })).error).toMatch(/not an object/);
    const invalid = loadSettings(memoryStore({ [SETTINGS_KEY]: JSON.stringify({ maxIterations: 0 }) }));
    expect(invalid.settings).toEqual(DEFAULT_PAGE_SETTINGS);
    expect(invalid.error).toMatch(/maxIterations/);
  });
});

describe('settings form validation', () => {
  it('accepts the defaults unchanged', () => {
    expect(validateDraft(toDraft(DEFAULT_PAGE_SETTINGS))).toEqual({ ok: true, settings: DEFAULT_PAGE_SETTINGS });
  });

  it('fills base URL and model from a preset and keeps the key', () => {
    const draft = applyPreset({ ...toDraft(DEFAULT_PAGE_SETTINGS), apiKey: 'k' }, 'ollama');
    expect(draft).toMatchObject({ provider: 'ollama', baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5-coder:7b', apiKey: 'k' });
    expect(validateDraft(draft)).toMatchObject({ ok: true, settings: { model: { provider: 'ollama', apiKey: 'k' } } });
  });

  it('reports each bad field with a message', () => {
    const draft = {
      ...applyPreset(toDraft(DEFAULT_PAGE_SETTINGS), 'openai'),
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

  it('checks the reply time limits and keeps them in the model settings', () => {
    const bad = validateDraft({ ...toDraft(DEFAULT_PAGE_SETTINGS), idleTimeoutSeconds: '2', replyLimitMinutes: '0.5' });
    expect(bad).toEqual({
      ok: false,
      errors: { idleTimeoutSeconds: 'Enter a whole number of seconds from 5 to 3600.', replyLimitMinutes: 'Enter a whole number of minutes from 1 to 120.' },
    });
    const good = validateDraft({ ...toDraft(DEFAULT_PAGE_SETTINGS), idleTimeoutSeconds: '90', replyLimitMinutes: '20' });
    expect(good).toMatchObject({ ok: true, settings: { model: { idleTimeoutSeconds: 90, replyLimitMinutes: 20 } } });
  });

  it('reads settings stored before the reply limits existed with their defaults', () => {
    const { model: stored } = DEFAULT_SETTINGS;
    const { idleTimeoutSeconds: _idle, replyLimitMinutes: _limit, ...older } = stored;
    const parsed = parseSettings({ ...DEFAULT_SETTINGS, model: older });
    expect(parsed).toEqual({ settings: DEFAULT_SETTINGS, error: null });
  });

  it('treats an empty number as missing, not zero', () => {
    const result = validateDraft({ ...toDraft(DEFAULT_PAGE_SETTINGS), maxIterations: '' });
    expect(result).toEqual({ ok: false, errors: { maxIterations: 'Enter a whole number from 1 to 200.' } });
  });
});

describe('the policy a run request carries', () => {
  const planExec = { ...DEFAULT_PAGE_SETTINGS, mode: 'plan_exec' as const };

  it('is the parsed overrides in plan_exec mode', () => {
    const result = runPolicy({ ...planExec, policyText: '{"phases":{"planning":{"autoAdvanceAfter":5}}}' });
    expect(result).toEqual({ ok: true, policy: { phases: { planning: { autoAdvanceAfter: 5 } } } });
  });

  it('is absent for empty text, and carried in react mode too (for its command rules)', () => {
    expect(runPolicy({ ...planExec, policyText: '  \n' })).toEqual({ ok: true, policy: undefined });
    expect(runPolicy({ ...DEFAULT_PAGE_SETTINGS, policyText: '{"commands":{"deny":["git push"]}}' })).toEqual({
      ok: true,
      policy: { commands: { deny: ['git push'] } },
    });
  });

  it('refuses text that is not JSON with a message pointing at Settings', () => {
    const result = runPolicy({ ...planExec, policyText: '{"phases": ' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^The policy in Settings is not valid JSON \(.+\); fix it in Settings\.$/);
  });
});

describe('settings form with a mode and a policy', () => {
  it('keeps the mode and the policy text as typed, empty when only whitespace', () => {
    const text = '{ "phases": { "planning": { "autoAdvanceAfter": 5 } } }\n';
    const draft = { ...toDraft(DEFAULT_PAGE_SETTINGS), mode: 'plan_exec' as const, policyText: text };
    expect(validateDraft(draft)).toEqual({ ok: true, settings: { ...DEFAULT_PAGE_SETTINGS, mode: 'plan_exec', policyText: text } });
    expect(validateDraft({ ...draft, policyText: ' \n ' })).toMatchObject({ ok: true, settings: { policyText: '' } });
    expect(toDraft({ ...DEFAULT_PAGE_SETTINGS, policyText: text }).policyText).toBe(text);
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

describe('refusing edits that break the syntax', () => {
  it('is off by default and off for settings stored before it existed', () => {
    expect(DEFAULT_SETTINGS.refuseSyntaxErrors).toBe(false);
    const { refuseSyntaxErrors: _dropped, ...older } = DEFAULT_SETTINGS;
    expect(parseSettings(older)).toEqual({ settings: { ...DEFAULT_SETTINGS, refuseSyntaxErrors: false }, error: null });
    expect(loadSettings(memoryStore({ [SETTINGS_KEY]: JSON.stringify(older) })).settings.refuseSyntaxErrors).toBe(false);
  });

  it('survives a save and a load, and refuses a value that is not a boolean', () => {
    const store = memoryStore({});
    saveSettings(store, { ...DEFAULT_PAGE_SETTINGS, refuseSyntaxErrors: true });
    expect(loadSettings(store).settings.refuseSyntaxErrors).toBe(true);
    expect(parseSettings({ ...DEFAULT_SETTINGS, refuseSyntaxErrors: 'yes' }).error).toMatch(/^refuseSyntaxErrors: /);
  });

  it('goes through the form as a checkbox value', () => {
    const draft = { ...toDraft(DEFAULT_PAGE_SETTINGS), refuseSyntaxErrors: true };
    expect(validateDraft(draft)).toEqual({ ok: true, settings: { ...DEFAULT_PAGE_SETTINGS, refuseSyntaxErrors: true } });
    expect(toDraft({ ...DEFAULT_PAGE_SETTINGS, refuseSyntaxErrors: true }).refuseSyntaxErrors).toBe(true);
  });
});

describe('a credential in a base URL', () => {
  const azure = 'https://res.openai.azure.com/openai/deployments/gpt?api-version=2024-02-01&api-key=azsecret0123456789';
  const withUrls = (baseUrl: string, summaryBaseUrl = ''): PageSettings => ({ ...openai, model: { ...openai.model, baseUrl, summaryBaseUrl } });

  it('is kept beside the key, out of the settings entry, and comes back on load', () => {
    const store = memoryStore();
    const settings = withUrls(azure, 'http://user:pa55word-local@localhost:9000/v1?key=summarysecret99');
    saveSettings(store, settings);
    const stored = store.data.get(SETTINGS_KEY) ?? '';
    for (const secret of ['azsecret0123456789', 'api-key=', 'pa55word-local', 'summarysecret99']) expect(stored).not.toContain(secret);
    expect(JSON.parse(stored).model.baseUrl).toBe('https://res.openai.azure.com/openai/deployments/gpt');
    expect(store.data.get(URL_CREDENTIALS_KEY)).toContain('azsecret0123456789');
    expect(loadSettings(store)).toEqual({ settings, error: null });
  });

  it('leaves no credentials entry for plain URLs, and drops one the URL no longer has', () => {
    const store = memoryStore();
    saveSettings(store, withUrls(azure));
    saveSettings(store, withUrls('https://api.openai.com/v1'));
    expect(store.data.has(URL_CREDENTIALS_KEY)).toBe(false);
    expect(loadSettings(store).settings.model.baseUrl).toBe('https://api.openai.com/v1');
  });

  it('goes with the key on "Forget key": neither the stored entry nor the settings in use keep it', () => {
    const store = memoryStore();
    const settings = withUrls(azure, 'http://user:pa55word-local@localhost:9000/v1');
    saveSettings(store, settings);
    expect(holdsSecrets(settings)).toBe(true);
    forgetApiKey(store);
    expect(store.data.has(URL_CREDENTIALS_KEY)).toBe(false);
    const forgotten = withoutSecrets(settings);
    expect(forgotten.model.apiKey).toBe('');
    expect(forgotten.model.baseUrl).toBe('https://res.openai.azure.com/openai/deployments/gpt');
    expect(forgotten.model.summaryBaseUrl).toBe('http://localhost:9000/v1');
    expect(holdsSecrets(forgotten)).toBe(false);
    expect(loadSettings(store).settings).toEqual(forgotten);
    for (const secret of ['azsecret0123456789', 'pa55word-local', 'sk-secret']) expect(JSON.stringify([...store.data.values()])).not.toContain(secret);
  });

  it('is not put back on a URL edited by hand to point elsewhere', () => {
    const store = memoryStore();
    saveSettings(store, withUrls(azure));
    const edited = JSON.parse(store.data.get(SETTINGS_KEY) ?? '');
    edited.model.baseUrl = 'https://elsewhere.example/v1';
    store.setItem(SETTINGS_KEY, JSON.stringify(edited));
    expect(loadSettings(store).settings.model.baseUrl).toBe('https://elsewhere.example/v1');
  });
});
