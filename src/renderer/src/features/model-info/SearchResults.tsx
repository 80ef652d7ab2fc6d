// What a search of the model file shows under its form (tensors, vocabulary):
// the error, or a page of rows as a table, "no match" and the pager.
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { appErrorText } from '../../ui/app-error-text';
import { Pager } from './Pager';
import { PAGE_ROWS, type SearchState } from './model-info-store';

interface Props<T> {
  search: SearchState<T>;
  /** the table's header row */
  head: ReactNode;
  row: (item: T) => ReactNode;
  onPage: (offset: number) => void;
  /** `${name}-table` and `${name}-pager` */
  name: string;
}

export function SearchResults<T>({ search, head, row, onPage, name }: Props<T>) {
  const t = useT();
  return (
    <>
      {search.error && (
        <p className="field-error" role="alert">
          {appErrorText(t, search.error)}
        </p>
      )}
      {search.page && (
        <>
          {/* A Tab stop, so a table wider than the page can be scrolled from the keyboard. */}
          <div className="model-info-scroll" tabIndex={0}>
            <table className="model-info-table" data-testid={`${name}-table`}>
              <thead>{head}</thead>
              <tbody>{search.page.rows.map(row)}</tbody>
            </table>
          </div>
          {search.page.matched === 0 && <p className="muted">{t('modelInfo.noMatch')}</p>}
          <Pager page={search.page} size={PAGE_ROWS} onPage={onPage} testId={`${name}-pager`} />
        </>
      )}
    </>
  );
}
