import { z } from 'zod';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from '../../protocol/settings';
import { withoutUrlSecrets } from '../../protocol/url-secrets';
import type { PageSettings } from './page-settings';

/**
 * Settings live in this browser's localStorage. The API key is stored under its
 * own entry so "Forget key" removes exactly that, and it never leaves this browser.
 * A base URL's credentials (user, password, query: an Azure-style `?api-key=`) are kept
 * beside it, in their own entry, so the settings entry never holds a credential; endpoints
 * that take the key in the query keep working.
 */
export const SETTINGS_KEY = 'phasegate.settings';
export const API_KEY_KEY = 'phasegate.apiKey';
/** The WebContainer API key, kept like the model's: its own entry, never in the settings entry. */
export const WEBCONTAINER_API_KEY_KEY = 'phasegate.webcontainerApiKey';
/** The full URLs of the settings' URL fields that hold credentials, by field name. */
export const URL_CREDENTIALS_KEY = 'phasegate.urlCredentials';

/** The model settings that are endpoint URLs. */
const URL_FIELDS = ['baseUrl', 'summaryBaseUrl'] as const;

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LoadedSettings {
  settings: PageSettings;
  /** Why stored settings were ignored, if they were. */
  error: string | null;
}

const StoredObjectSchema = z.record(z.string(), z.unknown());
const UrlCredentialsSchema = z.record(z.string(), z.string());

/** Stored settings may be partial (older versions, hand-seeded): fill gaps from the defaults, then validate. */
export function loadSettings(store: KeyValueStore): LoadedSettings {
  const apiKey = store.getItem(API_KEY_KEY) ?? '';
  const withKey = (settings: Settings, policyText = ''): PageSettings => ({
    ...settings,
    model: { ...settings.model, apiKey },
    policyText,
    webcontainerApiKey: store.getItem(WEBCONTAINER_API_KEY_KEY) ?? '',
  });
  const raw = store.getItem(SETTINGS_KEY);
  if (raw === null) return { settings: withKey(DEFAULT_SETTINGS), error: null };

  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { settings: withKey(DEFAULT_SETTINGS), error: 'Saved settings were not valid JSON; using defaults.' };
  }
  const stored = StoredObjectSchema.safeParse(parsed);
  if (!stored.success) {
    return { settings: withKey(DEFAULT_SETTINGS), error: 'Saved settings were not an object; using defaults.' };
  }
  const storedModel = StoredObjectSchema.safeParse(stored.data['model']);
  // A hand-edited settings entry holding the key is not read: the key has its own entry.
  const { webcontainerApiKey: _ignored, ...storedSettings } = stored.data;
  const merged = {
    ...DEFAULT_SETTINGS,
    ...storedSettings,
    model: { ...DEFAULT_SETTINGS.model, ...withUrlCredentials(storedModel.success ? storedModel.data : {}, store), apiKey },
  };
  const result = parseSettings(merged);
  // Stored before plan_exec existed, or not a string: no overrides.
  const policyText = typeof stored.data['policyText'] === 'string' ? stored.data['policyText'] : '';
  return {
    settings: withKey(result.settings, policyText),
    error: result.error === null ? null : `Saved settings were invalid (${result.error}); using defaults.`,
  };
}

export function saveSettings(store: KeyValueStore, settings: PageSettings): void {
  const { webcontainerApiKey, ...rest } = settings;
  const { apiKey, ...model } = rest.model;
  const credentials: Record<string, string> = {};
  for (const field of URL_FIELDS) {
    const plain = withoutUrlSecrets(model[field]);
    if (plain === model[field]) continue;
    credentials[field] = model[field];
    model[field] = plain;
  }
  store.setItem(SETTINGS_KEY, JSON.stringify({ ...rest, model }));
  if (apiKey === '') store.removeItem(API_KEY_KEY);
  else store.setItem(API_KEY_KEY, apiKey);
  if (webcontainerApiKey === '') store.removeItem(WEBCONTAINER_API_KEY_KEY);
  else store.setItem(WEBCONTAINER_API_KEY_KEY, webcontainerApiKey);
  if (Object.keys(credentials).length === 0) store.removeItem(URL_CREDENTIALS_KEY);
  else store.setItem(URL_CREDENTIALS_KEY, JSON.stringify(credentials));
}

/** The stored model's URLs with their credentials back, each only when the stored URL is still that URL without them. */
function withUrlCredentials(model: Record<string, unknown>, store: KeyValueStore): Record<string, unknown> {
  let credentials: Record<string, string> = {};
  try {
    const parsed = UrlCredentialsSchema.safeParse(JSON.parse(store.getItem(URL_CREDENTIALS_KEY) ?? '{}'));
    if (parsed.success) credentials = parsed.data;
  } catch {
    // Damaged: the URLs are used as stored.
  }
  const out = { ...model };
  for (const field of URL_FIELDS) {
    const full = Object.hasOwn(credentials, field) ? credentials[field] : undefined;
    if (full !== undefined && typeof out[field] === 'string' && withoutUrlSecrets(full) === out[field]) out[field] = full;
  }
  return out;
}

/** "Forget key": the API key and the base URLs' credentials leave this browser; the rest stays. */
export function forgetApiKey(store: KeyValueStore): void {
  store.removeItem(API_KEY_KEY);
  store.removeItem(URL_CREDENTIALS_KEY);
}

/** The settings as they are once "Forget key" ran: no key, and the URLs without their credentials. */
export function withoutSecrets(settings: PageSettings): PageSettings {
  const model = { ...settings.model, apiKey: '' };
  for (const field of URL_FIELDS) model[field] = withoutUrlSecrets(model[field]);
  return { ...settings, model };
}

/** The settings hold something "Forget key" would remove. */
export function holdsSecrets(settings: PageSettings): boolean {
  return settings.model.apiKey !== '' || URL_FIELDS.some((field) => withoutUrlSecrets(settings.model[field]) !== settings.model[field]);
}
