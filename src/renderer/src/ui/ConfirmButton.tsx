import { useState } from 'react';
import { useT } from '../i18n';

interface Props {
  label: string;
  /** the button's accessible name, where its text alone does not say what it acts on */
  ariaLabel?: string;
  /** the button's test id; the confirming one's is `${testId}-confirm` */
  testId: string;
  disabled?: boolean;
  /** asked beside the confirming buttons, and their group's name; none: the buttons alone */
  question?: string;
  /** the confirming button's text (default: label) */
  confirmLabel?: string;
  /** set on the group that asks */
  className: string;
  onConfirm: () => void;
}

/** A button for what cannot be undone: the first click asks (the action again, and Cancel), only the second acts. */
export function ConfirmButton({
  label,
  ariaLabel,
  testId,
  disabled,
  question,
  confirmLabel,
  className,
  onConfirm,
}: Props) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  if (asking) {
    return (
      <span className={className} role="group" aria-label={question}>
        {question && <span className="small">{question}</span>}
        <button
          type="button"
          className="btn btn-small btn-danger"
          data-testid={`${testId}-confirm`}
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {confirmLabel ?? label}
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setAsking(false)}>
          {t('common.cancel')}
        </button>
      </span>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-ghost btn-small"
      aria-label={ariaLabel}
      data-testid={testId}
      disabled={disabled}
      onClick={() => setAsking(true)}
    >
      {label}
    </button>
  );
}
