// The Local API page: EVA as an OpenAI-compatible server for the user's other
// programs. Its state and address, its settings, the keys programs use, the
// requests they made, and examples to copy with a Test that asks the server.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { AppErrorLine } from '../../ui/AppErrorLine';
import { CreatedKeyDialog } from './CreatedKeyDialog';
import { LocalApiKeys } from './LocalApiKeys';
import { LocalApiLog } from './LocalApiLog';
import { LocalApiSettingsPanel } from './LocalApiSettingsPanel';
import { LocalApiSnippets } from './LocalApiSnippets';
import { LocalApiStatusPanel } from './LocalApiStatusPanel';
import { LogEntryDialog } from './LogEntryDialog';
import { useLocalApi } from './use-local-api';
import './local-api.css';

export function LocalApiView() {
  const t = useT();
  const store = useLocalApi();
  const error = useStore(store.state, (s) => s.error);
  const loaded = useStore(store.state, (s) => s.status !== null);
  useEffect(() => void store.refresh(), [store]);
  return (
    <div className="page local-api-page" data-testid="local-api-page">
      <h1>{t('localApi.title')}</h1>
      <p className="muted">{t('localApi.intro')}</p>
      {error && <AppErrorLine error={error} testId="local-api-error" />}
      {loaded && (
        <>
          <LocalApiStatusPanel store={store} />
          <section className="card local-api-section" aria-labelledby="local-api-snippets-title">
            <h2 id="local-api-snippets-title">{t('localApi.snippets')}</h2>
            <LocalApiSnippets store={store} apiKey={null} scope="local-api" />
          </section>
          <LocalApiKeys store={store} />
          <LocalApiLog store={store} />
          <LocalApiSettingsPanel store={store} />
        </>
      )}
      <CreatedKeyDialog store={store} />
      <LogEntryDialog store={store} />
    </div>
  );
}
