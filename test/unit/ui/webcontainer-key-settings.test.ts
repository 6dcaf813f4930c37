import { describe, expect, it } from 'vitest';
import { settingsSecrets } from '../../../src/protocol/url-secrets';
import { webcontainerApiKey } from '../../../src/ui/sandbox/webcontainer-api-key';
import { DEFAULT_PAGE_SETTINGS, type PageSettings } from '../../../src/ui/settings/page-settings';
import { API_KEY_KEY, loadSettings, saveSettings, SETTINGS_KEY, WEBCONTAINER_API_KEY_KEY } from '../../../src/ui/settings/storage';
import { toDraft, validateDraft } from '../../../src/ui/settings/validate';
import { memoryStore } from './memory-storage';

const KEY = 'wc_api_team_0123456789abcdef';
const withKey: PageSettings = { ...DEFAULT_PAGE_SETTINGS, webcontainerApiKey: KEY };

describe('the WebContainer API key in Settings', () => {
  it('is kept in its own entry, never in the settings entry, and read back', () => {
    const store = memoryStore();
    saveSettings(store, withKey);
    expect(store.getItem(WEBCONTAINER_API_KEY_KEY)).toBe(KEY);
    expect(store.getItem(SETTINGS_KEY)).not.toContain(KEY);
    expect(store.getItem(SETTINGS_KEY)).not.toContain('webcontainerApiKey');
    expect(store.getItem(API_KEY_KEY)).toBeNull();
    expect(loadSettings(store).settings).toEqual(withKey);
  });

  it('leaves this browser when the field is emptied', () => {
    const store = memoryStore();
    saveSettings(store, withKey);
    saveSettings(store, { ...withKey, webcontainerApiKey: '' });
    expect(store.getItem(WEBCONTAINER_API_KEY_KEY)).toBeNull();
    expect(loadSettings(store).settings.webcontainerApiKey).toBe('');
  });

  it('is not read from a settings entry that holds one', () => {
    const store = memoryStore({ [SETTINGS_KEY]: JSON.stringify({ ...DEFAULT_PAGE_SETTINGS, webcontainerApiKey: KEY }) });
    const loaded = loadSettings(store);
    expect(loaded.error).toBeNull();
    expect(loaded.settings.webcontainerApiKey).toBe('');
  });

  it('goes through the form trimmed', () => {
    const draft = { ...toDraft(DEFAULT_PAGE_SETTINGS), webcontainerApiKey: `  ${KEY}\n` };
    const result = validateDraft(draft);
    expect(result.ok && result.settings.webcontainerApiKey).toBe(KEY);
    expect(toDraft(withKey).webcontainerApiKey).toBe(KEY);
  });

  it('wins over the build-time key; the build-time key is used when the field is empty', () => {
    expect(webcontainerApiKey(KEY, 'wc_api_build_key_000000')).toBe(KEY);
    expect(webcontainerApiKey('  ', 'wc_api_build_key_000000')).toBe('wc_api_build_key_000000');
    expect(webcontainerApiKey('', '')).toBe('');
  });

  it('is among the secrets the worker redacts and the share check refuses', () => {
    expect(settingsSecrets({ apiKey: 'sk-model-0123456789', baseUrl: 'https://api.example.com/v1', webcontainerApiKey: KEY })).toEqual([
      'sk-model-0123456789',
      KEY,
    ]);
    expect(settingsSecrets({ apiKey: '', baseUrl: '' })).toEqual([]);
  });
});
