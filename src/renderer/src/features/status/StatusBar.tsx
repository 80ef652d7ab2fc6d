import { noticesOf } from '@shared/backend/status-notices';
import { useT } from '../../i18n';
import { useNow } from '../../lib/use-now';
import { appErrorCause, appErrorText } from '../../ui/app-error-text';
import { useSettingsStore } from '../settings/use-settings-store';
import { describeFit } from './fit-view';
import { describeLinkInUse } from './link-view';
import { LinkStatusBar } from './LinkStatusBar';
import { describeRpcWorkers } from './rpc-view';
import { describeStatus, needsTicking } from './status-view';
import { statusNoticeText } from './status-notice-text';
import { useBackendStatus } from './use-status-store';
import './status.css';
import { estimateReasonText } from '../backends/backend-labels';

export function StatusBar() {
  const t = useT();
  const status = useBackendStatus();
  const now = useNow(needsTicking(status));
  const view = describeStatus(status, now);
  const fit = describeFit(status, t);
  const rpc = describeRpcWorkers(status, t);
  const dash = '—';
  const errorText = view.error ? appErrorText(t, view.error) : null;
  // The core's own sentence stays one hover away: it is what a bug report quotes.
  const errorCause = view.error ? (appErrorCause(t, view.error) ?? errorText) : null;
  const link = describeLinkInUse(useSettingsStore().settings);
  if (link) return <LinkStatusBar link={link} />;

  return (
    // The bar is the page's footer; only the state and the error are spoken when they change, not the ticking
    // elapsed time or every figure beside them (a footer may not take the status role either).
    <footer className="statusbar">
      <span className="seg seg-state" data-testid="status-state" data-state={view.state} title={errorText ?? undefined}>
        <span className={`dot state-${view.state}`} aria-hidden="true" />
        <span role="status">{t(view.stateKey)}</span>
        {view.elapsed && (
          <span className={`elapsed${view.elapsed.live ? ' live' : ''}`} data-testid="status-elapsed">
            {view.elapsed.text}
          </span>
        )}
      </span>
      <span className="seg" data-testid="status-backend" title={t('status.backend')}>
        {view.backend ?? dash}
      </span>
      <span className="seg seg-model" data-testid="status-model" title={status?.model?.path ?? t('status.model')}>
        {view.model ?? t('status.noModel')}
      </span>
      <span
        className={`seg mono${view.exposed ? ' warn' : ''}`}
        data-testid="status-port"
        title={view.exposed ? t('status.exposed') : t('status.address')}
      >
        {view.address ?? dash}
        {view.exposed && <span className="badge warn">{t('status.exposedBadge')}</span>}
      </span>
      {view.gpuLayers !== null && (
        <span
          className="seg"
          data-testid="status-ngl"
          title={status?.estimate ? estimateReasonText(t, status.estimate) : undefined}
        >
          {t('status.ngl', { layers: view.gpuLayers })}
        </span>
      )}
      {fit && (
        <span
          className={`seg${fit.shrunk ? ' warn' : ''}`}
          data-testid="status-fit"
          data-shrunk={fit.shrunk}
          title={[t('status.fitTitle'), ...fit.lines].join('\n')}
        >
          {t('status.fit', { mib: fit.totalMiB })}
          {fit.running && (
            <span data-testid="status-fit-running"> · {t('status.fitShrunk', { running: fit.running })}</span>
          )}
        </span>
      )}
      {rpc && (
        <span
          className={`seg${rpc.degraded ? ' warn' : ''}`}
          data-testid="status-rpc"
          data-ready={rpc.ready}
          title={[t('status.rpcTitle'), ...rpc.lines].join('\n')}
        >
          {t('status.rpc', { ready: rpc.ready, count: rpc.count })}
        </span>
      )}
      {view.restarts > 0 && (
        <span className="seg warn" data-testid="status-restarts">
          {t('status.restarts', { count: view.restarts })}
        </span>
      )}
      {view.error && (
        <span
          className="seg err seg-grow"
          role="status"
          data-testid="status-error"
          data-code={view.error.code}
          title={errorCause ?? undefined}
        >
          {errorText}
        </span>
      )}
      <span className="seg-notices">
        {(status ? noticesOf(status) : []).map(({ text, coded }) => {
          // The core's English sentence stays the tooltip: it is what a bug report quotes.
          const shown = coded ? statusNoticeText(t, coded) : text;
          return (
            <span key={text} className="seg warn" data-testid="status-notice" data-code={coded?.code} title={text}>
              {shown}
            </span>
          );
        })}
      </span>
    </footer>
  );
}
