import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { BackendStatus } from '@shared/contract';
import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { trapFocus } from '../../ui/focus-trap';
import { AppErrorLine } from '../../ui/AppErrorLine';
import { ChatView } from '../chat/ChatView';
import { HistorySidebar } from '../history/HistorySidebar';
import { useChatMode } from '../chat/use-chat-store';
import { useBackendStatus } from '../status/use-status-store';
import { useSettingsStore } from '../settings/use-settings-store';
import { HISTORY_SIDEBAR_ID, useSidebar } from './SidebarProvider';
import type { SidebarModel } from './sidebar-store';
import './frame.css';
import { isModShortcut } from '../../lib/mod-shortcut';

/** The chat once there is something to talk to (or already a conversation); until then, how to get a model. */
export function HomeView() {
  const { chat, pool } = useAppModel();
  const status = useBackendStatus();
  const { settings } = useSettingsStore();
  // Only whether there is a conversation: the whole page below re-rendered with every question sent.
  const hasItems = useStore(chat.conversation, (conversation) => conversation.items.length > 0);
  const [mode] = useChatMode();
  const linked = settings?.chat.endpoint.kind === 'link';
  // A screenshot (F1) or recording taken before a model is loaded must not sit unseen in a hidden composer.
  const drafted = useStore(chat.draft, (draft) => draft.attachments.length > 0);
  const pooled = useStore(pool.status, (state) => state?.state === 'ready');
  const showChat = linked || pooled || status?.state === 'ready' || hasItems || mode === 'completion' || drafted;
  const { model: sidebar, mode: sidebarMode } = useSidebar();
  useSidebarHotkey(sidebar);
  return (
    <div className="home-layout">
      {sidebarMode === 'docked' && <HistorySidebar id={HISTORY_SIDEBAR_ID} />}
      {sidebarMode === 'overlay' && <HistoryOverlay onClose={() => sidebar.closeOverlay()} />}
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

/** Ctrl+B (⌘B on a Mac) shows and hides the history, on the home page where it lives. */
function useSidebarHotkey(sidebar: SidebarModel): void {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent): void => {
      if (!isModShortcut(event, 'b')) return;
      event.preventDefault();
      sidebar.toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [sidebar]);
}

/**
 * The history over the chat on a narrow window: a modal drawer that holds Tab, closes on
 * Esc, a click beside it or once a conversation is opened, and gives the focus back.
 * trapFocus is used without its own Esc, which would take the key from the row menu and
 * the rename box inside: those handle their Esc first and stop it there.
 */
function HistoryOverlay({ onClose }: { onClose: () => void }) {
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = layer.current;
    if (!container) return;
    return trapFocus(container, {
      initialFocus: container.querySelector<HTMLElement>('[data-testid="history-search"]'),
    });
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };
  return (
    <div className="history-layer" ref={layer} onKeyDown={onKeyDown} data-testid="history-overlay">
      <div className="history-backdrop" aria-hidden="true" onClick={onClose} />
      <HistorySidebar id={HISTORY_SIDEBAR_ID} overlay onOpened={onClose} />
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
      {state === 'error' && status?.error ? (
        <AppErrorLine error={status.error} className="muted" testId="home-error" />
      ) : (
        <p className="muted">{t(`home.${state}.body`)}</p>
      )}
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
