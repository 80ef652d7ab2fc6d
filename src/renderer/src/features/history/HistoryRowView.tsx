import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ConversationSummary } from '@shared/history/types';
import { useT } from '../../i18n';
import { RowMenu } from './RowMenu';
import { isRovingKey, type RovingKey } from './roving';

interface Props {
  summary: ConversationSummary;
  active: boolean;
  /** this row is the list's one Tab stop (roving tabindex) */
  tabStop: boolean;
  /** id of the element that says which keys work here */
  keysHintId: string;
  onOpen(): void;
  onFocus(): void;
  onMove(key: RovingKey): void;
  onRename(title: string): void;
  onPin(): void;
  onExport(format: 'markdown' | 'json'): void;
  onDelete(): void;
}

/**
 * One saved conversation: its title and first line. On the keyboard the row is one stop:
 * arrows move (the list handles them), Enter opens, Delete deletes, Shift+F10 or the
 * menu key opens the ⋯ menu (Rename among it), which the mouse reaches by its button.
 * No F2 to rename: F2 is the default recording hotkey, a global one that never reaches the row.
 */
export const HistoryRowView = memo(function HistoryRowView({
  summary,
  active,
  tabStop,
  keysHintId,
  onOpen,
  onFocus,
  onMove,
  onRename,
  onPin,
  onExport,
  onDelete,
}: Props) {
  const t = useT();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const openButton = useRef<HTMLButtonElement>(null);
  /**
   * a rename left by Enter or Esc gives the focus back to the row; one left by a click elsewhere does not take it back
   */
  const refocus = useRef(false);
  const title = summary.title || t('history.untitled');

  useEffect(() => {
    if (renaming === null && refocus.current) {
      refocus.current = false;
      openButton.current?.focus();
    }
  }, [renaming]);

  const finishRename = (): void => {
    if (renaming !== null && renaming.trim() !== '' && renaming.trim() !== summary.title) onRename(renaming);
    setRenaming(null);
  };
  const onRenameKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      refocus.current = true;
      finishRename();
    } else if (event.key === 'Escape') {
      // The rename's Esc, not the overlay's around the list.
      event.stopPropagation();
      refocus.current = true;
      setRenaming(null);
    }
  };
  const onRowKey = (event: KeyboardEvent<HTMLButtonElement>): void => {
    const plain = !event.altKey && !event.ctrlKey && !event.metaKey;
    if (plain && !event.shiftKey && isRovingKey(event.key)) {
      event.preventDefault();
      onMove(event.key);
    } else if (plain && !event.shiftKey && event.key === 'Delete') {
      event.preventDefault();
      onDelete();
    } else if (event.key === 'ContextMenu' || (plain && event.shiftKey && event.key === 'F10')) {
      event.preventDefault();
      setMenuOpen(true);
    }
  };

  return (
    <div
      className={`history-item${active ? ' active' : ''}${menuOpen ? ' menu-open' : ''}`}
      data-testid="history-item"
      data-id={summary.id}
      data-pinned={summary.pinned}
      onContextMenu={(event) => {
        // Right-click (and the keyboard's menu key, where the browser sends one) opens the same menu as ⋯.
        event.preventDefault();
        setMenuOpen(true);
      }}
    >
      {renaming === null ? (
        <button
          ref={openButton}
          type="button"
          className="history-open"
          data-testid="history-open"
          tabIndex={tabStop ? 0 : -1}
          aria-current={active ? 'true' : undefined}
          aria-describedby={keysHintId}
          onClick={onOpen}
          onFocus={onFocus}
          onKeyDown={onRowKey}
          title={title}
        >
          <span className="history-title" data-testid="history-title">
            {summary.pinned && <span aria-label={t('history.pinned')}>📌 </span>}
            {title}
          </span>
          {summary.preview && summary.preview !== summary.title && (
            <span className="history-preview">{summary.preview}</span>
          )}
        </button>
      ) : (
        <input
          className="input history-rename-input"
          data-testid="history-rename-input"
          aria-label={t('history.renameLabel', { title })}
          value={renaming}
          autoFocus
          maxLength={500}
          onChange={(event) => setRenaming(event.target.value)}
          onKeyDown={onRenameKey}
          onBlur={finishRename}
        />
      )}
      {/* The mouse's way to the menu; the keyboard has Shift+F10 on the row, so this is no Tab stop of its own. */}
      <button
        type="button"
        tabIndex={-1}
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
            { label: t('history.delete'), testId: 'history-delete', shortcut: 'Del', onSelect: onDelete, danger: true },
          ]}
        />
      )}
    </div>
  );
});
