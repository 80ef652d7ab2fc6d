import { useT } from '../../i18n';
import { Dialog } from '../../ui/Dialog';

/** Asks before a preview leaves the sandbox for the system browser; Cancel has the focus, as for links. */
export function OpenPreviewDialog({ onOpen, onCancel }: { onOpen: () => void; onCancel: () => void }) {
  const t = useT();
  return (
    <Dialog
      alert
      className="preview-dialog"
      testId="preview-open-dialog"
      titleId="preview-open-title"
      title={t('preview.open.title')}
      describedBy="preview-open-body"
      initialFocus='[data-testid="preview-open-cancel"]'
      onDismiss={onCancel}
      footer={
        <div className="dialog-actions">
          <button type="button" className="btn" data-testid="preview-open-cancel" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-primary" data-testid="preview-open-confirm" onClick={onOpen}>
            {t('preview.open.confirm')}
          </button>
        </div>
      }
    >
      <p id="preview-open-body">{t('preview.open.body')}</p>
    </Dialog>
  );
}
