// The conversation: what was said, the answer streaming now, and the actions
// on both. Free of React; the view subscribes to three stores so that a frame
// of streamed tokens wakes only the streaming row (`live`), while the list
// (`conversation`) changes only when a message is added or ends.
import { createHeldEndpoint } from './held-endpoint';
import type { ChatStore, ConversationModels, Draft, LiveAnswer } from './chat-store-types';

export type { ChatStore, Draft, LiveAnswer } from './chat-store-types';
import { createServerPropsFollower } from './server-props-follower';
import { newId as defaultNewId } from '../../lib/new-id';
import { createStore } from 'zustand/vanilla';
import type { EvaApi } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import type { StatusStore } from '../status/status-store';
import type { SendRefusal } from './tools-fit';
import type { ToolSelection } from '@shared/tools/tool-selection';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import type { StructuredOutput } from '@shared/chat/structured-output';
import type { PageSummary } from './summaries';
import { EMPTY_CONVERSATION, type ConversationState } from './conversation';
import { siblingPosition } from './branches';
import { createConversationConventions } from './conversation-conventions';
import { storageLastOpened, type LastOpened } from './saved-conversation';
import { keepDrafts } from './composer-drafts';
import type { AgentStore } from '../agent/agent-store';
import type { StreamFollower } from './stream-follower';
import { createStopRequest } from './stop-request';
import { createConversationLoader } from './conversation-loader';
import { createSendActions } from './send-message';
import { startReadAhead } from './read-ahead';
import type { Timers } from '../../lib/timers';

export interface ChatStoreDeps {
  api: EvaApi;
  app: SettingsStore;
  status: StatusStore;
  follower: StreamFollower;
  newId?: () => string;
  /** wait between repeated stop calls */
  sleep?: (ms: number) => Promise<void>;
  /** remembers which conversation was open, so a reload shows it again */
  lastOpened?: LastOpened;
  /** where each conversation's draft text is kept across reloads (default: localStorage; null: memory only) */
  draftStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** agent runs (step and approval cards); without it, tools are never used */
  agent?: AgentStore;
  /**
   * the model pool: which of its models answers a conversation; `remember` keeps a conversation's model unless one was
   * picked
   */
  pool?: ConversationModels;
  /** the read-ahead's pause (read-ahead.ts) */
  timers?: Timers;
}

export function createChatStore({
  api,
  app,
  status,
  follower,
  newId = defaultNewId,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  lastOpened = storageLastOpened(),
  draftStorage,
  agent,
  pool,
  timers,
}: ChatStoreDeps): ChatStore {
  const conversation = createStore<ConversationState>()(() => EMPTY_CONVERSATION);
  const live = createStore<LiveAnswer | null>()(() => null);
  const draft = createStore<Draft>()(() => ({ text: '', attachments: [] }));
  keepDrafts({ draft, conversation, storage: draftStorage });
  const serverProps = createServerPropsFollower({ api, app, status });
  const { props, refresh: refreshProps } = serverProps;
  const focus = createStore<string | null>()(() => null);
  const composerFocus = createStore<number>()(() => 0);
  const focusComposer = (): void => composerFocus.setState((n) => n + 1, true);
  const useTools = createStore<boolean>()(() => false);
  const conversationTools = createStore<readonly string[]>()(() => []);
  const heldEndpoint = createHeldEndpoint(app);
  /** request ids that are agent runs (Stop goes to `agent:stop`) */
  const runs = new Set<string>();
  /** the open conversation's own system prompt and sampling (never written to the global settings) */
  const held = createConversationConventions();
  const overflow = createStore<OverflowPolicy | null>()(() => null);
  const contextRefusal = createStore<SendRefusal | null>()(() => null);
  const toolSelection = createStore<ToolSelection | null>()(() => null);
  const structuredOutput = createStore<StructuredOutput | null>()(() => null);
  const summaries = createStore<readonly PageSummary[]>()(() => []);
  const stopRequest = createStopRequest({ api, agent, runs, conversation, sleep });
  // What loading a conversation and sending in it both work on.
  const shared = {
    api,
    app,
    follower,
    lastOpened,
    agent,
    pool,
    runs,
    conversation,
    live,
    conventions: held,
    overflow,
    toolSelection,
    structuredOutput,
    contextRefusal,
    conversationTools,
    useTools,
    summaries,
  };
  const { load, leave, cancelLoads, followEnded } = createConversationLoader({ ...shared, stopRequest, heldEndpoint });
  const sendActions = createSendActions({ ...shared, status, newId, props, draft });

  return {
    conversation,
    draft,
    live,
    props,
    start: () => {
      const offProps = serverProps.start();
      const offHeld = heldEndpoint.start();
      const offEnded = followEnded();
      const offReadAhead = startReadAhead({
        api,
        app,
        draft,
        conversation,
        props,
        conventions: held,
        useTools,
        conversationTools: agent ? conversationTools : undefined,
        toolSelection,
        overflow,
        pool,
        timers,
      });
      const off = (): void => {
        offProps();
        offHeld();
        offEnded();
        offReadAhead();
      };
      const last = lastOpened.get();
      if (last !== null && conversation.getState().id === null && conversation.getState().items.length === 0)
        void load(last);
      return off;
    },
    stop: async () => {
      const requestId = conversation.getState().activeRequestId;
      if (requestId !== null) await stopRequest(requestId);
    },
    ...sendActions,
    clear: () => {
      const { activeRequestId: requestId, id: leaving } = conversation.getState();
      if (requestId !== null) void leave(requestId);
      // The core saves the conversation's slot now, while the user types the new one's first question.
      if (leaving !== null) void api.invoke('history:leave');
      cancelLoads();
      focus.setState(null, true);
      conversationTools.setState([], true);
      held.setState(null, true);
      overflow.setState(null, true);
      toolSelection.setState(null, true);
      structuredOutput.setState(null, true);
      contextRefusal.setState(null, true);
      summaries.setState([], true);
      heldEndpoint.forget();
      conversation.setState(EMPTY_CONVERSATION, true);
      live.setState(null, true);
      lastOpened.set(null);
      focusComposer();
    },
    open: async (conversationId, messageId) => {
      const requestId = conversation.getState().activeRequestId;
      if (requestId !== null) await leave(requestId);
      // A hit in another branch: show that branch.
      if (messageId !== undefined) await api.invoke('history:select-branch', { conversationId, messageId });
      const opened = await load(conversationId, true);
      focus.setState(
        opened && messageId !== undefined && conversation.getState().items.some((item) => item.id === messageId)
          ? messageId
          : null,
        true,
      );
      if (opened) focusComposer();
      return opened;
    },
    focus,
    composerFocus,
    heldEndpoint,
    conventions: held,
    useTools,
    conversationTools,
    switchBranch: async (itemId, step) => {
      const state = conversation.getState();
      const item = state.items.find((candidate) => candidate.id === itemId);
      if (!item || state.id === null || state.activeRequestId !== null) return false;
      const position = siblingPosition(state.branches, item.parentId, item.id);
      const target = position?.ids[position.index + step];
      if (target === undefined) return false;
      const selected = await api.invoke('history:select-branch', { conversationId: state.id, messageId: target });
      return selected.ok ? load(state.id) : false;
    },
    refreshProps,
    overflow,
    contextRefusal,
    toolSelection,
    structuredOutput,
    summaries,
  };
}
