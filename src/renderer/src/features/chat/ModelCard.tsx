import type { BackendStatus, ModelFacts } from '@shared/contract';
import { useT } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { formatAddress } from '../status/status-view';
import './model-card.css';

/** What is loaded and where it listens: the chat's empty state for a local model. */
export function ModelCard({ status, model }: { status: BackendStatus; model: ModelFacts }) {
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
