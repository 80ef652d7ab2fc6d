// One request of the Local API's log in full: its figures, and the request and
// response bodies where "keep request bodies" was on when it was answered.
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { formatClock, formatCount } from '../../lib/format';
import { Dialog } from '../../ui/Dialog';
import type { LocalApiStore } from './local-api-store';
import { formatDuration } from './local-api-words';

/** A JSON body laid out for reading; anything else (a stream's SSE lines) as it came. */
export function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body; // not JSON (a streamed answer): shown as it came
  }
}

export function LogEntryDialog({ store }: { store: LocalApiStore }) {
  const t = useT();
  const entry = useStore(store.state, (s) => s.entry);
  if (!entry) return null;
  const kept = entry.requestBody !== undefined || entry.responseBody !== undefined;
  const figures: Array<[string, string]> = [
    [t('localApi.col.time'), `${new Date(entry.startedAt).toLocaleDateString()} ${formatClock(entry.startedAt)}`],
    [t('localApi.col.key'), entry.keyName ?? t('localApi.noKey')],
    [t('localApi.col.model'), entry.model ?? '–'],
    [t('localApi.col.status'), String(entry.status)],
    [t('localApi.col.duration'), formatDuration(entry.durationMs)],
    [t('localApi.col.promptTokens'), entry.promptTokens === null ? '–' : formatCount(entry.promptTokens)],
    [t('localApi.col.completionTokens'), entry.completionTokens === null ? '–' : formatCount(entry.completionTokens)],
  ];
  return (
    <Dialog
      className="local-api-dialog"
      bodyClassName="local-api-dialog-body"
      testId="local-api-entry"
      titleId="local-api-entry-title"
      titleClassName="mono"
      title={`${entry.method} ${entry.path}`}
      initialFocus='[data-testid="local-api-entry-close"]'
      onDismiss={() => store.closeEntry()}
      footer={
        <>
          <span />
          <button type="button" className="btn" data-testid="local-api-entry-close" onClick={() => store.closeEntry()}>
            {t('common.close')}
          </button>
        </>
      }
    >
      <dl className="facts">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {kept ? (
        <>
          <h3 className="local-api-subhead">{t('localApi.requestBody')}</h3>
          <pre className="local-api-code" tabIndex={0} data-testid="local-api-entry-request">
            {entry.requestBody ? readableBody(entry.requestBody) : t('localApi.bodyEmpty')}
          </pre>
          <h3 className="local-api-subhead">{t('localApi.responseBody')}</h3>
          <pre className="local-api-code" tabIndex={0} data-testid="local-api-entry-response">
            {entry.responseBody ? readableBody(entry.responseBody) : t('localApi.bodyEmpty')}
          </pre>
        </>
      ) : (
        <p className="muted" data-testid="local-api-entry-no-bodies">
          {t('localApi.bodiesNotKept')}
        </p>
      )}
    </Dialog>
  );
}
