import { useCallback, useState } from 'react';
import type { Provider } from '../../../protocol/settings';
import { withoutUrlSecrets } from '../../../protocol/url-secrets';
import type { PageSettings } from '../../settings/page-settings';
import type { CheckPolicy } from '../../settings/policy-problem';
import { saveOutcome } from '../../settings/save-outcome';
import { applyPreset, type DraftErrors, type DraftField, type SettingsDraft, toDraft, validateDraft } from '../../settings/validate';
import { usePolicyCheck } from './use-policy-check';

export type UpdateField = <K extends DraftField>(field: K, value: SettingsDraft[K]) => void;

/** What every fieldset gets: the draft, its errors, and the way to change one field. */
export interface DraftProps {
  draft: SettingsDraft;
  errors: DraftErrors;
  update: UpdateField;
}

export interface SettingsFormOptions {
  open: boolean;
  settings: PageSettings;
  checkPolicy: CheckPolicy;
  onSave: (settings: PageSettings) => void;
  onForgetKey: () => void;
}

/** The errors without the field's own (and its parts', such as each error code's suggestions). */
function withoutErrorsOf(errors: DraftErrors, field: DraftField): DraftErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field && !key.startsWith(`${field}.`)));
}

/** The Settings form's state: the draft being edited, its errors, Save and Forget key. */
export function useSettingsForm({ open, settings, checkPolicy, onSave, onForgetKey }: SettingsFormOptions) {
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(settings));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [keyForgotten, setKeyForgotten] = useState(false);
  const [saving, setSaving] = useState(false);

  const showPolicyProblem = useCallback((problem: string | null) => setErrors((current) => ({ ...current, policyText: problem ?? undefined })), []);
  const checkPolicyNow = usePolicyCheck(open, draft.policyText, checkPolicy, showPolicyProblem);

  /** Starts over from the saved settings (the dialog is opening). */
  const reset = () => {
    setDraft(toDraft(settings));
    setErrors({});
    setKeyForgotten(false);
    setSaving(false);
  };

  const update: UpdateField = (field, value) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutErrorsOf(current, field));
  };

  const choosePreset = (provider: Provider) => {
    setDraft((current) => applyPreset(current, provider));
    setErrors({});
  };

  const forgetKey = () => {
    onForgetKey();
    update('apiKey', '');
    // A base URL's own credentials (user, password, `?api-key=`) go with the key.
    update('baseUrl', withoutUrlSecrets(draft.baseUrl));
    update('summaryBaseUrl', withoutUrlSecrets(draft.summaryBaseUrl));
    setKeyForgotten(true);
  };

  const save = async () => {
    const snapshot = draft;
    const validation = validateDraft(snapshot);
    setSaving(true);
    const answer = await checkPolicyNow(snapshot.policyText);
    setSaving(false);
    // Closed, or the text changed, while the worker answered: this save no longer applies.
    if (answer === null) return;
    const outcome = saveOutcome(validation, answer.problem);
    if (outcome.ok) onSave(outcome.settings);
    else setErrors(outcome.errors);
  };

  const submit = () => {
    if (!saving) void save();
  };

  return { draft, errors, update, saving, keyForgotten, reset, choosePreset, forgetKey, submit };
}
