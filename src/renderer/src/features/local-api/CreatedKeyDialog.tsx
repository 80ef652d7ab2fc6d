// The one time a key's secret is shown: right after it is made, with a copy
// button, the sentence that it will not be shown again, the examples filled
// with it and a Test with it. Closing the dialog forgets the secret here too.
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { Dialog } from '../../ui/Dialog';
import { CopyButton } from './LocalApiParts';
import { LocalApiSnippets } from './LocalApiSnippets';
import type { LocalApiStore } from './local-api-store';

export function CreatedKeyDialog({ store }: { store: LocalApiStore }) {
  const t = useT();
  const created = useStore(store.state, (s) => s.created);
  if (!created) return null;
  // No onDismiss: a stray Escape or click beside it would lose a secret that is never shown again. Its button does.
  return (
    <Dialog
      className="local-api-dialog"
      bodyClassName="local-api-dialog-body"
      testId="local-api-secret-dialog"
      titleId="local-api-secret-title"
      title={t('localApi.secretTitle', { name: created.key.name })}
      describedBy="local-api-secret-once"
      initialFocus='[data-testid="local-api-secret-copy"]'
      footer={
        <>
          <span />
          <button
            type="button"
            className="btn btn-primary"
            data-testid="local-api-secret-done"
            onClick={() => store.closeCreated()}
          >
            {t('localApi.secretDone')}
          </button>
        </>
      }
    >
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
    </Dialog>
  );
}
