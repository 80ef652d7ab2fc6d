import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { dragRect, toImageRect, type Point, type Rect } from '@shared/screen/fit-within';
import type { ScreenCapture } from '@shared/screen/screen-capture';
import { useT } from '../../i18n';

/**
 * The full-size capture over the whole window: drag a rectangle to keep that part, Enter for the whole screen, Esc to
 * cancel.
 */
export function RegionPicker({
  capture,
  onPick,
  onCancel,
}: {
  capture: ScreenCapture;
  onPick: (rect: Rect | null) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const image = useRef<HTMLImageElement>(null);
  const [drag, setDrag] = useState<{ start: Point; end: Point } | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onCancel();
      else if (event.key === 'Enter') onPick(null);
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [onPick, onCancel]);

  /** The pointer's position on the picture as shown, clamped to its edges. */
  const pointOn = (event: PointerEvent): Point | null => {
    const box = image.current?.getBoundingClientRect();
    if (!box) return null;
    return {
      x: Math.min(Math.max(event.clientX - box.left, 0), box.width),
      y: Math.min(Math.max(event.clientY - box.top, 0), box.height),
    };
  };

  const finish = (event: PointerEvent): void => {
    const box = image.current?.getBoundingClientRect();
    const end = pointOn(event);
    if (!drag || !box || !end) return;
    setDrag(null);
    const rect = toImageRect(
      dragRect(drag.start, end),
      { width: box.width, height: box.height },
      { width: capture.width, height: capture.height },
    );
    // A click without a drag selects nothing; the picker stays open.
    if (rect) onPick(rect);
  };

  const shown = drag ? dragRect(drag.start, drag.end) : null;
  return (
    <div
      className="region-picker"
      role="dialog"
      aria-modal="true"
      aria-label={t('screenshot.pickTitle')}
      data-testid="region-picker"
    >
      <div className="region-head">
        <strong>{t('screenshot.pickTitle')}</strong>
        <span className="muted small">{t('screenshot.pickHint')}</span>
        <span className="region-actions">
          <button type="button" className="btn btn-small" data-testid="region-whole" onClick={() => onPick(null)}>
            {t('screenshot.whole')}
          </button>
          <button type="button" className="btn btn-ghost btn-small" data-testid="region-cancel" onClick={onCancel}>
            {t('screenshot.cancel')}
          </button>
        </span>
      </div>
      <div className="region-stage">
        <div
          className="region-frame"
          onPointerDown={(event) => {
            const start = pointOn(event);
            if (!start) return;
            event.currentTarget.setPointerCapture(event.pointerId);
            setDrag({ start, end: start });
          }}
          onPointerMove={(event) => {
            const end = pointOn(event);
            if (drag && end) setDrag({ ...drag, end });
          }}
          onPointerUp={finish}
        >
          <img ref={image} src={capture.dataUrl} alt="" draggable={false} data-testid="region-image" />
          {shown && (
            <div
              className="region-selection"
              data-testid="region-selection"
              style={{ left: shown.x, top: shown.y, width: shown.width, height: shown.height }}
            />
          )}
        </div>
      </div>
    </div>
  );
}
