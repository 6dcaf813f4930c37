import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ModeSchema, PROVIDERS, ProviderSchema, SandboxPreferenceSchema, type Mode, type Settings } from '../../protocol/settings';
import type { PageSettings } from '../settings/page-settings';
import { applyPreset, toDraft, validateDraft, type DraftErrors, type DraftField, type SettingsDraft } from '../settings/validate';
import type { Scenario } from '../use-engine';
import { DefaultPolicy } from './DefaultPolicy';
import '../styles/settings.css';
import { messageOf } from '../../protocol/error-message';

export interface SettingsDialogProps {
  open: boolean;
  settings: PageSettings;
  scenarios: Scenario[];
  onSave: (settings: PageSettings) => void;
  onCancel: () => void;
  onForgetKey: () => void;
  /** The worker's policy check: null when the JSON text is a valid policy, else what is wrong. */
  checkPolicy: (text: string) => Promise<string | null>;
}

const MODE_LABELS: Record<Mode, string> = {
  react: 'ReAct — one loop, every tool',
  plan_exec: 'Plan & execute — gated phases',
};

const MODE_NOTES: Record<Mode, string> = {
  react: 'The agent may use every tool at any time; destructive commands are refused unless allowed below.',
  plan_exec: 'The run walks planning → building → verification → delivery; each phase allows only some tools and commands, and the gate refuses the rest.',
};

const POLICY_NOTE =
  'Empty uses the defaults. "phases" merges onto the plan & execute phases; "commands": {"deny": ["git push"], "allow": ["npm run lint"]} ' +
  'applies in both modes, matched on the parsed command (a deny rule always wins).';

/** Typing pauses this long before the policy is checked. */
const POLICY_CHECK_DELAY_MS = 250;

const SANDBOX_LABELS: Record<Settings['sandbox'], string> = {
  auto: 'Auto (WebContainer, else virtual)',
  virtual: 'Virtual (offline, just-bash)',
  webcontainer: 'WebContainer',
};

