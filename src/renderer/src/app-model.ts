// Every store of the renderer, built around one EvaApi. Created once in main.tsx
// (never at import time) and handed to components through context.
import { createContext, useContext } from 'react';
import { createDiscoveryStore, type DiscoveryStore } from './features/backends/discovery-store';
import { createAgentStore, type AgentStore } from './features/agent/agent-store';
import { createChatStore, type ChatStore } from './features/chat/chat-store';
import { createCompletionStore, type CompletionStore } from './features/chat/completion-store';
import { createStreamFollower } from './features/chat/stream-follower';
import {
  createParametersStore as createConventionsStore,
  type ParametersStore as ConventionsStore,
} from './features/parameters/parameters-store';
import { createLinkStore, type LinkStore } from './features/link/link-store';
import { createLoadStore, type LoadStore } from './features/load/load-store';
import { createHistoryListStore, type HistoryListStore } from './features/history/history-list-store';
import { createLogStore, type LogStore } from './features/log/log-store';
import { createHotkeysStore, type HotkeysStore } from './features/hotkeys/hotkeys-store';
import { createNoticesStore, type NoticesStore } from './features/notices/notices-store';
import { createSettingsStore, type SettingsStore } from './features/settings/settings-store';
import { createStatusStore, type StatusStore } from './features/status/status-store';
import { createPoolStore, type PoolStore } from './features/pool/pool-store';
import { createToolsPanelStore, type ToolsPanelStore } from './features/tools/tools-panel-store';
import { createMcpStore, type McpStore } from './features/mcp/mcp-store';
import { createVoiceStore, type VoiceStore } from './features/voice/voice-store';
import type { ReadAloudStore } from './features/read-aloud/read-aloud-store';
import { createReadAloud } from './features/read-aloud/read-aloud-feature';
import {
  createOutboundLinkStore,
  openTabWithoutOpener,
  type OutboundLinkStore,
} from './features/outbound-links/outbound-link-store';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConnectionMonitor, ConnectionState, Platform } from './platform';

export type View =
  | 'home'
  | 'log'
  | 'mcp'
  | 'knowledge'
  | 'model-info'
  | 'workshop'
  | 'images'
  | 'compare'
  | 'local-api'
  | 'about'
  | 'settings';
/** The chat's two ways of talking: turns, or EVA's 补完 (the whole text continued in place). */
export type ChatMode = 'chat' | 'completion';

export interface AppModel {
  api: Platform;
  app: SettingsStore;
  status: StatusStore;
  /** the model pool (several models at once) and each conversation's model */
  pool: PoolStore;
  log: LogStore;
  notices: NoticesStore;
  discovery: DiscoveryStore;
  load: LoadStore;
  links: LinkStore;
  chat: ChatStore;
  completion: CompletionStore;
  conventions: ConventionsStore;
  history: HistoryListStore;
  /** agent runs: step cards and approval cards per run id */
  agent: AgentStore;
  toolsPanel: ToolsPanelStore;
  /** MCP servers: config editor and live status */
  mcp: McpStore;
  /** F1/F2 hotkeys: `hotkeys.on('record', cb)` is where features hear them */
  hotkeys: HotkeysStore;
  /** F2 voice input (whisper) and its settings panel */
  voice: VoiceStore;
  /** answers spoken with the system's voices */
  readAloud: ReadAloudStore;
  /** a clicked link waiting for the user's OK before it leaves the app */
  outboundLinks: OutboundLinkStore;
  chatMode: StoreApi<ChatMode>;
  /** which page the main area shows */
  view: StoreApi<View>;
  /** null on Electron, where IPC cannot drop */
  connection: StoreApi<ConnectionState> | null;
  /** Subscribe, fetch, and refetch after a reconnect; returns the teardown. */
  start(): () => void;
}

