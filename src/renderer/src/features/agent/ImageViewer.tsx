// An image a tool returned, at full size over the page: Save, Close, Esc or a
// click beside it closes. Tab stays inside while it is open. Drawn into the
// body: the chat's rows are positioned (virtualised), and a fixed overlay inside
// one would cover only that row.
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../i18n';
import { useFocusTrap } from '../../ui/use-focus-trap';
import './step-content.css';

export function ImageViewer({
  src,
  title,
  onSave,
  onClose,
}: {
  src: string;
  title: string;
  onSave: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, true, onClose, '[data-testid="image-viewer-close"]');
  return createPortal(
    <div className="image-viewer-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="image-viewer"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid="image-viewer"
        ref={dialog}
      >
        <div className="image-viewer-head">
          <span className="image-viewer-title">{title}</span>
          <button type="button" className="btn btn-small" data-testid="image-viewer-save" onClick={onSave}>
            {t('agent.content.save')}
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common.close')}
            data-testid="image-viewer-close"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        <div className="image-viewer-body">
          <img src={src} alt={title} data-testid="image-viewer-image" />
        </div>
      </div>
    </div>,
    document.body,
  );
}
