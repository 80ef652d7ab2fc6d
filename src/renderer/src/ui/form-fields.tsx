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

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  testId,
  numeric,
  mono,
  type = 'text',
}: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => (
        <input
          id={id}
          className={`input${mono ? ' mono' : ''}`}
          type={type}
          inputMode={numeric ? 'numeric' : undefined}
          value={value}
          placeholder={placeholder}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error !== undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
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
  testId?: string;
}

export function CheckField({ label, checked, onChange, hint, testId }: CheckFieldProps) {
  return (
    <label className="check" title={hint}>
      <input
        type="checkbox"
        checked={checked}
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
