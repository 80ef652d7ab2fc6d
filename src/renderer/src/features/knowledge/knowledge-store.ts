// The Knowledge page's state: bases, ingest progress, the embedding server, the
// last search and an opened passage. Logic without React; views subscribe with
// selectors. Created once per platform (knowledgeStoreFor).
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError } from '@shared/errors';
import type { KnowledgeQueryResult } from '@shared/knowledge/knowledge-contract';
import type {
  EmbedderStatus,
  EmbedderTestResult,
  EmbeddingModelCheck,
  IngestProgress,
  KnowledgeBase,
  KnowledgeHit,
  PassageView,
} from '@shared/knowledge/knowledge-types';
import type { EvaApi } from '../../platform';

export interface KnowledgeState {
  bases: KnowledgeBase[];
  progress: Record<string, IngestProgress>;
  embedder: EmbedderStatus | null;
  test: EmbedderTestResult | null;
  /** what the header of the embedding model chosen last said (checked before its server starts) */
  check: EmbeddingModelCheck | null;
  search: KnowledgeQueryResult | null;
  opened: PassageView | null;
  /**
   * the passages each recent knowledge-augmented chat request got, by request id: its answer shows them until it is
   * reopened from the history, which keeps them
   */
  cited: Record<string, KnowledgeHit[]>;
  busy: boolean;
  error: AppError | null;
}

export interface KnowledgeStore {
  state: StoreApi<KnowledgeState>;
  start(): () => void;
  refresh(): Promise<void>;
  create(name: string): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  remove(id: string): Promise<void>;
  add(id: string, paths: string[]): Promise<void>;
  removeFile(id: string, fileId: string): Promise<void>;
  cancel(id: string): Promise<void>;
  reembed(id: string): Promise<void>;
  query(text: string): Promise<void>;
  /** show a passage in its source; the error when it cannot be opened (its file or base is gone) */
  open(baseId: string, passageId: string): Promise<AppError | null>;
  close(): void;
  startEmbedder(): Promise<void>;
  stopEmbedder(): Promise<void>;
  testEmbedder(): Promise<void>;
  /** read the chosen embedding model's header; null where the check itself failed (the start will say why) */
  checkEmbedder(path: string): Promise<EmbeddingModelCheck | null>;
}

export function createKnowledgeStore(api: EvaApi): KnowledgeStore {
  const state = createStore<KnowledgeState>(() => ({
    bases: [],
    progress: {},
    embedder: null,
    test: null,
    check: null,
    search: null,
    opened: null,
    cited: {},
    busy: false,
    error: null,
  }));

  /** Run a call, keeping its error for the page; the value or null. */
  async function call<T>(
    work: () => Promise<{ ok: true; value: T } | { ok: false; error: AppError }>,
  ): Promise<T | null> {
    state.setState({ busy: true, error: null });
    const result = await work();
    state.setState({ busy: false, ...(result.ok ? {} : { error: result.error }) });
    return result.ok ? result.value : null;
  }

  const refresh = async (): Promise<void> => {
    const [list, embedder] = await Promise.all([api.invoke('knowledge:list'), api.invoke('knowledge:embedder-status')]);
    if (list.ok)
      state.setState({
        bases: list.value.bases,
        progress: Object.fromEntries(list.value.progress.map((p) => [p.baseId, p])),
      });
    if (embedder.ok) state.setState({ embedder: embedder.value });
  };

  return {
    state,
    start() {
      void refresh();
      const stops = [
        api.on('knowledge:changed', () => void refresh()),
        api.on('knowledge:progress', (p) => state.setState((s) => ({ progress: { ...s.progress, [p.baseId]: p } }))),
        api.on('knowledge:embedder', (embedder) => state.setState({ embedder })),
        api.on('knowledge:citations', ({ requestId, hits }) =>
          state.setState((s) => ({ cited: withCited(s.cited, requestId, hits) })),
        ),
      ];
      return () => stops.forEach((stop) => stop());
    },
    refresh,
    async create(name) {
      await call(() => api.invoke('knowledge:create', { name }));
      await refresh();
    },
    async rename(id, name) {
      await call(() => api.invoke('knowledge:rename', { id, name }));
      await refresh();
    },
    async remove(id) {
      await call(() => api.invoke('knowledge:delete', { id }));
      await refresh();
    },
    async add(id, paths) {
      await call(() => api.invoke('knowledge:add', { id, paths }));
      await refresh();
    },
    async removeFile(id, fileId) {
      await call(() => api.invoke('knowledge:remove-file', { id, fileId }));
      await refresh();
    },
    async cancel(id) {
      await call(() => api.invoke('knowledge:cancel', { id }));
    },
    async reembed(id) {
      await call(() => api.invoke('knowledge:reembed', { id }));
      await refresh();
    },
    async query(text) {
      const search = await call(() => api.invoke('knowledge:query', { query: text }));
      if (search) state.setState({ search });
    },
    async open(baseId, passageId) {
      const opened = await call(() => api.invoke('knowledge:open-passage', { baseId, passageId }));
      if (opened) state.setState({ opened });
      return opened ? null : state.getState().error;
    },
    close: () => state.setState({ opened: null }),
    async startEmbedder() {
      const embedder = await call(() => api.invoke('knowledge:embedder-start'));
      if (embedder) state.setState({ embedder });
    },
    async stopEmbedder() {
      const embedder = await call(() => api.invoke('knowledge:embedder-stop'));
      if (embedder) state.setState({ embedder });
    },
    async testEmbedder() {
      const test = await call(() => api.invoke('knowledge:embedder-test'));
      if (test) state.setState({ test });
    },
    async checkEmbedder(path) {
      const result = await api.invoke('knowledge:embedder-check', { path });
      const check = result.ok ? result.value : null;
      state.setState({ check });
      return check;
    },
  };
}

/** Answers of this session shown with their live citations; older ones read theirs from the history. */
const CITED_KEPT = 50;

function withCited(
  cited: Record<string, KnowledgeHit[]>,
  requestId: string,
  hits: KnowledgeHit[],
): Record<string, KnowledgeHit[]> {
  const entries = Object.entries(cited).filter(([id]) => id !== requestId);
  return Object.fromEntries([...entries.slice(-(CITED_KEPT - 1)), [requestId, hits]]);
}

const stores = new WeakMap<EvaApi, KnowledgeStore>();

/** One store per platform, started on first use, so the page and the composer toggle share it. */
export function knowledgeStoreFor(api: EvaApi): KnowledgeStore {
  let store = stores.get(api);
  if (!store) {
    store = createKnowledgeStore(api);
    stores.set(api, store);
    store.start();
  }
  return store;
}
