import { RunErrorCodeSchema } from '../../../protocol/events';
import { DEFAULT_SUGGESTIONS, SUGGESTION_LIMITS } from '../../../protocol/suggestions';
import { Field } from './fields';
import type { DraftProps } from './use-settings-form';

const NOTE =
  `One suggestion a line, shown numbered when a run fails with that code (at most ${SUGGESTION_LIMITS.count}, ` +
  `${SUGGESTION_LIMITS.length} characters each). Empty: the built-in ones, shown greyed.`;

/** What a failed run suggests, per error code: the user's lines in place of the built-ins (the placeholders). */
export function SuggestionsFieldset({ draft, errors, update }: DraftProps) {
  return (
    <fieldset>
      <legend>Suggestions on failed runs</legend>
      <p className="field-note">{NOTE}</p>
      {RunErrorCodeSchema.options.map((code) => (
        <Field key={code} id={`suggestions-${code}`} label={`Suggestions for ${code}`} error={errors[`suggestions.${code}`]}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              spellCheck={false}
              autoComplete="off"
              placeholder={DEFAULT_SUGGESTIONS[code].join('\n')}
              value={draft.suggestions[code]}
              onChange={(event) => update('suggestions', { ...draft.suggestions, [code]: event.target.value })}
            />
          )}
        </Field>
      ))}
    </fieldset>
  );
}
