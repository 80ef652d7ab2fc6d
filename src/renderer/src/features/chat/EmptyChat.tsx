import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { ModelCard } from './ModelCard';
import { useBackendStatus } from '../status/use-status-store';
import type { EndpointView } from './endpoint-label';

/** Before the first message: what the chat will talk to. */
export function EmptyChat({ endpoint }: { endpoint: EndpointView }) {
  const t = useT();
  const { load } = useAppModel();
  const status = useBackendStatus();
  const model = status?.state === 'ready' ? status.model : null;
  return (
    <div className="chat-empty" data-testid="chat-empty">
      {endpoint.kind === 'local' && status && model ? (
        <ModelCard status={status} model={model} />
      ) : (
        <div className="card hero">
          <div className="hero-mark state-ready" aria-hidden="true" />
          <h1>{endpoint.kind === 'link' ? endpoint.name : t('chat.empty.noEndpoint')}</h1>
          <p className="muted">
            {endpoint.kind === 'link'
              ? t('chat.empty.link', { model: endpoint.model || t('chat.empty.anyModel') })
              : t('chat.empty.noLocal')}
          </p>
          <div className="hero-actions">
            <button
              type="button"
              className="btn"
              onClick={() => load.open(endpoint.kind === 'link' ? 'link' : 'local')}
            >
              {t('chat.empty.change')}
            </button>
          </div>
        </div>
      )}
      <p className="chat-empty-hint muted">{t('chat.empty.hint')}</p>
    </div>
  );
}
