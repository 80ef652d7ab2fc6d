import { useRef } from 'react';
import { useT } from '../../i18n';
import { useFocusTrap } from '../../ui/use-focus-trap';

/** Asks before a preview leaves the sandbox for the system browser; Cancel has the focus, as for links. */
export function OpenPreviewDialog({ onOpen, onCancel }: { onOpen: () => void; onCancel: () => void }) {
  const t = useT();
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, true, onCancel, '[data-testid="preview-open-cancel"]');
  return (
    <div className="overlay" onMouseDown={(event) => event.target === event.currentTarget && onCancel()}>
      <div
        className="dialog preview-dialog"
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="preview-open-title"
        aria-describedby="preview-open-body"
        data-testid="preview-open-dialog"
      >
        <div className="dialog-head">
          <h2 id="preview-open-title">{t('preview.open.title')}</h2>
        </div>
        <div className="dialog-body">
          <p id="preview-open-body">{t('preview.open.body')}</p>
        </div>
        <div className="dialog-foot">
          <div className="dialog-actions">
            <button type="button" className="btn" data-testid="preview-open-cancel" onClick={onCancel}>
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn-primary" data-testid="preview-open-confirm" onClick={onOpen}>
              {t('preview.open.confirm')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
