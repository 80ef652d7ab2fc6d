import { useT } from '../../i18n';
import { useConnectionState } from './use-frame';
import './frame.css';

/** Shown in the browser host while the WebSocket is down. */
export function ConnectionBanner() {
  const t = useT();
  const state = useConnectionState();
  if (state === 'open' || state === 'expired') return null;
  return (
    <div className="connection-banner" role="status" data-testid="connection-banner" data-state={state}>
      <span className="spinner" aria-hidden="true" />
      {t(state === 'connecting' ? 'connection.connecting' : 'connection.reconnecting')}
    </div>
  );
}

/**
 * In place of the page when its address cannot reach EVA (no token, or one from an earlier start): nothing else would
 * work.
 */
export function ExpiredAddress() {
  const t = useT();
  return (
    <section className="expired-address" role="alert" data-testid="expired-address">
      <h1>{t('connection.expiredTitle')}</h1>
      <p>{t('connection.expiredText')}</p>
      <p className="muted">{t('connection.expiredHint')}</p>
    </section>
  );
}