/** A modal <dialog>: the page behind is inert, Tab stays inside, Escape cancels. */
export function SettingsDialog({ open, settings, scenarios, onSave, onCancel, onForgetKey, checkPolicy }: SettingsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(settings));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [keyForgotten, setKeyForgotten] = useState(false);
  const [saving, setSaving] = useState(false);
  // Bumped by every policy check and every close: an answer that arrives late is dropped.
  const checkSeq = useRef(0);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setDraft(toDraft(settings));
      setErrors({});
      setKeyForgotten(false);
      setSaving(false);
      element.showModal();
    } else if (!open && element.open) {
      checkSeq.current++;
      element.close();
    }
    // The draft resets only when the dialog opens, not when settings change under it.
  }, [open]);

  const update = <K extends DraftField>(field: K, value: SettingsDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const policyProblem = useCallback(
    async (text: string): Promise<string | null> => {
      if (text.trim() === '') return null;
      try {
        return await checkPolicy(text);
      } catch (error) {
        return `The policy could not be checked: ${messageOf(error)}`;
      }
    },
    [checkPolicy],
  );

  // The policy is checked as it is typed, so its error shows before Save.
  useEffect(() => {
    if (!open) return;
    const seq = ++checkSeq.current;
    const timer = setTimeout(() => {
      void policyProblem(draft.policyText).then((problem) => {
        if (seq === checkSeq.current) setErrors((current) => ({ ...current, policyText: problem ?? undefined }));
      });
    }, POLICY_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, draft.policyText, policyProblem]);

  const save = async () => {
    const snapshot = draft;
    const seq = ++checkSeq.current;
    const result = validateDraft(snapshot);
    setSaving(true);
    const problem = await policyProblem(snapshot.policyText);
    setSaving(false);
    // Closed, or the text changed, while the worker answered: this save no longer applies.
    if (seq !== checkSeq.current) return;
    if (result.ok && problem === null) onSave(result.settings);
    else setErrors({ ...(result.ok ? {} : result.errors), ...(problem === null ? {} : { policyText: problem }) });
  };

  const forgetKey = () => {
    onForgetKey();
    update('apiKey', '');
    setKeyForgotten(true);
  };

  const scripted = draft.provider === 'scripted';
  const errorCount = Object.values(errors).filter(Boolean).length;

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
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!saving) void save();
        }}
      >
        <h2 id="settings-title">Settings</h2>
        {errorCount > 0 && (
          <p role="alert" className="form-error">
            Fix {errorCount === 1 ? 'the field' : `the ${errorCount} fields`} marked below.
          </p>
        )}

        <fieldset>
          <legend>Model</legend>
          <Field id="provider" label="Provider" error={errors.provider}>
            {(control) => (
              <select
                {...control}
                value={draft.provider}
                onChange={(event) => {
                  const provider = ProviderSchema.safeParse(event.target.value);
                  if (provider.success) {
                    setDraft((current) => applyPreset(current, provider.data));
                    setErrors({});
                  }
                }}
              >
                {ProviderSchema.options.map((provider) => (
                  <option key={provider} value={provider}>
                    {PROVIDERS[provider].label}
                  </option>
                ))}
              </select>
            )}
          </Field>

          {scripted ? (
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
            <>
              <Field id="base-url" label="Base URL" error={errors.baseUrl}>
                {(control) => (
                  <input
                    {...control}
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    spellCheck={false}
                    value={draft.baseUrl}
                    onChange={(event) => update('baseUrl', event.target.value)}
                  />
                )}
              </Field>
              <Field id="model-name" label="Model" error={errors.model}>
                {(control) => (
                  <input
                    {...control}
                    autoComplete="off"
                    spellCheck={false}
                    value={draft.model}
                    onChange={(event) => update('model', event.target.value)}
                  />
                )}
              </Field>
              <Field
                id="api-key"
                label="API key"
                error={errors.apiKey}
                note="Kept only in this browser's localStorage and sent only to the base URL above."
              >
                {(control) => <SecretInput {...control} value={draft.apiKey} onChange={(value) => update('apiKey', value)} />}
              </Field>
              <div className="row">
                <button type="button" className="button" onClick={forgetKey} disabled={draft.apiKey === '' && settings.model.apiKey === ''}>
                  Forget key
                </button>
                {keyForgotten && <span role="status">The key was removed from this browser.</span>}
              </div>
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
          )}
        </fieldset>

        <fieldset>
          <legend>Run</legend>
          <NumberField
            id="max-iterations"
            label="Max iterations"
            error={errors.maxIterations}
            min={1}
            max={200}
            value={draft.maxIterations}
            onChange={(value) => update('maxIterations', value)}
          />
          <Field id="sandbox" label="Sandbox" error={errors.sandbox}>
            {(control) => (
              <select
                {...control}
                value={draft.sandbox}
                onChange={(event) => {
                  const sandbox = SandboxPreferenceSchema.safeParse(event.target.value);
                  if (sandbox.success) update('sandbox', sandbox.data);
                }}
              >
                {SandboxPreferenceSchema.options.map((option) => (
                  <option key={option} value={option}>
                    {SANDBOX_LABELS[option]}
                  </option>
                ))}
              </select>
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

        <fieldset>
          <legend>Agent</legend>
          <Field id="mode" label="Mode" error={errors.mode} note={MODE_NOTES[draft.mode]}>
            {(control) => (
              <select
                {...control}
                value={draft.mode}
                onChange={(event) => {
                  const mode = ModeSchema.safeParse(event.target.value);
                  if (!mode.success) return;
                  update('mode', mode.data);
                }}
              >
                {ModeSchema.options.map((mode) => (
                  <option key={mode} value={mode}>
                    {MODE_LABELS[mode]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="policy" label="Policy (JSON)" error={errors.policyText} note={POLICY_NOTE}>
            {(control) => (
              <textarea
                {...control}
                className="policy-input"
                rows={5}
                spellCheck={false}
                autoComplete="off"
                placeholder='{"phases": {"planning": {"autoAdvanceAfter": 5}}, "commands": {"deny": ["git push"]}}'
                value={draft.policyText}
                onChange={(event) => update('policyText', event.target.value)}
              />
            )}
          </Field>
          <DefaultPolicy />
          <div className="field">
            <label className="check">
              <input
                type="checkbox"
                aria-describedby="refuse-syntax-note"
                checked={draft.refuseSyntaxErrors}
                onChange={(event) => update('refuseSyntaxErrors', event.target.checked)}
              />
              Refuse edits that break the syntax
            </label>
            <p id="refuse-syntax-note" className="field-note">
              create_file and edit_file check code they write (TypeScript, Python, Go and other languages with a grammar). When this is on, a
              write that adds syntax errors is refused and the file stays as it was; when off, the errors are reported to the agent.
            </p>
          </div>
          <div className="field">
            <label className="check">
              <input
                type="checkbox"
                aria-describedby="allow-destructive-note"
                checked={draft.allowDestructive}
                onChange={(event) => update('allowDestructive', event.target.checked)}
              />
              Allow destructive commands
            </label>
            <p id="allow-destructive-note" className="field-note">
              In ReAct mode commands that delete or overwrite the workspace (rm -rf ., git clean -fdx, git reset --hard…) or cannot be judged
              are refused, as in the building phase. Turn this on to let them run. Plan &amp; execute mode always follows its phase policy.
            </p>
          </div>
        </fieldset>

        <div className="dialog-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" aria-disabled={saving}>
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}

interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
}

/** A labelled control with its note and inline error; the control gets the ids it needs via `children(props)`. */
function Field(props: { id: string; label: string; error: string | undefined; note?: string; children: (control: ControlProps) => ReactNode }) {
  const { id, label, error, note, children } = props;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const describedBy = [error ? errorId : null, note ? noteId : null].filter((part) => part !== null).join(' ');
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': Boolean(error) })}
      {note && (
        <p id={noteId} className="field-note">
          {note}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A whole-number input in a labelled Field; the draft keeps the raw text so validation can explain it. */
function NumberField(props: {
  id: string;
  label: string;
  note?: string;
  error: string | undefined;
  min: number;
  max: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const { id, label, note, error, min, max, value, onChange } = props;
  return (
    <Field id={id} label={label} error={error} {...(note ? { note } : {})}>
      {(control) => (
        <input {...control} type="number" inputMode="numeric" min={min} max={max} step={1} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}

/**
 * A password field that keeps its value in the DOM property only: a controlled
 * React input would mirror the key into the `value` attribute, where page
 * snapshots and serializers would pick it up.
 */
function SecretInput({ value, onChange, ...control }: ControlProps & { value: string; onChange: (value: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (input.current && input.current.value !== value) input.current.value = value;
  }, [value]);
  return (
    <input
      {...control}
      ref={input}
      type="password"
      autoComplete="off"
      spellCheck={false}
      onInput={(event) => onChange(event.currentTarget.value)}
    />
  );
}
