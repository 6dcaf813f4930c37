import { MAX_ITERATIONS_LIMITS, SandboxPreferenceSchema, type Settings } from '../../../protocol/settings';
import { ChoiceSelect, Field, NumberField, SecretInput } from './fields';
import type { DraftProps } from './use-settings-form';

const SANDBOX_LABELS: Record<Settings['sandbox'], string> = {
  auto: 'Auto (WebContainer, else virtual)',
  virtual: 'Virtual (offline, just-bash)',
  webcontainer: 'WebContainer',
};

const WEBCONTAINER_KEY_NOTE =
  "Needed on a public address (see “Hosting” in the README); empty: the build's key, if any. Kept only in this browser's localStorage and sent only to StackBlitz. A change applies when WebContainer next starts: reload the page if it already tried on this one.";

/** How long a run may go and where its commands run. */
export function RunFieldset({ draft, errors, update }: DraftProps) {
  return (
    <fieldset>
      <legend>Run</legend>
      <NumberField
        id="max-iterations"
        label="Max iterations"
        error={errors.maxIterations}
        min={MAX_ITERATIONS_LIMITS.min}
        max={MAX_ITERATIONS_LIMITS.max}
        value={draft.maxIterations}
        onChange={(value) => update('maxIterations', value)}
      />
      <Field id="sandbox" label="Sandbox" error={errors.sandbox}>
        {(control) => (
          <ChoiceSelect
            {...control}
            options={SandboxPreferenceSchema.options}
            labelOf={(option) => SANDBOX_LABELS[option]}
            value={draft.sandbox}
            onChange={(sandbox) => update('sandbox', sandbox)}
          />
        )}
      </Field>
      {draft.sandbox !== 'virtual' && (
        <NumberField
          id="boot-timeout"
          label="WebContainer boot timeout (seconds)"
          error={errors.bootTimeoutSeconds}
          min={1}
          max={15}
          value={draft.bootTimeoutSeconds}
          onChange={(value) => update('bootTimeoutSeconds', value)}
        />
      )}
      {draft.sandbox !== 'virtual' && (
        <Field id="webcontainer-api-key" label="WebContainer API key" error={errors.webcontainerApiKey} note={WEBCONTAINER_KEY_NOTE}>
          {(control) => <SecretInput {...control} value={draft.webcontainerApiKey} onChange={(value) => update('webcontainerApiKey', value)} />}
        </Field>
      )}
    </fieldset>
  );
}
