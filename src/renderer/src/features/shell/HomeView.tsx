import type { BackendStatus } from '@shared/contract';
import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { ChatView } from '../chat/ChatView';
import { HistorySidebar } from '../history/HistorySidebar';
import { useChatMode, useConversation } from '../chat/use-chat-store';
import { useBackendStatus } from '../status/use-status-store';
import { useSettingsStore } from '../settings/use-settings-store';
import './shell.css';

/** The chat once there is something to talk to (or already a conversation); until then, how to get a model. */
export function HomeView() {
  const { chat } = useAppModel();
  const status = useBackendStatus();
  const { settings } = useSettingsStore();
  const { items } = useConversation();
  const [mode] = useChatMode();
  const linked = settings?.chat.endpoint.kind === 'link';
  // A screenshot (F1) or recording taken before a model is loaded must not sit unseen in a hidden composer.
  const drafted = useStore(chat.draft, (draft) => draft.attachments.length > 0);
  const showChat = linked || status?.state === 'ready' || items.length > 0 || mode === 'completion' || drafted;
  return (
    <div className="home-layout">
      <HistorySidebar />
      {showChat ? (
        <ChatView />
      ) : (
        <section className="page home">
          <IdleCard status={status} />
        </section>
      )}
    </div>
  );
}

function IdleCard({ status }: { status: BackendStatus | null }) {
  const t = useT();
  const { load, view } = useAppModel();
  const state = status?.state ?? 'stopped';
  return (
    <div className="card hero">
      <div className={`hero-mark state-${state}`} aria-hidden="true" />
      <h1>{t(`home.${state}.title`)}</h1>
      <p className="muted">{state === 'error' && status?.error ? status.error.message : t(`home.${state}.body`)}</p>
      <div className="hero-actions">
        {state !== 'starting' && (
          <button type="button" className="btn btn-primary" onClick={() => load.open('local')}>
            {t('home.loadModel')}
          </button>
        )}
        {state === 'stopped' && (
          <button type="button" className="btn" data-testid="home-link" onClick={() => load.open('link')}>
            {t('home.useLink')}
          </button>
        )}
        {(state === 'starting' || state === 'error') && (
          <button type="button" className="btn" onClick={() => view.setState('log', true)}>
            {t('home.openLog')}
          </button>
        )}
      </div>
    </div>
  );
}
