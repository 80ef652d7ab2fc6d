// The composer's "use the knowledge base" switch: a plain chat then gets the
// passages found for the question in its prompt, and their citations show here
// under the answer's request, each opening its passage in its source.
import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { CitationList, PassageDialog } from './KnowledgeCitations';
import { knowledgeStoreFor } from './knowledge-store';
import './knowledge.css';

export function KnowledgeToggle({ disabled }: { disabled: boolean }) {
  const t = useT();
  const { api, app } = useAppModel();
  const store = knowledgeStoreFor(api);
  const on = useStore(app.store, (s) => s.settings?.knowledge.useInChat ?? false);
  const citations = useStore(store.state, (s) => s.citations);
  return (
    <>
      <label className="composer-tools" title={t('knowledge.toggle.title')}>
        <input type="checkbox" data-testid="chat-knowledge-toggle" checked={on} disabled={disabled} onChange={(event) => void app.updateSettings({ knowledge: { useInChat: event.target.checked } })} />
        <span>{t('knowledge.toggle')}</span>
      </label>
      {on && citations && citations.hits.length > 0 && (
        <details className="knowledge-cited">
          <summary className="small">{t('knowledge.cited', { count: citations.hits.length })}</summary>
          <CitationList hits={citations.hits} store={store} />
        </details>
      )}
      <PassageDialog store={store} />
    </>
  );
}
