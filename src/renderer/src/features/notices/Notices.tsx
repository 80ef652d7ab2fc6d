import { useT } from '../../i18n';
import { useToasts } from './use-notices-store';
import './notices.css';

export function Notices() {
  const t = useT();
  const { toasts, dismiss } = useToasts();
  if (toasts.length === 0) return null;
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map(({ id, notice, count }) => (
        <div key={id} className={`toast toast-${notice.level}`} role={notice.level === 'error' ? 'alert' : 'status'} data-testid="notice" data-level={notice.level} data-code={notice.code}>
          <span className="toast-text">
            {notice.message}
            {count > 1 && <span className="toast-count">×{count}</span>}
          </span>
          <button type="button" className="toast-close" aria-label={t('common.dismiss')} data-testid="notice-dismiss" onClick={() => dismiss(id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
