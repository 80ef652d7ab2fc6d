import { useT, type Translate } from '../../i18n';
import type { HistoryListState } from './history-list-store';

/** Titles named in a line: the first few, in quotes, then "…" for the rest. */
const NAMED_TITLES = 3;

function titleList(t: Translate, titles: readonly string[]): string {
  const named = titles
    .slice(0, NAMED_TITLES)
    .map((title) => t('history.titleList', { title: title || t('history.untitled') }))
    .join(t('history.titleListSeparator'));
  return titles.length > NAMED_TITLES ? `${named} …` : named;
}

interface Props {
  undo: HistoryListState['undo'];
  undoTitles: HistoryListState['undoTitles'];
  imported: HistoryListState['imported'];
  onUndo(): void;
}

/** What the last delete removed (with Undo) and what the last import brought in, said in words. */
export function HistoryNotes({ undo, undoTitles, imported, onUndo }: Props) {
  const t = useT();
  const deletedOne = undo?.conversationIds.length === 1 && undoTitles.length === 1 ? undoTitles[0] : undefined;
  return (
    <>
      {undo && (
        <div className="history-undo" role="status" data-testid="history-undo-bar">
          <span>
            {deletedOne !== undefined
              ? t('history.deletedOne', { title: deletedOne || t('history.untitled') })
              : t('history.deleted', { count: undo.conversationIds.length })}
          </span>
          <button type="button" className="btn btn-small" data-testid="history-undo" onClick={onUndo}>
            {t('history.undo')}
          </button>
        </div>
      )}
      {imported && imported.length > 0 && (
        <div className="history-undo" role="status" data-testid="history-imported">
          <span>{t('history.imported', { count: imported.length, titles: titleList(t, imported) })}</span>
        </div>
      )}
    </>
  );
}
