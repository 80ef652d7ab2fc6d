import type { UrlPreview } from '@shared/tools/agent/agent-types';
import { useT } from '../../i18n';
import { RevealedText } from './RevealedText';

/**
 * The URL a web_fetch call will request, all of it with invisible characters as codes, and its real host: the ASCII
 * form the request uses, with the decoded international name beside it, so a look-alike name shows what it is.
 */
export function FetchUrlPreview({ url }: { url: UrlPreview }) {
  const t = useT();
  return (
    <>
      <p className="approval-label">{t('agent.approval.url')}</p>
      <pre className="approval-command" dir="ltr" data-testid="approval-url">
        <RevealedText text={url.href} markNewlines={false} />
      </pre>
      <p className="approval-host" data-testid="approval-host">
        <span className="approval-label">{t('agent.approval.host')}</span>{' '}
        <bdo dir="ltr" className="mono">
          {url.host}
        </bdo>
        {url.unicodeHost !== null && (
          <>
            {' '}
            <bdo dir="ltr" className="mono" data-testid="approval-host-unicode">
              ({url.unicodeHost})
            </bdo>
          </>
        )}
      </p>
      {url.unicodeHost !== null && (
        <p className="approval-note" role="note" data-testid="approval-idn">
          {t('agent.approval.idnHost')}
        </p>
      )}
      {url.refusal !== null && (
        <p className="approval-note" role="note" data-testid="approval-url-refused">
          {t('agent.approval.urlRefused', { reason: url.refusal })}
        </p>
      )}
    </>
  );
}
