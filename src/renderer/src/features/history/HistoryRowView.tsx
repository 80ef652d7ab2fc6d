import { memo, useCallback, useState, type KeyboardEvent } from 'react';
import type { ConversationSummary } from '@shared/history/types';
import { useT } from '../../i18n';
import { RowMenu } from './RowMenu';

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
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
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
    <div
      className={`history-item${active ? ' active' : ''}${menuOpen ? ' menu-open' : ''}`}
      data-testid="history-item"
      data-id={summary.id}
      data-pinned={summary.pinned}
      onContextMenu={(event) => {
        // Right-click opens the same menu as ⋯.
        event.preventDefault();
        setMenuOpen(true);
      }}
    >
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
      <button
        type="button"
        className="btn btn-ghost btn-icon history-menu-button"
        data-testid="history-menu"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        title={t('history.actions')}
        aria-label={t('history.actionsFor', { title })}
        onClick={() => setMenuOpen((open) => !open)}
      >
        ⋯
      </button>
      {menuOpen && (
        <RowMenu
          label={t('history.actionsFor', { title })}
          onClose={closeMenu}
          items={[
            { label: t('history.rename'), testId: 'history-rename', onSelect: () => setRenaming(summary.title) },
            { label: summary.pinned ? t('history.unpin') : t('history.pin'), testId: 'history-pin', onSelect: onPin },
            { label: t('history.exportMarkdown'), testId: 'history-export-md', onSelect: () => onExport('markdown') },
            { label: t('history.exportJson'), testId: 'history-export-json', onSelect: () => onExport('json') },
            { label: t('history.delete'), testId: 'history-delete', onSelect: onDelete, danger: true },
          ]}
        />
      )}
    </div>
  );
});
