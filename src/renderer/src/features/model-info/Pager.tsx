// "1–50 of 312" with Previous and Next, for a page of rows the core searched.
import type { SearchPage } from '@shared/model-info/model-info-types';
import { useT } from '../../i18n';
import { formatCount } from '../../lib/format';

export function Pager<T>({
  page,
  size,
  onPage,
  testId,
}: {
  page: SearchPage<T>;
  size: number;
  onPage: (offset: number) => void;
  testId: string;
}) {
  const t = useT();
  const first = page.matched === 0 ? 0 : page.offset + 1;
  const last = page.offset + page.rows.length;
  return (
    <div className="model-info-pager" data-testid={testId}>
      <button
        type="button"
        className="btn btn-small"
        disabled={page.offset === 0}
        data-testid={`${testId}-previous`}
        onClick={() => onPage(Math.max(0, page.offset - size))}
      >
        {t('modelInfo.previous')}
      </button>
      <span className="muted small" data-testid={`${testId}-range`}>
        {t('modelInfo.range', {
          first: formatCount(first),
          last: formatCount(last),
          matched: formatCount(page.matched),
          total: formatCount(page.total),
        })}
      </span>
      <button
        type="button"
        className="btn btn-small"
        disabled={last >= page.matched}
        data-testid={`${testId}-next`}
        onClick={() => onPage(page.offset + size)}
      >
        {t('modelInfo.next')}
      </button>
    </div>
  );
}
