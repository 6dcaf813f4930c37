import type { Scenario } from '../engine/scenarios';
import type { EndpointCheck } from '../settings/endpoint-check';
import type { PageSettings } from '../settings/page-settings';
import type { CheckPolicy } from '../settings/policy-problem';
import { errorCount } from '../settings/save-outcome';
import { holdsSecrets } from '../settings/storage';
import type { DraftErrors } from '../settings/validate';
import type { LoadDefaultPolicy } from './DefaultPolicy';
import { AgentFieldset } from './settings/AgentFieldset';
import { ContextFieldset } from './settings/ContextFieldset';
import { ModelFieldset } from './settings/ModelFieldset';
import { RunFieldset } from './settings/RunFieldset';
import { SharingFieldset } from './settings/SharingFieldset';
import { SuggestionsFieldset } from './settings/SuggestionsFieldset';
import { useModalDialog } from './settings/use-modal-dialog';
import { type PolicyWarningsOf, usePolicyWarnings } from './settings/use-policy-warnings';
import { useSettingsForm } from './settings/use-settings-form';

import '../styles/settings.css';

export interface SettingsDialogProps {
  open: boolean;
  settings: PageSettings;
  scenarios: Scenario[];
  onSave: (settings: PageSettings) => void;
  onCancel: () => void;
  onForgetKey: () => void;
  /** The worker's policy check: null when the JSON text is a valid policy, else what is wrong. */
  checkPolicy: CheckPolicy;
  /** The default policy as JSON text, from the worker. */
  loadDefaultPolicy: LoadDefaultPolicy;
  /** What the typed policy sets that would never take effect, from the worker. */
  policyWarningsOf: PolicyWarningsOf;
  /** The worker's "List models" and "Test connection" on the endpoint as typed. */
  endpointCheck: EndpointCheck;
}

/** A modal <dialog>: the page behind is inert, Tab stays inside, Escape cancels. */
export function SettingsDialog({
  open,
  settings,
  scenarios,
  onSave,
  onCancel,
  onForgetKey,
  checkPolicy,
  loadDefaultPolicy,
  policyWarningsOf,
  endpointCheck,
}: SettingsDialogProps) {
  const form = useSettingsForm({ open, settings, checkPolicy, onSave, onForgetKey });
  const policyWarnings = usePolicyWarnings(open, form.draft.policyText, form.draft.mode, form.draft.finalCheck, policyWarningsOf);
  // The draft resets only when the dialog opens, not when settings change under it.
  const dialog = useModalDialog(open, form.reset);
  const fields = { draft: form.draft, errors: form.errors, update: form.update };

  return (
    <dialog
      ref={dialog}
      className="settings"
      aria-labelledby="settings-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form
        method="dialog"
        className="settings-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <div className="settings-head">
          <h2 id="settings-title">Settings</h2>
          <ErrorSummary errors={form.errors} />
        </div>
        {/* Only the fields scroll: the title and the Save and Cancel buttons stay in view. */}
        <div className="settings-body">
          <ModelFieldset
            {...fields}
            scenarios={scenarios}
            check={endpointCheck}
            onProviderChange={form.choosePreset}
            hasSavedKey={holdsSecrets(settings)}
            keyForgotten={form.keyForgotten}
            onForgetKey={form.forgetKey}
          />
          <ContextFieldset {...fields} />
          <RunFieldset {...fields} />
          <AgentFieldset {...fields} loadDefaultPolicy={loadDefaultPolicy} policyWarnings={policyWarnings} />
          <SuggestionsFieldset {...fields} />
          <SharingFieldset {...fields} />
        </div>
        <div className="dialog-actions settings-footer">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" aria-disabled={form.saving}>
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}

function ErrorSummary({ errors }: { errors: DraftErrors }) {
  const count = errorCount(errors);
  if (count === 0) return null;
  return (
    <p role="alert" className="form-error">
      Fix {count === 1 ? 'the field' : `the ${count} fields`} marked below.
    </p>
  );
}
