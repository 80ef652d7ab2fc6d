// The model pool on the page: its status (one fetch, then every `pool:state`),
// the model each conversation answers with, and the pool's start and stop.
// Picking a model loads it at once, so the first question does not wait.
import type { PoolSettings } from '@shared/pool/pool-settings';
import type { PoolStatus } from '@shared/pool/pool-types';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EvaApi, Result } from '../../platform/types';
import { NEW_CONVERSATION, poolModelFor, type PoolChoices } from './pool-choice';

export interface PoolStore {
  status: StoreApi<PoolStatus | null>;
  choices: StoreApi<PoolChoices>;
  /** the pool model a conversation answers with; null when no pool runs */
  modelFor(conversationId: string | null): string | null;
  /**
   * keeps `model` as the conversation's (its saved one, or the one a new conversation was created with) unless one was
   * picked for it
   */
  remember(conversationId: string, model: string): void;
  /** picks `id` for the conversation and loads it now */
  pick(conversationId: string | null, id: string): Promise<Result<PoolStatus>>;
  start(settings: PoolSettings): Promise<Result<PoolStatus>>;
  stop(): Promise<Result<PoolStatus>>;
  unload(id: string): Promise<Result<PoolStatus>>;
  /** Subscribe and fetch; returns the unsubscribe function. */
  begin(): () => void;
  /** Fetch again (after a reconnect, when events sent meanwhile were lost). */
  refresh(): Promise<void>;
}

export function createPoolStore(api: EvaApi): PoolStore {
  const status = createStore<PoolStatus | null>()(() => null);
  const choices = createStore<PoolChoices>()(() => ({ byConversation: {}, lastPicked: null }));
  let eventsSeen = 0;
  // An event is always newer than a fetch that was already in flight when it came.
  const refresh = async (): Promise<void> => {
    const before = eventsSeen;
    const result = await api.invoke('pool:status');
    if (result.ok && eventsSeen === before) status.setState(result.value, true);
  };
  const settle = (result: Result<PoolStatus>) => {
    if (result.ok) status.setState(result.value, true);
    return result;
  };
  return {
    status,
    choices,
    modelFor: (conversationId) => poolModelFor(status.getState(), choices.getState(), conversationId),
    remember: (conversationId, model) => {
      if (choices.getState().byConversation[conversationId]) return;
      choices.setState(
        (current) => ({ ...current, byConversation: { ...current.byConversation, [conversationId]: model } }),
        true,
      );
    },
    pick: async (conversationId, id) => {
      choices.setState(
        (current) => ({
          byConversation: { ...current.byConversation, [conversationId ?? NEW_CONVERSATION]: id },
          lastPicked: id,
        }),
        true,
      );
      return settle(await api.invoke('pool:use', { id }));
    },
    start: async (settings) => settle(await api.invoke('pool:start', settings)),
    stop: async () => settle(await api.invoke('pool:stop')),
    unload: async (id) => settle(await api.invoke('pool:unload', { id })),
    begin: () => {
      const off = api.on('pool:state', (next) => {
        eventsSeen++;
        status.setState(next, true);
      });
      void refresh();
      return off;
    },
    refresh,
  };
}
