// The Model info page's state: which file it shows (the loaded model until the
// user picks another), that file's summary, the page of tensors and of vocabulary
// the core found for the current searches, and the local server's /props and
// /slots, polled while the page is open. Logic without React; one store per platform.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError } from '@shared/errors';
import type { LiveServer, ModelInfo, SearchPage, TensorRow, VocabToken } from '@shared/model-info/model-info-types';
import type { EvaApi, Result } from '../../platform/types';

/** Rows a tensor or vocabulary page shows. */
export const PAGE_ROWS = 50;
/** How often the live view asks the server: often enough to watch a slot fill, rare enough to cost nothing. */
export const LIVE_POLL_MS = 1500;

/** A search through a list the core keeps: the query, and the page it answered. */
export interface SearchState<T> {
  query: string;
  offset: number;
  page: SearchPage<T> | null;
  error: AppError | null;
}

export interface ModelInfoState {
  /** the file the user picked; null follows the loaded model */
  picked: string | null;
  /** the file shown (picked, or the loaded model's) */
  path: string | null;
  info: ModelInfo | null;
  loading: boolean;
  error: AppError | null;
  tensors: SearchState<TensorRow>;
  vocab: SearchState<VocabToken> & { special: boolean };
  live: LiveServer | null;
  liveError: AppError | null;
}

export interface ModelInfoStore {
  state: StoreApi<ModelInfoState>;
  /** Show the file the user picked (null: the loaded model again). */
  pick(path: string | null): void;
  /** The loaded model's path changed (null: none loaded); shown unless the user picked a file. */
  setLoaded(path: string | null): void;
  searchTensors(query: string): Promise<void>;
  tensorPage(offset: number): Promise<void>;
  searchVocab(query: string, special?: boolean): Promise<void>;
  vocabPage(offset: number): Promise<void>;
  /** Poll the live server every LIVE_POLL_MS until the returned stop is called. */
  watchLive(): () => void;
}

const emptySearch = <T>(): SearchState<T> => ({ query: '', offset: 0, page: null, error: null });

export function createModelInfoStore(api: EvaApi): ModelInfoStore {
  const state = createStore<ModelInfoState>()(() => ({
    picked: null,
    path: null,
    info: null,
    loading: false,
    error: null,
    tensors: emptySearch(),
    vocab: { ...emptySearch(), special: false },
    live: null,
    liveError: null,
  }));
  let loaded: string | null = null;
  // Answers for a file or a search the user has since left are dropped.
  const tickets = { file: 0, tensors: 0, vocab: 0 };

  const fetchTensors = async (query: string, offset: number): Promise<void> => {
    const { path } = state.getState();
    const mine = ++tickets.tensors;
    state.setState((s) => ({ tensors: { ...s.tensors, query, offset } }));
    if (!path) return;
    const result = await api.invoke('model-info:tensors', { path, query, offset, limit: PAGE_ROWS });
    if (mine !== tickets.tensors || path !== state.getState().path) return;
    state.setState((s) => ({ tensors: { ...s.tensors, ...settle(result) } }));
  };

  const fetchVocab = async (query: string, offset: number, special: boolean): Promise<void> => {
    const { path } = state.getState();
    const mine = ++tickets.vocab;
    state.setState((s) => ({ vocab: { ...s.vocab, query, offset, special } }));
    if (!path) return;
    const result = await api.invoke('model-info:vocab', { path, query, offset, limit: PAGE_ROWS, special });
    if (mine !== tickets.vocab || path !== state.getState().path) return;
    state.setState((s) => ({ vocab: { ...s.vocab, ...settle(result) } }));
  };

  const show = (path: string | null): void => {
    if (path === state.getState().path) return;
    const mine = ++tickets.file;
    tickets.tensors++;
    tickets.vocab++;
    // A new file starts with fresh searches: the old query may match nothing in it.
    state.setState({
      path,
      info: null,
      error: null,
      loading: path !== null,
      tensors: emptySearch(),
      vocab: { ...emptySearch(), special: false },
    });
    if (path === null) return;
    void api.invoke('model-info:read', { path }).then((result) => {
      if (mine !== tickets.file) return;
      state.setState(result.ok ? { info: result.value, loading: false } : { error: result.error, loading: false });
      if (result.ok) {
        void fetchTensors('', 0);
        void fetchVocab('', 0, false);
      }
    });
  };

  return {
    state,
    pick(path) {
      state.setState({ picked: path });
      show(path ?? loaded);
    },
    setLoaded(path) {
      loaded = path;
      if (state.getState().picked === null) show(path);
    },
    searchTensors: (query) => fetchTensors(query, 0),
    tensorPage: (offset) => fetchTensors(state.getState().tensors.query, offset),
    searchVocab: (query, special = state.getState().vocab.special) => fetchVocab(query, 0, special),
    vocabPage: (offset) => fetchVocab(state.getState().vocab.query, offset, state.getState().vocab.special),
    watchLive() {
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // One request at a time: the next is asked for only after the last answered.
      const poll = async (): Promise<void> => {
        const result = await api.invoke('model-info:live');
        if (stopped) return;
        state.setState(result.ok ? { live: result.value, liveError: null } : { liveError: result.error });
        timer = setTimeout(() => void poll(), LIVE_POLL_MS);
      };
      void poll();
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    },
  };
}

function settle<T>(result: Result<SearchPage<T>>): Pick<SearchState<T>, 'page' | 'error'> {
  return result.ok ? { page: result.value, error: null } : { page: null, error: result.error };
}

const stores = new WeakMap<EvaApi, ModelInfoStore>();

/** The one Model info store of this platform: the page keeps its file and searches when it is left and opened again. */
export function modelInfoStoreFor(api: EvaApi): ModelInfoStore {
  let store = stores.get(api);
  if (!store) stores.set(api, (store = createModelInfoStore(api)));
  return store;
}
