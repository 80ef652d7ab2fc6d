import { useRef, type ReactNode } from 'react';
import { useFocusTrap } from './use-focus-trap';

interface Props {
  /** the dialog element's test id */
  testId: string;
  /** the title's element id (the dialog's accessible name) */
  titleId: string;
  title: ReactNode;
  titleClassName?: string;
  /** the id of the sentence that says what the dialog is about */
  describedBy?: string;
  /** it asks before something happens (a link, a preview leaving the sandbox), rather than showing something */
  alert?: boolean;
  /** besides `dialog` */
  className: string;
  /** besides `dialog-body` */
  bodyClassName?: string;
  /** a selector inside the dialog: what has the focus when it opens */
  initialFocus: string;
  /**
   * Escape and a click on the backdrop; absent: neither closes the dialog, only its own buttons do (Escape is still
   * kept from what is behind it).
   */
  onDismiss?: () => void;
  /** the foot's contents: what stands left, then the actions */
  footer: ReactNode;
  /** which of its states the dialog shows, as data-kind */
  kind?: string;
  children: ReactNode;
}

/**
 * A modal dialog over the page: a backdrop, a title, a body and a foot, with the keyboard held inside while it is
 * shown (use-focus-trap.ts). Rendered only while open; the focus goes back where it was when it closes.
 */
export function Dialog({
  testId,
  titleId,
  title,
  titleClassName,
  describedBy,
  alert = false,
  className,
  bodyClassName,
  initialFocus,
  onDismiss,
  footer,
  kind,
  children,
}: Props) {
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, true, onDismiss ?? ignoreEscape, initialFocus);
  return (
    <div
      className="overlay"
      onMouseDown={onDismiss && ((event) => event.target === event.currentTarget && onDismiss())}
    >
      <div
        className={`dialog ${className}`}
        ref={dialog}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        data-testid={testId}
        data-kind={kind}
      >
        <div className="dialog-head">
          <h2 id={titleId} className={titleClassName}>
            {title}
          </h2>
        </div>
        <div className={`dialog-body${bodyClassName ? ` ${bodyClassName}` : ''}`}>{children}</div>
        <div className="dialog-foot">{footer}</div>
      </div>
    </div>
  );
}

function ignoreEscape(): void {}
