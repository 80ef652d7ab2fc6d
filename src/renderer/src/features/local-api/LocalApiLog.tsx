// The Local API's request log: each key's totals, then one row per request,
// newest first (live from `local-api:request`); a row opens its entry, with the
// request and response bodies where they were kept.
import { useStore } from 'zustand';
import type { LocalApiLogEntry } from '@shared/local-api/local-api-types';
import { useT } from '../../i18n';
import { formatClock, formatCount } from '../../lib/format';
import type { LocalApiStore } from './local-api-store';
import { formatDuration } from './local-api-words';

const tokens = (count: number | null): string => (count === null ? '–' : formatCount(count));

export function LocalApiLog({ store }: { store: LocalApiStore }) {
  const t = useT();
  const entries = useStore(store.state, (s) => s.entries);
  const totals = useStore(store.state, (s) => s.totals);
  return (
    <section className="card local-api-section" aria-labelledby="local-api-log-title" data-testid="local-api-log">
      <h2 id="local-api-log-title">{t('localApi.log')}</h2>
      {entries.length === 0 ? (
        <p className="muted" data-testid="local-api-log-empty">
          {t('localApi.logEmpty')}
        </p>
      ) : (
        <>
          {totals.length > 0 && (
            <table className="local-api-table local-api-totals" data-testid="local-api-totals">
              <caption>{t('localApi.totals')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('localApi.col.key')}</th>
                  <th scope="col">{t('localApi.col.requests')}</th>
                  <th scope="col">{t('localApi.col.promptTokens')}</th>
                  <th scope="col">{t('localApi.col.completionTokens')}</th>
                </tr>
              </thead>
              <tbody>
                {totals.map((total) => (
                  <tr key={total.keyName} data-testid="local-api-total" data-key-name={total.keyName}>
                    <th scope="row">{total.keyName}</th>
                    <td data-testid="local-api-total-requests">{formatCount(total.requests)}</td>
                    <td>{formatCount(total.promptTokens)}</td>
                    <td>{formatCount(total.completionTokens)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="local-api-scroll">
            <table className="local-api-table local-api-requests" data-testid="local-api-requests">
              <caption className="sr-only">{t('localApi.log')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('localApi.col.time')}</th>
                  <th scope="col">{t('localApi.col.key')}</th>
                  <th scope="col">{t('localApi.col.request')}</th>
                  <th scope="col">{t('localApi.col.model')}</th>
                  <th scope="col">{t('localApi.col.promptTokens')}</th>
                  <th scope="col">{t('localApi.col.completionTokens')}</th>
                  <th scope="col">{t('localApi.col.duration')}</th>
                  <th scope="col">{t('localApi.col.status')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <RequestRow key={entry.id} store={store} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function RequestRow({ store, entry }: { store: LocalApiStore; entry: LocalApiLogEntry }) {
  const t = useT();
  const failed = entry.status >= 400 || entry.status === 0;
  return (
    <tr
      className={`local-api-request${failed ? ' is-failed' : ''}`}
      data-testid="local-api-request"
      data-id={entry.id}
      data-status={entry.status}
      onClick={() => void store.openEntry(entry.id)}
    >
      <td>
        {/* The row is clickable for a mouse; the keyboard reaches the same through this button. */}
        <button
          type="button"
          className="btn-link"
          aria-label={t('localApi.openEntry', { time: formatClock(entry.startedAt), path: entry.path })}
          data-testid="local-api-request-open"
          onClick={(event) => {
            event.stopPropagation();
            void store.openEntry(entry.id);
          }}
        >
          {formatClock(entry.startedAt)}
        </button>
      </td>
      <td data-testid="local-api-request-key">{entry.keyName ?? t('localApi.noKey')}</td>
      <td className="mono">
        {entry.method} {entry.path}
      </td>
      <td data-testid="local-api-request-model">{entry.model ?? '–'}</td>
      <td>{tokens(entry.promptTokens)}</td>
      <td>{tokens(entry.completionTokens)}</td>
      <td>{formatDuration(entry.durationMs)}</td>
      <td data-testid="local-api-request-status">{entry.status === 0 ? '–' : entry.status}</td>
    </tr>
  );
}
