import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { downloadText } from '../../lib/download';
import { useStore } from 'zustand';
import { groupRows } from './date-groups';
import { HistoryFooter } from './HistoryFooter';
import { HistoryNotes } from './HistoryNotes';
import { HistoryRowView } from './HistoryRowView';
import { moveCursor, neighbourAfterRemoval, tabStop, type RovingKey } from './roving';
import { SearchResults } from './SearchResults';
import './history.css';

const SEARCH_DELAY_MS = 150;

/** The element that takes the focus when the keyboard comes down into the list or the search hits. */
const ROW_STOP = '[data-testid="history-open"][tabindex="0"], [data-testid="history-result"][tabindex="0"]';

interface Props {
  /** the aside's id, for the button that shows and hides it (aria-controls) */
  id?: string;
  /** shown as an overlay on a narrow window: a dialog, not a landmark */
  overlay?: boolean;
  /** a conversation (or a new chat) was opened from here */
  onOpened?: () => void;
}

/**
 * EVA's history manager: every saved conversation, grouped by date, searchable, with
 * rename, pin, export and delete + undo. The list is one Tab stop (roving tabindex):
 * ↑/↓/Home/End move between rows, so reaching the message box never costs a press per chat.
 */
export const HistorySidebar = memo(function HistorySidebar({ id, overlay = false, onOpened }: Props) {
  const t = useT();
  const { history, chat } = useAppModel();
  const state = useStore(history.state);
  const [query, setQuery] = useState(state.query);
  const box = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => groupRows(state.conversations, Date.now()), [state.conversations]);
  const ids = useMemo(() => rows.flatMap((row) => (row.kind === 'conversation' ? [row.summary.id] : [])), [rows]);
  // The open conversation as far as this list shows it. A new conversation gets its id with its first
  // question but its row only once saved: selecting the id itself re-rendered the whole history in the
  // send's frame, while the model read the prompt, to change nothing on screen.
  const listed = useMemo(() => new Set(ids), [ids]);
  const openId = useStore(chat.conversation, (conversation) =>
    conversation.id !== null && listed.has(conversation.id) ? conversation.id : null,
  );
  // The row the keyboard last reached, for as long as the same conversation is open: opening
  // another one (here, by search, by New chat) moves the Tab stop to it.
  const [cursor, setCursor] = useState<{ id: string; openId: string | null } | null>(null);
  const stopId = tabStop(ids, cursor?.openId === openId ? cursor.id : null, openId);
  const stopIndex = rows.findIndex((row) => row.kind === 'conversation' && row.summary.id === stopId);
  /** a row to focus once it is rendered (after an arrow key, or when the focused row was deleted) */
  const pendingFocus = useRef<string | null>(null);
  const keysHintId = useId();

  useEffect(() => {
    const timer = setTimeout(() => void history.search(query), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [history, query]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize: (index) => (rows[index]?.kind === 'header' ? 28 : 52),
    getItemKey: (index) => {
      const row = rows[index];
      return row?.kind === 'conversation' ? row.summary.id : `h:${row?.group ?? index}`;
    },
    overscan: 8,
    // The Tab stop is always rendered, even scrolled far away, or Tab would skip the list.
    rangeExtractor: useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range);
        return stopIndex < 0 || indexes.includes(stopIndex) ? indexes : [...indexes, stopIndex].sort((a, b) => a - b);
      },
      [stopIndex],
    ),
  });

  useLayoutEffect(() => {
    const wanted = pendingFocus.current;
    if (wanted === null) return;
    const row = [...(box.current?.querySelectorAll<HTMLElement>('[data-testid="history-item"]') ?? [])].find(
      (element) => element.dataset.id === wanted,
    );
    const target = row?.querySelector<HTMLElement>('[data-testid="history-open"]');
    if (target) {
      pendingFocus.current = null;
      target.focus();
    }
  });

  const moveTo = (next: string | null): void => {
    if (next === null) return;
    setCursor({ id: next, openId });
    pendingFocus.current = next;
    const index = rows.findIndex((row) => row.kind === 'conversation' && row.summary.id === next);
    if (index >= 0) virtualizer.scrollToIndex(index);
  };
  const onMove = (from: string, key: RovingKey): void => moveTo(moveCursor(ids, from, key));
  const open = (conversationId: string, messageId?: string): void => {
    void chat.open(conversationId, messageId);
    onOpened?.();
  };

  const exportFile = async (ids: readonly string[] | 'all', format: 'markdown' | 'json'): Promise<void> => {
    const file = await history.exportFile(ids, format);
    if (file) downloadText(file.text, file.fileName, file.mime);
  };
  const remove = async (removed: readonly string[]): Promise<void> => {
    const receipt = await history.remove(removed);
    const open = chat.conversation.getState().id;
    if (receipt && open !== null && receipt.conversationIds.includes(open)) chat.clear();
  };
  /** One row deleted from its menu or by Delete: a keyboard user stays in the list, on the next row. */
  const removeRow = (conversationId: string): void => {
    if (box.current?.contains(document.activeElement)) {
      const next = neighbourAfterRemoval(ids, conversationId);
      if (next !== null) {
        setCursor({ id: next, openId: openId === conversationId ? null : openId });
        pendingFocus.current = next;
      }
    }
    void remove([conversationId]);
  };
  const clearAll = async (): Promise<void> => {
    const receipt = await history.clearAll();
    if (receipt) chat.clear();
  };
  const importFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    const created = await history.importText(await file.text());
    if (created[0] !== undefined) await chat.open(created[0]);
  };
  /** ↓ from the search box goes down to the list (or the hits), where Tab would also land. */
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== 'ArrowDown') return;
    const target = event.currentTarget.closest('aside')?.querySelector<HTMLElement>(ROW_STOP);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  const searching = query.trim() !== '';
  return (
    <aside
      className={`history${overlay ? ' is-overlay' : ''}`}
      id={id}
      data-testid="history"
      aria-label={t('history.title')}
      {...(overlay ? { role: 'dialog', 'aria-modal': true } : {})}
    >
      <div className="history-head">
        <h2>{t('history.title')}</h2>
        <button
          type="button"
          className="btn btn-small btn-primary"
          data-testid="history-new"
          onClick={() => {
            chat.clear();
            onOpened?.();
          }}
        >
          {t('history.new')}
        </button>
      </div>
      <input
        className="input history-search"
        type="search"
        data-testid="history-search"
        placeholder={t('history.search')}
        aria-label={t('history.search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onSearchKey}
      />
      <span id={keysHintId} className="sr-only">
        {t('history.keysHint')}
      </span>
      {searching ? (
        <SearchResults
          results={state.results}
          query={query}
          onOpen={(conversationId, messageId) => open(conversationId, messageId ?? undefined)}
        />
      ) : (
        <div
          className="history-scroll"
          ref={box}
          data-testid="history-list"
          role="list"
          aria-label={t('history.title')}
        >
          {state.loaded && rows.length === 0 && <p className="muted small history-empty">{t('history.empty')}</p>}
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="history-vrow"
                  // A group's heading sits in an item of its own: a list may hold nothing but items.
                  role="listitem"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {row.kind === 'header' ? (
                    <div className="history-group" role="heading" aria-level={3}>
                      {t(`history.group.${row.group}`)}
                    </div>
                  ) : (
                    <HistoryRowView
                      summary={row.summary}
                      active={row.summary.id === openId}
                      tabStop={row.summary.id === stopId}
                      keysHintId={keysHintId}
                      onOpen={() => open(row.summary.id)}
                      onFocus={() => setCursor({ id: row.summary.id, openId })}
                      onMove={(key) => onMove(row.summary.id, key)}
                      onRename={(title) => void history.rename(row.summary.id, title)}
                      onPin={() => void history.pin(row.summary.id, !row.summary.pinned)}
                      onExport={(format) => void exportFile([row.summary.id], format)}
                      onDelete={() => removeRow(row.summary.id)}
                    />
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
      <HistoryNotes
        undo={state.undo}
        undoTitles={state.undoTitles}
        imported={state.imported}
        onUndo={() => void history.undo()}
      />
      <HistoryFooter
        empty={state.conversations.length === 0}
        onImport={(file) => void importFile(file)}
        onExportAll={() => void exportFile('all', 'json')}
        onClearAll={() => void clearAll()}
      />
    </aside>
  );
});
