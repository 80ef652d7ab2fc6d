// Small pieces the Local API page uses in several places: a copy button that
// says whether the copy worked, and a number field saved as it changes.
import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n';
import { copyText } from '../../lib/copy-text';
import { BoundedNumberField } from '../../ui/form-fields';

interface CopyButtonProps {
  text: string;
  /** what is copied, for the button's accessible name ("Copy the base URL") */
  label: string;
  testId: string;
  children?: ReactNode;
}

export function CopyButton({ text, label, testId, children }: CopyButtonProps) {
  const t = useT();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <span className="local-api-copy">
      <button
        type="button"
        className="btn btn-small"
        aria-label={label}
        data-testid={testId}
        onClick={() => void copyText(text).then(setCopied)}
      >
        {children ?? t('localApi.copy')}
      </button>
      <span className="muted small" role="status" data-testid={`${testId}-done`}>
        {copied === null ? '' : copied ? t('localApi.copied') : t('localApi.copyFailed')}
      </span>
    </span>
  );
}

interface LiveNumberFieldProps {
  id: string;
  label: string;
  /** the saved value */
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}

/**
 * A bounded number saved as it changes: the typed value shows until the saved one comes back (or another change
 * arrives), so a field does not jump back while its save is under way.
 */
export function LiveNumberField({ id, label, value, min, max, onChange }: LiveNumberFieldProps) {
  const [typed, setTyped] = useState<{ value: number; over: number } | null>(null);
  const shown = typed !== null && typed.over === value ? typed.value : value;
  return (
    <BoundedNumberField
      id={id}
      label={label}
      value={shown}
      min={min}
      max={max}
      step={1}
      onChange={(next) => {
        setTyped({ value: next, over: value });
        onChange(next);
      }}
    />
  );
}
