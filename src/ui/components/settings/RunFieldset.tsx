import { MAX_ITERATIONS_LIMITS, SandboxPreferenceSchema, type Settings } from '../../../protocol/settings';
import { ChoiceSelect, Field, NumberField } from './fields';
import type { DraftProps } from './use-settings-form';

const SANDBOX_LABELS: Record<Settings['sandbox'], string> = {
  auto: 'Auto (WebContainer, else virtual)',
  virtual: 'Virtual (offline, just-bash)',
  webcontainer: 'WebContainer',
};

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
    </fieldset>
  );
}
