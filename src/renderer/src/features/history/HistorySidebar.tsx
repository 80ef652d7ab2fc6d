import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { downloadText } from '../../lib/download';
import { useStore } from 'zustand';
import { groupRows } from './date-groups';
import { HistoryRowView } from './HistoryRowView';
import { SearchResults } from './SearchResults';
import './history.css';

const SEARCH_DELAY_MS = 150;

/** EVA's history manager: every saved conversation, grouped by date, searchable, with rename, pin, export and delete + undo. */
export function HistorySidebar() {
  const t = useT();
  const { history, chat } = useAppModel();
  const state = useStore(history.state);
  const openId = useStore(chat.conversation, (conversation) => conversation.id);
  const [query, setQuery] = useState(state.query);
  const [confirmClear, setConfirmClear] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const rows = useMemo(() => groupRows(state.conversations, Date.now()), [state.conversations]);

  useEffect(() => {
    const timer = setTimeout(() => void history.search(query), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [history, query]);

  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize: (index) => (rows[index]?.kind === 'header' ? 28 : 52),
    getItemKey: (index) => {
      const row = rows[index];
      return row?.kind === 'conversation' ? row.summary.id : `h:${row?.group ?? index}`;
    },
    overscan: 8,
  });

  const exportFile = async (ids: readonly string[] | 'all', format: 'markdown' | 'json'): Promise<void> => {
    const file = await history.exportFile(ids, format);
    if (file) downloadText(file.text, file.fileName, file.mime);
  };
  const remove = async (ids: readonly string[]): Promise<void> => {
    const receipt = await history.remove(ids);
    if (receipt && openId !== null && receipt.conversationIds.includes(openId)) chat.clear();
  };
  const clearAll = async (): Promise<void> => {
    setConfirmClear(false);
    const receipt = await history.clearAll();
    if (receipt) chat.clear();
  };
  const importFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    const created = await history.importText(await file.text());
    if (created[0] !== undefined) await chat.open(created[0]);
  };

  const searching = query.trim() !== '';
  return (
    <aside className="history" data-testid="history" aria-label={t('history.title')}>
      <header className="history-head">
        <h2>{t('history.title')}</h2>
        <button type="button" className="btn btn-small btn-primary" data-testid="history-new" onClick={() => chat.clear()}>
          {t('history.new')}
        </button>
      </header>
      <input className="input history-search" type="search" data-testid="history-search" placeholder={t('history.search')} value={query} onChange={(event) => setQuery(event.target.value)} />
      {searching ? (
        <SearchResults results={state.results} query={query} onOpen={(conversationId, messageId) => void chat.open(conversationId, messageId ?? undefined)} />
      ) : (
        <div className="history-scroll" ref={box} data-testid="history-list">
          {state.loaded && rows.length === 0 && <p className="muted small history-empty">{t('history.empty')}</p>}
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="history-vrow" style={{ transform: `translateY(${item.start}px)` }}>
                  {row.kind === 'header' ? (
                    <div className="history-group">{t(`history.group.${row.group}`)}</div>
                  ) : (
                    <HistoryRowView
                      summary={row.summary}
                      active={row.summary.id === openId}
                      onOpen={() => void chat.open(row.summary.id)}
                      onRename={(title) => void history.rename(row.summary.id, title)}
                      onPin={() => void history.pin(row.summary.id, !row.summary.pinned)}
                      onExport={(format) => void exportFile([row.summary.id], format)}
                      onDelete={() => void remove([row.summary.id])}
                    />
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
      {state.undo && (
        <div className="history-undo" role="status" data-testid="history-undo-bar">
          <span>{t('history.deleted', { count: state.undo.conversationIds.length })}</span>
          <button type="button" className="btn btn-small" data-testid="history-undo" onClick={() => void history.undo()}>
            {t('history.undo')}
          </button>
        </div>
      )}
      <footer className="history-foot">
        <button type="button" className="btn btn-ghost btn-small" data-testid="history-import" onClick={() => fileInput.current?.click()}>
          {t('history.import')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="history-import-file"
          onChange={(event) => {
            void importFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <button type="button" className="btn btn-ghost btn-small" data-testid="history-export-all" disabled={state.conversations.length === 0} onClick={() => void exportFile('all', 'json')}>
          {t('history.exportAll')}
        </button>
        {confirmClear ? (
          <span className="history-confirm">
            <button type="button" className="btn btn-small btn-danger" data-testid="history-clear-confirm" onClick={() => void clearAll()}>
              {t('history.clearConfirm')}
            </button>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setConfirmClear(false)}>
              {t('common.cancel')}
            </button>
          </span>
        ) : (
          <button type="button" className="btn btn-ghost btn-small" data-testid="history-clear" disabled={state.conversations.length === 0} onClick={() => setConfirmClear(true)}>
            {t('history.clear')}
          </button>
        )}
      </footer>
    </aside>
  );
}
