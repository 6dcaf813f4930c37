import { messageOf } from '../../protocol/error-message';
import { DEFAULT_SETTINGS, type Settings } from '../../protocol/settings';

/**
 * What the page keeps: the engine's settings plus the policy exactly as typed (empty = the defaults)
 * and the WebContainer API key (empty: the build's, if any), which only the page's boot and probe use.
 */
export interface PageSettings extends Settings {
  policyText: string;
  webcontainerApiKey: string;
}

export const DEFAULT_PAGE_SETTINGS: PageSettings = { ...DEFAULT_SETTINGS, policyText: '', webcontainerApiKey: '' };

export type RunPolicy = { ok: true; policy: unknown } | { ok: false; error: string };

/**
 * The policy overrides a run request carries, in both modes (react mode uses its
 * `commands` rules), undefined for the defaults. Settings checks the text through
 * the worker before saving; this only guards against text that never went through
 * the dialog (hand-edited storage).
 */
export function runPolicy(settings: PageSettings): RunPolicy {
  if (settings.policyText.trim() === '') return { ok: true, policy: undefined };
  try {
    return { ok: true, policy: JSON.parse(settings.policyText) as unknown };
  } catch (error) {
    return { ok: false, error: `The policy in Settings is not valid JSON (${messageOf(error)}); fix it in Settings.` };
  }
}
