import { Field, UrlInput } from './fields';
import type { DraftProps } from './use-settings-form';

/** Where share links point: a link made on a local copy can open on the team's hosted copy. */
export function SharingFieldset({ draft, errors, update }: DraftProps) {
  return (
    <fieldset>
      <legend>Sharing</legend>
      <Field
        id="share-address"
        label="Public address for share links"
        error={errors.shareAddress}
        note="Empty: this page's own address. Links carry the session after #, which is never sent to that server."
      >
        {(control) => (
          <UrlInput
            {...control}
            placeholder={typeof location === 'undefined' ? '' : `${location.origin}${location.pathname}`}
            value={draft.shareAddress}
            onChange={(value) => update('shareAddress', value)}
          />
        )}
      </Field>
    </fieldset>
  );
}
