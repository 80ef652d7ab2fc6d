// The conversation: what was said, the answer streaming now, and the actions
// on both. Free of React; the view subscribes to three stores so that a frame
// of streamed tokens wakes only the streaming row (`live`), while the list
// (`conversation`) changes only when a message is added or ends.
import { initialStreamingMessage } from '../../../../shared/chat/stream-reducer';
import type { ContentPart, StreamingMessage } from '../../../../shared/chat/types';
import type { ServerProps } from '../../../../shared/contract';
import { newId as defaultNewId } from '../../lib/new-id';
import { createStore, type Store } from '../../lib/store';
import type { EvaApi } from '../../platform/types';
import type { AppStore } from '../shell/app-store';
import type { StatusStore } from '../status/status-store';
import type { Attachment } from './attachments';
import type { TokenCounter } from './chat-stats';
import { planChatRequest } from './chat-request';
import {
  answerFromResult,
  EMPTY_CONVERSATION,
  endpointKey,
  failedAnswer,
  itemsBefore,
  lastAnswer,
  newAnswerItem,
  settleAnswer,
  type ChatItem,
  type ConversationState,
} from './conversation';
import type { StreamFollower } from './stream-follower';

/** The answer being streamed, updated once per frame. */
export interface LiveAnswer {
  itemId: string;
  requestId: string;
  message: StreamingMessage;
  counter: TokenCounter;
}

/** What the user is writing; kept here so it survives a visit to another page. */
export interface Draft {
  text: string;
  attachments: readonly Attachment[];
}

export interface ChatStore {
  conversation: Store<ConversationState>;
  draft: Store<Draft>;
  live: Store<LiveAnswer | null>;
  /** what the local server says about itself; null when none is ready */
  props: Store<ServerProps | null>;
  /** follow the backend status to keep `props` current; returns the teardown (the follower is started by its owner) */
  start(): () => void;
  /** false when a request is already running or there is nothing to send */
  send(content: string | ContentPart[]): Promise<boolean>;
  stop(): Promise<void>;
  /** ask again for the last answer */
  regenerate(): Promise<boolean>;
  /** replace a user message and everything after it, and ask again */
  editAndResend(itemId: string, content: string | ContentPart[]): Promise<boolean>;
  /** a new, empty conversation (a running answer is stopped) */
  clear(): void;
  refreshProps(): Promise<void>;
}

export interface ChatStoreDeps {
  api: EvaApi;
  app: AppStore;
  status: StatusStore;
  follower: StreamFollower;
  newId?: () => string;
  /** wait between repeated stop calls */
  sleep?: (ms: number) => Promise<void>;
}

const STOP_RETRY_MS = 100;
const STOP_RETRIES = 30;

export function createChatStore({ api, app, status, follower, newId = defaultNewId, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }: ChatStoreDeps): ChatStore {
  const conversation = createStore<ConversationState>(EMPTY_CONVERSATION);
  const live = createStore<LiveAnswer | null>(null);
  const draft = createStore<Draft>({ text: '', attachments: [] });
  const props = createStore<ServerProps | null>(null);
  let propsTicket = 0;

  const refreshProps = async (): Promise<void> => {
    const ticket = ++propsTicket;
    const result = await api.invoke('chat:props');
    if (ticket === propsTicket) props.set(result.ok ? result.value : null);
  };

  const ask = async (history: readonly ChatItem[]): Promise<boolean> => {
    const settings = app.store.get().settings;
    const state = conversation.get();
    if (!settings || state.activeRequestId !== null) return false;
    const chat = settings.chat;
    const requestId = newId();
    const nCtx = chat.endpoint.kind === 'local' ? (props.get()?.nCtx ?? 0) || null : null;
    const plan = planChatRequest({ requestId, history, chat, nCtx, slot: state.slot });
    const item = newAnswerItem(newId(), requestId, plan.dropped, nCtx);
    conversation.set({ ...state, items: [...history, item], activeRequestId: requestId });
    const follow = follower.follow(requestId, (snapshot) => live.set((current) => (current?.requestId === requestId ? { ...current, ...snapshot } : current)));
    live.set({ itemId: item.id, requestId, message: initialStreamingMessage(), counter: item.counter });

    const result = await api.invoke('chat:send', plan.input);
    const final = follow.finish();
    const answer = result.ok ? answerFromResult(result.value) : failedAnswer(final.message, result.error);
    const key = endpointKey(chat.endpoint);
    conversation.set((current) => ({
      items: settleAnswer(current.items, requestId, answer, final.counter),
      activeRequestId: current.activeRequestId === requestId ? null : current.activeRequestId,
      slot: answer.slotId !== null ? { endpointKey: key, slotId: answer.slotId } : current.slot,
    }));
    live.set((current) => (current?.requestId === requestId ? null : current));
    return true;
  };

  /** The core registers a request only once it has resolved the endpoint; a stop before that finds nothing, so ask again. */
  const stopRequest = async (requestId: string): Promise<void> => {
    for (let attempt = 0; attempt < STOP_RETRIES; attempt++) {
      const result = await api.invoke('chat:stop', { requestId });
      if (!result.ok || result.value.stopped || conversation.get().activeRequestId !== requestId) return;
      await sleep(STOP_RETRY_MS);
      if (conversation.get().activeRequestId !== requestId) return;
    }
  };

  return {
    conversation,
    draft,
    live,
    props,
    start: () => {
      let readyModel: string | null = null;
      const onStatus = (): void => {
        const current = status.store.get();
        const model = current?.state === 'ready' ? (current.model?.path ?? '') : null;
        if (model === readyModel) return;
        readyModel = model;
        if (model === null) {
          propsTicket++;
          props.set(null);
        } else void refreshProps();
      };
      const off = status.store.subscribe(onStatus);
      onStatus();
      return off;
    },
    send: (content) => {
      if (typeof content === 'string' ? content.trim() === '' : content.length === 0) return Promise.resolve(false);
      if (conversation.get().activeRequestId !== null) return Promise.resolve(false);
      return ask([...conversation.get().items, { kind: 'user', id: newId(), content }]);
    },
    stop: async () => {
      const requestId = conversation.get().activeRequestId;
      if (requestId !== null) await stopRequest(requestId);
    },
    regenerate: () => {
      const { items } = conversation.get();
      const last = lastAnswer(items);
      return last ? ask(itemsBefore(items, last.id)) : Promise.resolve(false);
    },
    editAndResend: (itemId, content) => {
      const { items, activeRequestId } = conversation.get();
      const target = items.find((item) => item.id === itemId);
      if (target?.kind !== 'user' || activeRequestId !== null) return Promise.resolve(false);
      return ask([...itemsBefore(items, itemId), { kind: 'user', id: newId(), content }]);
    },
    clear: () => {
      const requestId = conversation.get().activeRequestId;
      if (requestId !== null) void stopRequest(requestId);
      conversation.set(EMPTY_CONVERSATION);
      live.set(null);
    },
    refreshProps,
  };
}