export function createAppModel(api: Platform): AppModel {
  const app = createSettingsStore(api);
  const status = createStatusStore(api);
  const log = createLogStore(api);
  const notices = createNoticesStore(api);
  const discovery = createDiscoveryStore(api);
  const load = createLoadStore({ api, app });
  const links = createLinkStore({ api, app });
  const follower = createStreamFollower(api);
  // Before the chat store, which drives agent runs through it.
  const agent = createAgentStore(api);
  const pool = createPoolStore(api);
  const chat = createChatStore({ api, app, status, follower, agent, pool });
  const completion = createCompletionStore({ api, app, follower });
  const conventions = createConventionsStore({
    app,
    own: chat.conventions,
    saveOwn: async (own) => {
      const id = chat.conversation.getState().id;
      if (id === null) return { ok: true, value: null };
      return api.invoke('history:set-conventions', {
        id,
        systemPrompt: own?.systemPrompt ?? '',
        sampling: own?.sampling ?? {},
      });
    },
  });
  const history = createHistoryListStore({ api, report: (error) => notices.reportError(error) });
  const toolsPanel = createToolsPanelStore({ api, app });
  const mcp = createMcpStore(api);
  const hotkeys = createHotkeysStore(api, app);
  const voice = createVoiceStore({ api, app, draft: chat.draft });
  const readAloud = createReadAloud({ api, chat, app, status, report: (error) => notices.reportError(error) });
  const outboundLinks = createOutboundLinkStore({ api, openTab: openTabWithoutOpener });
  const monitor = api.connection ?? null;
  const connection = monitor ? createStore<ConnectionState>()(() => monitor.getState()) : null;

  const refreshApp = async (): Promise<void> => {
    await app.refresh();
    const { error } = app.store.getState();
    if (error) notices.reportError(error);
  };

  const refreshAll = (): void => {
    void refreshApp();
    void status.refresh();
    void pool.refresh();
    void log.refresh();
    void chat.refreshProps();
    void discovery.refresh();
    void history.refresh();
    // Only once the MCP page has been opened: it fetches on its own when it is.
    if (mcp.store.getState().loaded) void mcp.refresh();
    void hotkeys.refresh();
  };

  return {
    api,
    app,
    status,
    pool,
    log,
    notices,
    discovery,
    load,
    links,
    chat,
    completion,
    conventions,
    history,
    agent,
    toolsPanel,
    mcp,
    hotkeys,
    voice,
    readAloud,
    outboundLinks,
    connection,
    chatMode: createStore<ChatMode>()(() => 'chat'),
    view: createStore<View>()(() => 'home'),
    start: () => {
      const stops = [
        status.start(),
        pool.begin(),
        log.start(),
        notices.start(),
        follower.start(),
        chat.start(),
        history.start(),
        agent.start(),
        mcp.start(),
        hotkeys.start(),
        voice.start(),
        readAloud.start(),
        watchConnection(monitor, connection, refreshAll),
      ];
      void refreshApp();
      void discovery.refresh();
      return () => {
        for (const stop of stops) stop();
        load.dispose();
      };
    },
  };
}

/** Events sent while the socket was down are lost, so a reconnect refetches everything. */
function watchConnection(
  monitor: ConnectionMonitor | null,
  store: StoreApi<ConnectionState> | null,
  refreshAll: () => void,
): () => void {
  if (!monitor || !store) return () => {};
  let wasDown = false;
  const stop = monitor.onChange((state) => {
    store.setState(state, true);
    if (state === 'reconnecting') wasDown = true;
    if (state === 'open' && wasDown) refreshAll();
  });
  // The socket may have opened between creating the store and subscribing here (React effects run late).
  store.setState(monitor.getState(), true);
  return stop;
}

export const AppModelContext = createContext<AppModel | null>(null);

export function useAppModel(): AppModel {
  const model = useContext(AppModelContext);
  if (!model) throw new Error('useAppModel outside <AppModelContext.Provider>');
  return model;
}
