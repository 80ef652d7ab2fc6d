import { memo } from 'react';
// The composer's "use the knowledge base" switch: a plain chat then gets the
// passages found for the question in its prompt, and its answer shows them as
// citations (AnswerCitations). The passage a citation opens is shown here, once
// for the whole chat, answers and step cards alike.
import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { PassageDialog } from './KnowledgeCitations';
import { knowledgeStoreFor } from './knowledge-store';
import './knowledge.css';

export const KnowledgeToggle = memo(function KnowledgeToggle({ disabled }: { disabled: boolean }) {
  const t = useT();
  const { api, app } = useAppModel();
  const store = knowledgeStoreFor(api);
  const on = useStore(app.store, (s) => s.settings?.knowledge.useInChat ?? false);
  return (
    <>
      <label className="composer-tools" title={t('knowledge.toggle.title')}>
        <input
          type="checkbox"
          data-testid="chat-knowledge-toggle"
          checked={on}
          disabled={disabled}
          onChange={(event) => void app.updateSettings({ knowledge: { useInChat: event.target.checked } })}
        />
        <span>{t('knowledge.toggle')}</span>
      </label>
      <PassageDialog store={store} />
    </>
  );
});
