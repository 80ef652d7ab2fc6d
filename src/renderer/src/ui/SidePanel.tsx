import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../i18n';
import { appErrorTextWithCause } from './app-error-text';
import { useFocusTrap } from './use-focus-trap';
import type { AppError } from '../platform/types';

interface Props {
  /** the dialog's test id and the prefix of its title's element id */
  id: string;
  title: string;
  onClose(): void;
  onSubmit(): void;
  /** the Save button */
  saveLabel: string;
  canSave: boolean;
  /** why the last save failed */
  error: AppError | null;
  /** field errors of the last save: the first invalid field is focused */
  errors?: Readonly<Record<string, unknown>>;
  /** the element focused on opening (default: the panel itself) */
  initialFocus?: string;
  className?: string;
  /** left of Cancel/Save (e.g. "Restore defaults") */
  footerStart?: ReactNode;
  /** true while a dialog opened from the panel (a file browser) holds the keyboard: the panel lets go of it */
  paused?: boolean;
  children: ReactNode;
}

/**
 * A settings panel sliding in from the side: a form with a title, a close button,
 * Cancel and Save. Esc or a click outside closes it; after a rejected save the
 * first invalid field gets the focus.
 */
export function SidePanel({
  id,
  title,
  onClose,
  onSubmit,
  saveLabel,
  canSave,
  error,
  errors,
  initialFocus,
  className,
  footerStart,
  paused = false,
  children,
}: Props) {
  const t = useT();
  const base = id.replace(/-panel$/, '');
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, !paused, onClose, initialFocus);

  useEffect(() => {
    if (errors && Object.keys(errors).length > 0)
      panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  return (
    <div className="overlay overlay-side" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className={`side-panel${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        data-testid={id}
        ref={panel}
        tabIndex={-1}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <div className="dialog-head">
            <h2 id={`${id}-title`}>{title}</h2>
            <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={onClose}>
              ×
            </button>
          </div>
          <div className="side-body">
            {children}
            {error && (
              <p className="inline-error" role="alert" data-testid={`${base}-error`}>
                {appErrorTextWithCause(t, error)}
              </p>
            )}
          </div>
          <div className="dialog-foot">
            {footerStart ?? <span />}
            <div className="dialog-actions">
              <button type="button" className="btn" onClick={onClose}>
                {t('common.cancel')}
              </button>
              <button type="submit" className="btn btn-primary" data-testid={`${base}-save`} disabled={!canSave}>
                {saveLabel}
              </button>
            </div>
          </div>
        </form>
      </div>
    </div>
  );
}
