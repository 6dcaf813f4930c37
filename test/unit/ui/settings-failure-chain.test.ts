import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/protocol/settings';
import { buildRunRequest } from '../../../src/ui/engine/run-request';
import { DEFAULT_PAGE_SETTINGS } from '../../../src/ui/settings/page-settings';
import { loadSettings, saveSettings, SETTINGS_KEY } from '../../../src/ui/settings/storage';
import { toDraft, validateDraft } from '../../../src/ui/settings/validate';
import { memoryStore } from './memory-storage';

const draft = () => toDraft(DEFAULT_PAGE_SETTINGS);

describe('Settings: recovery model', () => {
  it('is empty by default and kept, trimmed, in the model settings', () => {
    expect(draft().recoveryModel).toBe('');
    const result = validateDraft({ ...draft(), recoveryModel: '  gpt-4o  ' });
    expect(result).toMatchObject({ ok: true, settings: { model: { recoveryModel: 'gpt-4o' } } });
    if (result.ok) expect(toDraft(result.settings).recoveryModel).toBe('gpt-4o');
  });

  it('reports a name that is too long on its own field', () => {
    expect(validateDraft({ ...draft(), recoveryModel: 'm'.repeat(201) })).toEqual({
      ok: false,
      errors: { recoveryModel: 'The recovery model name is at most 200 characters.' },
    });
  });

  it('travels with the model settings in the run request', () => {
    const settings = { ...DEFAULT_PAGE_SETTINGS, model: { ...DEFAULT_PAGE_SETTINGS.model, recoveryModel: 'critic' } };
    expect(buildRunRequest('t', settings)).toMatchObject({ ok: true, request: { model: { recoveryModel: 'critic' } } });
  });
});

describe('Settings: suggestions on failed runs', () => {
  it('are one text per error code, empty for the built-ins', () => {
    const texts = draft().suggestions;
    expect(Object.keys(texts)).toContain('llm_failure');
    expect(Object.values(texts).every((text) => text === '')).toBe(true);
    expect(validateDraft(draft())).toMatchObject({ ok: true, settings: { suggestions: {} } });
  });

  it('take one suggestion a line, blank lines dropped, and show them back the same way', () => {
    const text = '  Check the key in Settings.\n\nAsk the admin for quota.\n';
    const result = validateDraft({ ...draft(), suggestions: { ...draft().suggestions, llm_failure: text, timeout: ' \n ' } });
    expect(result).toMatchObject({ ok: true, settings: { suggestions: { llm_failure: ['Check the key in Settings.', 'Ask the admin for quota.'] } } });
    if (!result.ok) return;
    expect(result.settings.suggestions).not.toHaveProperty('timeout');
    expect(toDraft(result.settings).suggestions.llm_failure).toBe('Check the key in Settings.\nAsk the admin for quota.');
    expect(buildRunRequest('t', result.settings)).toMatchObject({
      ok: true,
      request: { suggestions: { llm_failure: ['Check the key in Settings.', 'Ask the admin for quota.'] } },
    });
  });

  it('report a bad line on its error code, with the line number as typed', () => {
    const long = 'x'.repeat(301);
    const result = validateDraft({ ...draft(), suggestions: { ...draft().suggestions, timeout: `Retry.\n\n${long}`, loop_detected: 'Again.\nAgain.' } });
    expect(result).toEqual({
      ok: false,
      errors: {
        'suggestions.timeout': 'Line 3: a suggestion is at most 300 characters.',
        'suggestions.loop_detected': 'The same suggestion is given twice.',
      },
    });
  });

  it('survive a save and a load; settings stored before they existed load with none', () => {
    const store = memoryStore();
    const settings = { ...DEFAULT_PAGE_SETTINGS, suggestions: { needs_human: ['Answer in the chat.'] } };
    saveSettings(store, settings);
    expect(loadSettings(store)).toEqual({ settings, error: null });

    const { suggestions: _suggestions, model, ...older } = DEFAULT_SETTINGS;
    const { recoveryModel: _recoveryModel, ...olderModel } = model;
    const loaded = loadSettings(memoryStore({ [SETTINGS_KEY]: JSON.stringify({ ...older, model: olderModel }) }));
    expect(loaded).toEqual({ settings: DEFAULT_PAGE_SETTINGS, error: null });
  });

  it('stored with an unknown code are refused with the reason', () => {
    const loaded = loadSettings(memoryStore({ [SETTINGS_KEY]: JSON.stringify({ ...DEFAULT_SETTINGS, suggestions: { boom: ['x'] } }) }));
    expect(loaded.error).toBe('Saved settings were invalid (suggestions: unknown key "boom"); using defaults.');
  });
});
