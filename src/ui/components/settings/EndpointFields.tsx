import type { EndpointCheck } from '../../settings/endpoint-check';
import { EndpointChecks } from './EndpointChecks';
import { Field, NumberField, SecretInput, UrlInput } from './fields';
import type { DraftProps } from './use-settings-form';

export interface ForgetKeyProps {
  /** The saved settings hold a key, so Forget key has something to remove even when the field is empty. */
  hasSavedKey: boolean;
  keyForgotten: boolean;
  onForgetKey: () => void;
}

/** Where an OpenAI-compatible endpoint is, its key, and how long its replies may take. */
export function EndpointFields({
  draft,
  errors,
  update,
  hasSavedKey,
  keyForgotten,
  onForgetKey,
  check,
}: DraftProps & ForgetKeyProps & { check: EndpointCheck }) {
  return (
    <>
      <Field id="base-url" label="Base URL" error={errors.baseUrl}>
        {(control) => <UrlInput {...control} value={draft.baseUrl} onChange={(value) => update('baseUrl', value)} />}
      </Field>
      <Field id="model-name" label="Model" error={errors.model}>
        {(control) => (
          <input {...control} autoComplete="off" spellCheck={false} value={draft.model} onChange={(event) => update('model', event.target.value)} />
        )}
      </Field>
      <Field id="api-key" label="API key" error={errors.apiKey} note="Kept only in this browser's localStorage and sent only to the base URL above.">
        {(control) => <SecretInput {...control} value={draft.apiKey} onChange={(value) => update('apiKey', value)} />}
      </Field>
      <div className="row">
        <button type="button" className="button" onClick={onForgetKey} disabled={draft.apiKey === '' && !hasSavedKey}>
          Forget key
        </button>
        {keyForgotten && <span role="status">The key was removed from this browser.</span>}
      </div>
      <EndpointChecks draft={draft} errors={errors} update={update} check={check} />
      <NumberField
        id="idle-timeout"
        label="Idle timeout (seconds)"
        note="A reply is given up and retried when the endpoint sends nothing for this long."
        error={errors.idleTimeoutSeconds}
        min={5}
        max={3600}
        value={draft.idleTimeoutSeconds}
        onChange={(value) => update('idleTimeoutSeconds', value)}
      />
      <NumberField
        id="reply-limit"
        label="Reply time limit (minutes)"
        note="One reply is stopped when it takes longer than this, however much it streams."
        error={errors.replyLimitMinutes}
        min={1}
        max={120}
        value={draft.replyLimitMinutes}
        onChange={(value) => update('replyLimitMinutes', value)}
      />
    </>
  );
}
