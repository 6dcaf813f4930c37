import { type Provider, PROVIDERS, ProviderSchema } from '../../../protocol/settings';
import type { Scenario } from '../../engine/scenarios';
import type { EndpointCheck } from '../../settings/endpoint-check';
import { EndpointFields, type ForgetKeyProps } from './EndpointFields';
import { ChoiceSelect, Field } from './fields';
import type { DraftProps } from './use-settings-form';

export interface ModelFieldsetProps extends DraftProps, ForgetKeyProps {
  scenarios: Scenario[];
  /** The worker's "List models" and "Test connection". */
  check: EndpointCheck;
  /** A provider was picked: its preset replaces the base URL and model. */
  onProviderChange: (provider: Provider) => void;
}

/** The provider, then either the scripted scenario or the endpoint's fields. */
export function ModelFieldset(props: ModelFieldsetProps) {
  const { draft, errors, update, scenarios, onProviderChange } = props;
  return (
    <fieldset>
      <legend>Model</legend>
      <Field id="provider" label="Provider" error={errors.provider}>
        {(control) => (
          <ChoiceSelect
            {...control}
            options={ProviderSchema.options}
            labelOf={(provider) => PROVIDERS[provider].label}
            value={draft.provider}
            onChange={onProviderChange}
          />
        )}
      </Field>
      {draft.provider === 'scripted' ? (
        <Field id="scenario" label="Scenario" error={errors.scenario}>
          {(control) => (
            <select {...control} value={draft.scenario} onChange={(event) => update('scenario', event.target.value)}>
              {scenarios.length === 0 && <option value={draft.scenario}>{draft.scenario}</option>}
              {scenarios.map((scenario) => (
                <option key={scenario.name} value={scenario.name} title={scenario.description}>
                  {scenario.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <EndpointFields {...props} />
      )}
    </fieldset>
  );
}
