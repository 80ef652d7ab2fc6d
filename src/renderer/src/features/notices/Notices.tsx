import { coreNoticeText } from './notice-text';
import { useT, type Translate } from '../../i18n';
import { appErrorCause, appErrorText } from '../../ui/app-error-text';
import type { ToastNotice } from './notice-list';
import { useToasts } from './use-notices-store';
import './notices.css';

export function Notices() {
  const t = useT();
  const { toasts, dismiss } = useToasts();
  if (toasts.length === 0) return null;
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map(({ id, notice, count }) => (
        <div
          key={id}
          className={`toast toast-${notice.level}`}
          role={notice.level === 'error' ? 'alert' : 'status'}
          data-testid="notice"
          data-level={notice.level}
          data-code={notice.code}
        >
          <span className="toast-text" title={noticeCause(t, notice)}>
            {noticeText(t, notice)}
            {count > 1 && <span className="toast-count">×{count}</span>}
          </span>
          <button
            type="button"
            className="toast-close"
            aria-label={t('common.dismiss')}
            data-testid="notice-dismiss"
            onClick={() => dismiss(id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** A failed call, or a notice the core raised, in the UI's language. */
function noticeText(t: Translate, notice: ToastNotice): string {
  return notice.error ? appErrorText(t, notice.error) : coreNoticeText(t, notice);
}

/** The core's own sentence behind a translated one, for a bug report. */
function noticeCause(t: Translate, notice: ToastNotice): string | undefined {
  return notice.error ? (appErrorCause(t, notice.error) ?? undefined) : undefined;
}
