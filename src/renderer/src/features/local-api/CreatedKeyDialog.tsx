// The one time a key's secret is shown: right after it is made, with a copy
// button, the sentence that it will not be shown again, the examples filled
// with it and a Test with it. Closing the dialog forgets the secret here too.
import { useRef } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { useFocusTrap } from '../../ui/use-focus-trap';
import { CopyButton } from './LocalApiParts';
import { LocalApiSnippets } from './LocalApiSnippets';
import type { LocalApiStore } from './local-api-store';

export function CreatedKeyDialog({ store }: { store: LocalApiStore }) {
  const t = useT();
  const created = useStore(store.state, (s) => s.created);
  const dialog = useRef<HTMLDivElement>(null);
  // Escape does not close it: a stray key press would lose a secret that is never shown again. Its button does.
  useFocusTrap(dialog, created !== null, () => undefined, '[data-testid="local-api-secret-copy"]');
  if (!created) return null;
  return (
    <div className="overlay">
      <div
        className="dialog local-api-dialog"
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="local-api-secret-title"
        aria-describedby="local-api-secret-once"
        data-testid="local-api-secret-dialog"
      >
        <div className="dialog-head">
          <h2 id="local-api-secret-title">{t('localApi.secretTitle', { name: created.key.name })}</h2>
        </div>
        <div className="dialog-body local-api-dialog-body">
          <div className="local-api-row local-api-secret">
            <code className="mono" data-testid="local-api-secret">
              {created.secret}
            </code>
            <CopyButton text={created.secret} label={t('localApi.copySecret')} testId="local-api-secret-copy" />
          </div>
          <p className="warning-box" id="local-api-secret-once" data-testid="local-api-secret-once">
            {t('localApi.secretOnce')}
          </p>
          <h3 className="local-api-subhead">{t('localApi.snippets')}</h3>
          <LocalApiSnippets store={store} apiKey={created.secret} scope="local-api-dialog" />
        </div>
        <div className="dialog-foot">
          <span />
          <button
            type="button"
            className="btn btn-primary"
            data-testid="local-api-secret-done"
            onClick={() => store.closeCreated()}
          >
            {t('localApi.secretDone')}
          </button>
        </div>
      </div>
    </div>
  );
}
