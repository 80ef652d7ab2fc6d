import { useT } from '../../i18n';
import type { LinkStatusView } from './link-view';

/** The status bar while the chat uses a link: the endpoint in use, not the local server's last state. */
export function LinkStatusBar({ link }: { link: LinkStatusView }) {
  const t = useT();
  return (
    <footer className="statusbar" data-testid="status-link">
      <span
        className="seg seg-state"
        data-testid="status-state"
        data-state={link.kind === 'link' ? 'link' : 'missing'}
        title={t('status.link.title')}
      >
        <span className={`dot state-${link.kind === 'link' ? 'ready' : 'error'}`} aria-hidden="true" />
        <span role="status">{link.kind === 'link' ? t('status.link.state') : t('status.link.missing')}</span>
      </span>
      {link.kind === 'link' && (
        <>
          <span className="seg" data-testid="status-link-name">
            {link.name}
          </span>
          {link.model !== '' && (
            <span className="seg seg-model" data-testid="status-model" title={t('status.model')}>
              {link.model}
            </span>
          )}
          <span className="seg mono" data-testid="status-port">
            {link.host}
          </span>
        </>
      )}
    </footer>
  );
}
