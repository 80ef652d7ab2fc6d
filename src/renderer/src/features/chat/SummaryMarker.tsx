import { memo, useState } from 'react';
import { useT } from '../../i18n';
import type { PageSummary } from './summaries';

/**
 * Under the last message a summary stands in for: a quiet line saying so, which opens the summary itself. The messages
 * above stay as they were, dimmed; the model reads the summary instead of them.
 */
export const SummaryMarker = memo(function SummaryMarker({ summary }: { summary: PageSummary }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="summary-marker" data-testid="summary-marker">
      <button
        type="button"
        className="summary-marker-line"
        aria-expanded={open}
        data-testid="summary-marker-toggle"
        onClick={() => setOpen((was) => !was)}
      >
        <span>{t('chat.summary.marker')}</span>
        <span className="summary-marker-action">{open ? t('chat.summary.hide') : t('chat.summary.show')}</span>
      </button>
      {open && (
        <div className="summary-marker-text" data-testid="summary-text">
          {summary.summary}
        </div>
      )}
    </div>
  );
});
