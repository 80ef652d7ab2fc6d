import { useT } from '../../i18n';
import { useConnectionState } from './use-shell';
import './shell.css';

/** Shown in the browser host while the WebSocket is down. */
export function ConnectionBanner() {
  const t = useT();
  const state = useConnectionState();
  if (state === 'open') return null;
  return (
    <div className="connection-banner" role="status" data-testid="connection-banner" data-state={state}>
      <span className="spinner" aria-hidden="true" />
      {t(state === 'connecting' ? 'connection.connecting' : 'connection.reconnecting')}
    </div>
  );
}
