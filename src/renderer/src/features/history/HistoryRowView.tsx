import { memo, useState, type KeyboardEvent } from 'react';
import type { ConversationSummary } from '@shared/history/types';
import { useT } from '../../i18n';

interface Props {
  summary: ConversationSummary;
  active: boolean;
  onOpen(): void;
  onRename(title: string): void;
  onPin(): void;
  onExport(format: 'markdown' | 'json'): void;
  onDelete(): void;
}

/** One saved conversation: its title and first line; rename inline, pin, export, delete. */
export const HistoryRowView = memo(function HistoryRowView({ summary, active, onOpen, onRename, onPin, onExport, onDelete }: Props) {
  const t = useT();
  const [renaming, setRenaming] = useState<string | null>(null);
  const title = summary.title || t('history.untitled');

  const finishRename = (): void => {
    if (renaming !== null && renaming.trim() !== '' && renaming.trim() !== summary.title) onRename(renaming);
    setRenaming(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') finishRename();
    else if (event.key === 'Escape') setRenaming(null);
  };

  return (
    <div className={`history-item${active ? ' active' : ''}`} data-testid="history-item" data-id={summary.id} data-pinned={summary.pinned}>
      {renaming === null ? (
        <button type="button" className="history-open" data-testid="history-open" onClick={onOpen} title={title}>
          <span className="history-title" data-testid="history-title">
            {summary.pinned && <span aria-label={t('history.pinned')}>📌 </span>}
            {title}
          </span>
          {summary.preview && summary.preview !== summary.title && <span className="history-preview">{summary.preview}</span>}
        </button>
      ) : (
        <input className="input history-rename-input" data-testid="history-rename-input" value={renaming} autoFocus maxLength={500} onChange={(event) => setRenaming(event.target.value)} onKeyDown={onKeyDown} onBlur={finishRename} />
      )}
      <span className="history-actions">
        <button type="button" className="btn btn-ghost btn-icon" data-testid="history-rename" title={t('history.rename')} aria-label={t('history.rename')} onClick={() => setRenaming(summary.title)}>
          ✎
        </button>
        <button type="button" className="btn btn-ghost btn-icon" data-testid="history-pin" title={summary.pinned ? t('history.unpin') : t('history.pin')} aria-label={summary.pinned ? t('history.unpin') : t('history.pin')} onClick={onPin}>
          {summary.pinned ? '⊘' : '📌'}
        </button>
        <button type="button" className="btn btn-ghost btn-icon" data-testid="history-export-md" title={t('history.exportMarkdown')} aria-label={t('history.exportMarkdown')} onClick={() => onExport('markdown')}>
          ⤓
        </button>
        <button type="button" className="btn btn-ghost btn-icon" data-testid="history-export-json" title={t('history.exportJson')} aria-label={t('history.exportJson')} onClick={() => onExport('json')}>
          {'{}'}
        </button>
        <button type="button" className="btn btn-ghost btn-icon" data-testid="history-delete" title={t('history.delete')} aria-label={t('history.delete')} onClick={onDelete}>
          🗑
        </button>
      </span>
    </div>
  );
});
