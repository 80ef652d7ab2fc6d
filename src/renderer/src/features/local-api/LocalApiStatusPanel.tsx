// The Local API's state: running, stopped or failed, its base URL to copy,
// Start/Stop, and the requests answering, the most that may, and those waiting
// (live from `local-api:state`).
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { CopyButton } from './LocalApiParts';
import type { LocalApiStore } from './local-api-store';
import { stateText } from './local-api-words';

const DOTS = { running: 'state-ready', stopped: '', error: 'state-error' } as const;

export function LocalApiStatusPanel({ store }: { store: LocalApiStore }) {
  const t = useT();
  const status = useStore(store.state, (s) => s.status);
  const busy = useStore(store.state, (s) => s.busy);
  if (!status) return null;
  const running = status.state === 'running';
  return (
    <section
      className="card local-api-section local-api-status"
      aria-labelledby="local-api-status-title"
      data-testid="local-api-status"
      data-state={status.state}
    >
      <div className="local-api-status-head">
        <h2 id="local-api-status-title">{t('localApi.status')}</h2>
        <span className="local-api-state">
          <span className={`dot ${DOTS[status.state]}`} aria-hidden="true" />
          <strong data-testid="local-api-state">{stateText(t, status)}</strong>
        </span>
        {running ? (
          <button
            type="button"
            className="btn"
            disabled={busy}
            data-testid="local-api-stop"
            onClick={() => void store.stopServer()}
          >
            {t('localApi.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            data-testid="local-api-start"
            onClick={() => void store.startServer()}
          >
            {t('localApi.start')}
          </button>
        )}
      </div>
      {status.state === 'error' && status.error && (
        <p className="inline-error" role="alert" data-testid="local-api-state-error">
          {t('localApi.state.errorDetail', { message: status.error })}
        </p>
      )}
      {running && status.baseUrl ? (
        <div className="local-api-url">
          <span className="muted">{t('localApi.baseUrl')}</span>
          <code data-testid="local-api-base-url">{status.baseUrl}</code>
          <CopyButton text={status.baseUrl} label={t('localApi.copyBaseUrl')} testId="local-api-copy-url" />
        </div>
      ) : (
        <p className="muted" data-testid="local-api-stopped-note">
          {status.state === 'stopped' ? t('localApi.stoppedNote') : t('localApi.errorNote')}
        </p>
      )}
      {running && status.host === '0.0.0.0' && (
        <p className="warning-text" data-testid="local-api-network-note">
          {t('localApi.networkNote', { port: status.port ?? '' })}
        </p>
      )}
      <dl className="facts local-api-figures" data-testid="local-api-figures">
        <div>
          <dt>{t('localApi.inFlight')}</dt>
          <dd data-testid="local-api-in-flight">{status.inFlight}</dd>
        </div>
        <div>
          <dt>{t('localApi.maxInFlight')}</dt>
          <dd data-testid="local-api-max-in-flight">{status.maxInFlight}</dd>
        </div>
        <div>
          <dt>{t('localApi.queued')}</dt>
          <dd data-testid="local-api-queued">
            {t('localApi.queuedOf', { queued: status.queued, limit: status.settings.queueLimit })}
          </dd>
        </div>
      </dl>
    </section>
  );
}
