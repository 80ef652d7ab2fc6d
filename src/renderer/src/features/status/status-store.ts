// The backend status: one fetch at start, then every `backend:state` event. An
// event is always newer than a fetch that was already in flight when it came.
import type { BackendStatus } from '@shared/contract';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EvaApi, Result } from '../../platform/types';

export interface StatusStore {
  store: StoreApi<BackendStatus | null>;
  /** Subscribe and fetch; returns the unsubscribe function. */
  start(): () => void;
  refresh(): Promise<void>;
  stop(): Promise<Result<BackendStatus>>;
}

export function createStatusStore(api: EvaApi): StatusStore {
  const store = createStore<BackendStatus | null>()(() => null);
  let eventsSeen = 0;

  const refresh = async (): Promise<void> => {
    const before = eventsSeen;
    const result = await api.invoke('backend:status');
    if (result.ok && eventsSeen === before) store.setState(result.value, true);
  };

  return {
    store,
    start: () => {
      const off = api.on('backend:state', (status) => {
        eventsSeen++;
        store.setState(status, true);
      });
      void refresh();
      return off;
    },
    refresh,
    stop: () => api.invoke('backend:stop'),
  };
}
