import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type ControlProps, controlProps, errorIdOf, noteIdOf } from './field-aria';

/** A labelled control with its note and inline error; the control gets the ids it needs via `children(props)`. */
export function Field(props: { id: string; label: string; error: string | undefined; note?: string; children: (control: ControlProps) => ReactNode }) {
  const { id, label, error, note, children } = props;
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(controlProps(id, error, note))}
      {note && (
        <p id={noteIdOf(id)} className="field-note">
          {note}
        </p>
      )}
      {error && (
        <p id={errorIdOf(id)} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Optional fields behind a disclosure, closed unless one holds a value or an error. Closed, they
 * are out of the accessibility tree, so "Recovery model" or "Summary base URL" do not also answer
 * to the names "Model" and "Base URL" that scripts and screen-reader users look for.
 */
export function Disclosure({ label, open: initial, children }: { label: string; open: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(initial);
  useEffect(() => {
    if (initial) setOpen(true);
  }, [initial]);
  return (
    <details className="field-disclosure" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{label}</summary>
      {children}
    </details>
  );
}

/** A one-line text input in a labelled Field, for names and addresses (no autocomplete, no spell check). */
export function TextField(props: {
  id: string;
  label: string;
  note?: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const { id, label, note, error, value, onChange, placeholder } = props;
  return (
    <Field id={id} label={label} error={error} {...(note ? { note } : {})}>
      {(control) => (
        <input
          {...control}
          type="text"
          autoComplete="off"
          spellCheck={false}
          {...(placeholder ? { placeholder } : {})}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A number input in a labelled Field (whole numbers unless `step` says otherwise); the draft keeps the raw text so validation can explain it. */
export function NumberField(props: {
  id: string;
  label: string;
  note?: string;
  error: string | undefined;
  min: number;
  max: number;
  value: string;
  onChange: (value: string) => void;
  /** Default 1 (whole numbers); "any" or a fraction allows decimals. */
  step?: number | 'any';
  /** Shown while empty, e.g. what an empty field stands for. */
  placeholder?: string;
}) {
  const { id, label, note, error, min, max, value, onChange, step = 1, placeholder } = props;
  return (
    <Field id={id} label={label} error={error} {...(note ? { note } : {})}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode={step === 1 ? 'numeric' : 'decimal'}
          min={min}
          max={max}
          step={step}
          {...(placeholder ? { placeholder } : {})}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A select over a fixed set of choices; anything else the browser reports is ignored. */
export function ChoiceSelect<T extends string>({
  options,
  labelOf,
  value,
  onChange,
  ...control
}: ControlProps & { options: readonly T[]; labelOf: (option: T) => string; value: T; onChange: (value: T) => void }) {
  return (
    <select
      {...control}
      value={value}
      onChange={(event) => {
        const choice = options.find((option) => option === event.target.value);
        if (choice !== undefined) onChange(choice);
      }}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {labelOf(option)}
        </option>
      ))}
    </select>
  );
}

/** A checkbox whose label wraps it, with a note that describes it. */
export function CheckField(props: { noteId: string; label: string; note: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const { noteId, label, note, checked, onChange } = props;
  return (
    <div className="field">
      <label className="check">
        <input type="checkbox" aria-describedby={noteId} checked={checked} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
      <p id={noteId} className="field-note">
        {note}
      </p>
    </div>
  );
}

/**
 * A password field that keeps its value in the DOM property only: a controlled
 * React input would mirror the key into the `value` attribute, where page
 * snapshots and serializers would pick it up.
 */
export function SecretInput({ value, onChange, ...control }: ControlProps & { value: string; onChange: (value: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (input.current && input.current.value !== value) input.current.value = value;
  }, [value]);
  return <input {...control} ref={input} type="password" autoComplete="off" spellCheck={false} onInput={(event) => onChange(event.currentTarget.value)} />;
}

/** A URL text box (no autocomplete, no spell check). */
export function UrlInput({
  value,
  onChange,
  placeholder,
  ...control
}: ControlProps & { value: string; onChange: (value: string) => void; placeholder?: string }) {
  return (
    <input
      {...control}
      type="url"
      inputMode="url"
      autoComplete="off"
      spellCheck={false}
      {...(placeholder ? { placeholder } : {})}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
