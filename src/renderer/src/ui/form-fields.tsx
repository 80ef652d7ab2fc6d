// Small labelled inputs for the load dialog. Each shows its field error in the UI language.
import { useId, type ReactNode } from 'react';
import { useT } from '../i18n';
import type { FieldError } from './field-error';

interface FieldProps {
  label: string;
  error?: FieldError | undefined;
  hint?: ReactNode;
  children: (id: string, describedBy: string | undefined) => ReactNode;
  className?: string;
}

export function Field({ label, error, hint, children, className }: FieldProps) {
  const t = useT();
  const id = useId();
  const noteId = `${id}-note`;
  const hasNote = error !== undefined || hint !== undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id, hasNote ? noteId : undefined)}
      {error ? (
        <p className="field-error" id={noteId} data-testid="field-error">
          {t(error.key, error.vars)}
        </p>
      ) : (
        hint !== undefined && (
          <p className="field-hint" id={noteId}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

interface TextInputProps {
  /** from Field: the input's id and the id of its note */
  id: string;
  describedBy?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  placeholder?: string;
  testId?: string;
  numeric?: boolean;
  mono?: boolean;
  type?: 'text' | 'password';
  disabled?: boolean;
}

/** A one-line text input as the fields lay it out: no spell check or autofill, its note and validity told. */
export function TextInput({
  id,
  describedBy,
  value,
  onChange,
  invalid = false,
  placeholder,
  testId,
  numeric,
  mono,
  type = 'text',
  disabled,
}: TextInputProps) {
  return (
    <input
      id={id}
      className={`input${mono ? ' mono' : ''}`}
      type={type}
      inputMode={numeric ? 'numeric' : undefined}
      value={value}
      placeholder={placeholder}
      disabled={disabled}
      spellCheck={false}
      autoComplete="off"
      aria-invalid={invalid}
      aria-describedby={describedBy}
      data-testid={testId}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: FieldError | undefined;
  hint?: ReactNode;
  placeholder?: string;
  testId?: string;
  numeric?: boolean;
  mono?: boolean;
  type?: 'text' | 'password';
}

export function TextField({ label, error, hint, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => <TextInput id={id} describedBy={describedBy} invalid={error !== undefined} {...input} />}
    </Field>
  );
}

interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string; disabled?: boolean }>;
  onChange: (value: T) => void;
  hint?: ReactNode;
  testId?: string;
}

export function SelectField<T extends string>({ label, value, options, onChange, hint, testId }: SelectFieldProps<T>) {
  return (
    <Field label={label} hint={hint}>
      {(id, describedBy) => (
        <select
          id={id}
          className="input"
          value={value}
          aria-describedby={describedBy}
          data-testid={testId}
          onChange={(event) => {
            const picked = options.find((option) => option.value === event.target.value);
            if (picked) onChange(picked.value);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

interface CheckFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  /** the id of the sentence beside it that explains it */
  describedBy?: string;
  /** a setting that takes effect at once: assistive tech hears it as a switch, on or off */
  asSwitch?: boolean;
  testId?: string;
}

export function CheckField({ label, checked, onChange, hint, describedBy, asSwitch, testId }: CheckFieldProps) {
  return (
    <label className="check" title={hint}>
      <input
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        checked={checked}
        aria-describedby={describedBy}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

interface BoundedNumberFieldProps {
  /** the input's id and test id */
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  disabled?: boolean;
  onChange: (value: number) => void;
}

/**
 * A number kept within [min, max]: a value typed past a bound becomes that bound; a field that is no number yet
 * changes nothing.
 */
export function BoundedNumberField({ id, label, value, min, max, step, disabled, onChange }: BoundedNumberFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="number"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        data-testid={id}
        onChange={(event) => {
          const typed = event.target.valueAsNumber;
          if (Number.isFinite(typed)) onChange(Math.min(max, Math.max(min, typed)));
        }}
      />
    </div>
  );
}
