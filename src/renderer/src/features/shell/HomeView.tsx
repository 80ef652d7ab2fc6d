import type { BackendStatus, ModelFacts } from '../../../../shared/contract';
import { useAppModel } from '../../app-model';
import { formatBytes } from '../../lib/format';
import { useT } from '../../i18n';
import { formatAddress } from '../status/status-view';
import { useBackendStatus } from '../status/use-status-store';
import './shell.css';

/** The start page until chat arrives: what is loaded and where it listens. */
export function HomeView() {
  const status = useBackendStatus();
  const model = status?.state === 'ready' ? status.model : null;
  return <section className="page home">{status && model ? <ReadyCard status={status} model={model} /> : <IdleCard status={status} />}</section>;
}

function IdleCard({ status }: { status: BackendStatus | null }) {
  const t = useT();
  const { load, view } = useAppModel();
  const state = status?.state ?? 'stopped';
  return (
    <div className="card hero">
      <div className={`hero-mark state-${state}`} aria-hidden="true" />
      <h1>{t(`home.${state}.title`)}</h1>
      <p className="muted">{state === 'error' && status?.error ? status.error.message : t(`home.${state}.body`)}</p>
      <div className="hero-actions">
        {state !== 'starting' && (
          <button type="button" className="btn btn-primary" onClick={load.open}>
            {t('home.loadModel')}
          </button>
        )}
        {(state === 'starting' || state === 'error') && (
          <button type="button" className="btn" onClick={() => view.set('log')}>
            {t('home.openLog')}
          </button>
        )}
      </div>
    </div>
  );
}

function ReadyCard({ status, model }: { status: BackendStatus; model: ModelFacts }) {
  const t = useT();
  const host = status.host === '0.0.0.0' || status.host === '::' ? '127.0.0.1' : status.host;
  const endpoint = host !== null && status.port !== null ? `http://${formatAddress(host, status.port)}/v1` : null;
  const facts: Array<[string, string]> = [
    [t('home.fact.architecture'), model.architecture],
    [t('home.fact.layers'), String(model.nLayer)],
    [t('home.fact.trainCtx'), model.contextLength.toLocaleString()],
    [t('home.fact.size'), formatBytes(model.fileSize + model.mmprojSize)],
    [t('home.fact.template'), model.hasChatTemplate ? t('common.yes') : t('common.no')],
  ];
  return (
    <div className="card model-card">
      <div className="model-card-head">
        <span className="dot state-ready" aria-hidden="true" />
        <h1 title={model.path}>{model.name}</h1>
      </div>
      <p className="muted mono small">{model.path}</p>
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {endpoint && (
        <p className="endpoint">
          <span className="muted">{t('home.endpoint')}</span> <code data-testid="home-endpoint">{endpoint}</code>
        </p>
      )}
    </div>
  );
}
