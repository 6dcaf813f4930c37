import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../protocol/error-message';
import type { EndpointCheck } from '../../settings/endpoint-check';
import { draftModelSettings } from '../../settings/validate';
import { Field } from './fields';
import type { DraftProps } from './use-settings-form';

type Answer = { kind: 'idle' } | { kind: 'busy'; what: 'list' | 'test' } | { kind: 'done'; ok: boolean; text: string };

/**
 * "List models" asks the endpoint as typed for its models and offers them in a list beside the
 * Model box (which still takes any name); "Test connection" sends one request for one token and
 * says exactly what came back. Both answer in a status line; a change of address or key clears them.
 */
export function EndpointChecks({ draft, update, check }: DraftProps & { check: EndpointCheck }) {
  const [answer, setAnswer] = useState<Answer>({ kind: 'idle' });
  const [models, setModels] = useState<string[]>([]);
  // An answer for an address or key since changed is dropped.
  const asked = useRef(0);
  useEffect(() => {
    asked.current++;
    setAnswer({ kind: 'idle' });
    setModels([]);
  }, [draft.baseUrl, draft.apiKey, draft.provider]);

  const ask = async (what: 'list' | 'test') => {
    const ticket = ++asked.current;
    setAnswer({ kind: 'busy', what });
    const model = draftModelSettings(draft);
    let done: Answer;
    try {
      if (what === 'list') {
        const listing = await check.listModels(model);
        if (ticket === asked.current) setModels(listing.ok ? listing.models : []);
        done = listing.ok
          ? {
              kind: 'done',
              ok: true,
              text: `${listing.models.length} ${listing.models.length === 1 ? 'model' : 'models'} listed: pick one under "Listed models".`,
            }
          : { kind: 'done', ok: false, text: listing.error };
      } else {
        const test = await check.testConnection(model);
        done = { kind: 'done', ok: test.ok, text: test.message };
      }
    } catch (error) {
      done = { kind: 'done', ok: false, text: `The check could not run: ${messageOf(error)}` };
    }
    if (ticket === asked.current) setAnswer(done);
  };

  const busy = answer.kind === 'busy';
  return (
    <>
      <div className="row">
        <button type="button" className="button" disabled={busy} onClick={() => void ask('list')}>
          {busy && answer.what === 'list' ? 'Listing models…' : 'List models'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void ask('test')}>
          {busy && answer.what === 'test' ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      <p role="status" aria-label="Endpoint check" className={answer.kind === 'done' && !answer.ok ? 'field-error' : 'field-note'}>
        {answer.kind === 'done' ? answer.text : ''}
      </p>
      {models.length > 0 && (
        <Field id="listed-models" label="Listed models" error={undefined} note="Picking one puts its name in the Model box.">
          {(control) => (
            <select {...control} value={models.includes(draft.model) ? draft.model : ''} onChange={(event) => update('model', event.target.value)}>
              <option value="" disabled>
                Choose a listed model…
              </option>
              {models.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  );
}
