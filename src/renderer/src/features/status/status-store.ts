// The backend status: one fetch at start, then every `backend:state` event. An
// event is always newer than a fetch that was already in flight when it came.
import type { BackendStatus } from '@shared/contract';
import { createStore, type Store } from '../../lib/store';
import type { EvaApi, Result } from '../../platform/types';

export interface StatusStore {
  store: Store<BackendStatus | null>;
  /** Subscribe and fetch; returns the unsubscribe function. */
  start(): () => void;
  refresh(): Promise<void>;
  stop(): Promise<Result<BackendStatus>>;
}

export function createStatusStore(api: EvaApi): StatusStore {
  const store = createStore<BackendStatus | null>(null);
  let eventsSeen = 0;

  const refresh = async (): Promise<void> => {
    const before = eventsSeen;
    const result = await api.invoke('backend:status');
    if (result.ok && eventsSeen === before) store.set(result.value);
  };

  return {
    store,
    start: () => {
      const off = api.on('backend:state', (status) => {
        eventsSeen++;
        store.set(status);
      });
      void refresh();
      return off;
    },
    refresh,
    stop: () => api.invoke('backend:stop'),
  };
}
