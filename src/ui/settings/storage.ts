import { z } from 'zod';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from '../../protocol/settings';
import type { PageSettings } from './page-settings';

/**
 * Settings live in this browser's localStorage. The API key is stored under its
 * own entry so "Forget key" removes exactly that, and it never leaves this browser.
 */
export const SETTINGS_KEY = 'phasegate.settings';
export const API_KEY_KEY = 'phasegate.apiKey';

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LoadedSettings {
  settings: PageSettings;
  /** Why stored settings were ignored, if they were. */
  error: string | null;
}

const StoredObjectSchema = z.record(z.string(), z.unknown());

/** Stored settings may be partial (older versions, hand-seeded): fill gaps from the defaults, then validate. */
export function loadSettings(store: KeyValueStore): LoadedSettings {
  const apiKey = store.getItem(API_KEY_KEY) ?? '';
  const raw = store.getItem(SETTINGS_KEY);
  if (raw === null) return { settings: withKey(DEFAULT_SETTINGS, apiKey), error: null };

  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { settings: withKey(DEFAULT_SETTINGS, apiKey), error: 'Saved settings were not valid JSON; using defaults.' };
  }
  const stored = StoredObjectSchema.safeParse(parsed);
  if (!stored.success) {
    return { settings: withKey(DEFAULT_SETTINGS, apiKey), error: 'Saved settings were not an object; using defaults.' };
  }
  const storedModel = StoredObjectSchema.safeParse(stored.data['model']);
  const merged = {
    ...DEFAULT_SETTINGS,
    ...stored.data,
    model: { ...DEFAULT_SETTINGS.model, ...(storedModel.success ? storedModel.data : {}), apiKey },
  };
  const result = parseSettings(merged);
  // Stored before plan_exec existed, or not a string: no overrides.
  const policyText = typeof stored.data['policyText'] === 'string' ? stored.data['policyText'] : '';
  return {
    settings: withKey(result.settings, apiKey, policyText),
    error: result.error === null ? null : `Saved settings were invalid (${result.error}); using defaults.`,
  };
}

export function saveSettings(store: KeyValueStore, settings: PageSettings): void {
  const { apiKey, ...model } = settings.model;
  store.setItem(SETTINGS_KEY, JSON.stringify({ ...settings, model }));
  if (apiKey === '') store.removeItem(API_KEY_KEY);
  else store.setItem(API_KEY_KEY, apiKey);
}

export function forgetApiKey(store: KeyValueStore): void {
  store.removeItem(API_KEY_KEY);
}

function withKey(settings: Settings, apiKey: string, policyText = ''): PageSettings {
  return { ...settings, model: { ...settings.model, apiKey }, policyText };
}
