import { useEffect } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { copyText } from '../../lib/copy-text';
import { useStore } from 'zustand';
import { Dialog } from '../../ui/Dialog';
import './outbound-links.css';

/**
 * Catches every click on a link anywhere in the page (answers, tool output, notices),
 * before the browser follows it, and asks first. One listener in the capture phase,
 * so no renderer of links can forget it; middle clicks too.
 */
export function OutboundLinkLayer() {
  const { outboundLinks } = useAppModel();
  useEffect(() => {
    const onClick = (event: MouseEvent): void => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const href = anchor?.getAttribute('href');
      if (!anchor || href === null || href === undefined || href.startsWith('#') || isOwnSave(anchor, href)) return;
      event.preventDefault();
      event.stopPropagation();
      outboundLinks.request(href);
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('auxclick', onClick, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('auxclick', onClick, true);
    };
  }, [outboundLinks]);
  return <OutboundLinkDialog />;
}

/**
 * A file the page itself is saving (an export, a tool's image): a blob: URL only this page can have made, with a
 * download name.
 */
export function isOwnSave(anchor: Element, href: string): boolean {
  return anchor.hasAttribute('download') && href.startsWith('blob:');
}

function OutboundLinkDialog() {
  const t = useT();
  const { outboundLinks } = useAppModel();
  const state = useStore(outboundLinks.store);
  if (state.kind === 'idle') return null;
  const shown = state.kind === 'confirm' ? state.link.shown : state.kind === 'refused' ? state.href : state.url;
  const copyValue = state.kind === 'confirm' ? state.link.url : shown;

  // Cancel has the focus: Enter alone never opens a link. Tab stays in the dialog.
  return (
    <Dialog
      alert
      className="link-dialog"
      testId="link-dialog"
      kind={state.kind}
      titleId="link-dialog-title"
      title={
        state.kind === 'confirm'
          ? t('link.open.title')
          : state.kind === 'refused'
            ? t('link.open.refusedTitle')
            : t('link.open.failedTitle')
      }
      describedBy="link-dialog-url"
      initialFocus='[data-testid="link-dialog-cancel"]'
      onDismiss={() => outboundLinks.dismiss()}
      footer={
        <>
          <button type="button" className="btn" data-testid="link-dialog-copy" onClick={() => void copyText(copyValue)}>
            {t('link.open.copy')}
          </button>
          <div className="dialog-actions">
            <button
              type="button"
              className="btn"
              data-testid="link-dialog-cancel"
              onClick={() => outboundLinks.dismiss()}
            >
              {state.kind === 'confirm' ? t('common.cancel') : t('common.close')}
            </button>
            {state.kind === 'confirm' && (
              <button
                type="button"
                className="btn btn-primary"
                data-testid="link-dialog-open"
                onClick={() => void outboundLinks.confirm()}
              >
                {t(state.link.scheme === 'mailto:' ? 'link.open.openMail' : 'link.open.openBrowser')}
              </button>
            )}
          </div>
        </>
      }
    >
      {state.kind === 'confirm' && (
        <p className="link-destination">
          {t(state.link.scheme === 'mailto:' ? 'link.open.mailTo' : 'link.open.goesTo')}{' '}
          <strong data-testid="link-dialog-destination">{state.link.destination}</strong>
        </p>
      )}
      <p className="link-url mono" id="link-dialog-url" data-testid="link-dialog-url">
        {shown}
      </p>
      {state.kind === 'confirm' && state.link.hasCredentials && (
        <p className="warning-box" role="note" data-testid="link-dialog-credentials">
          {t('link.open.credentials', { host: state.link.destination })}
        </p>
      )}
      {state.kind === 'confirm' && /(^|\.)xn--/.test(state.link.destination) && (
        <p className="warning-box" role="note" data-testid="link-dialog-idn">
          {t('link.open.idn')}
        </p>
      )}
      {state.kind === 'refused' && (
        <p data-testid="link-dialog-reason">{t('link.open.refused', { reason: state.reason })}</p>
      )}
      {state.kind === 'failed' && <p data-testid="link-dialog-reason">{state.error.message}</p>}
    </Dialog>
  );
}
