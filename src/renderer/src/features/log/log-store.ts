// The model log: subscribe to `backend:log-lines` first, then fetch the core's
// tail. The fetched tail replaces what we held (after a reconnect the core may be
// a new process whose seq started again); lines that arrived by event while the
// fetch was in flight go on top of it, and appendLogLines drops the overlap.
import type { LogLine } from '@shared/contract';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';
import { appendLogLines, MAX_LOG_LINES } from './log-lines';

export interface LogState {
  lines: readonly LogLine[];
  error: AppError | null;
}

export interface LogStore {
  store: StoreApi<LogState>;
  start(): () => void;
  refresh(): Promise<void>;
}

export function createLogStore(api: EvaApi, max = MAX_LOG_LINES): LogStore {
  const store = createStore<LogState>()(() => ({ lines: [], error: null }));
  /** lines received by event since the newest fetch started; null when no fetch is in flight */
  let arrivedDuringFetch: LogLine[] | null = null;
  let ticket = 0;

  const refresh = async (): Promise<void> => {
    const mine = ++ticket;
    arrivedDuringFetch = [];
    const result = await api.invoke('backend:log');
    if (mine !== ticket) return;
    const arrived = arrivedDuringFetch;
    arrivedDuringFetch = null;
    if (!result.ok) return store.setState((state) => ({ ...state, error: result.error }), true);
    store.setState(
      { lines: appendLogLines(appendLogLines([], result.value.lines, max), arrived, max), error: null },
      true,
    );
  };

  return {
    store,
    start: () => {
      const off = api.on('backend:log-lines', ({ lines }) => {
        arrivedDuringFetch?.push(...lines);
        store.setState((state) => {
          const next = appendLogLines(state.lines, lines, max);
          return next === state.lines ? state : { ...state, lines: next };
        }, true);
      });
      void refresh();
      return off;
    },
    refresh,
  };
}
