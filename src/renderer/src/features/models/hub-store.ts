// Discover: a search of the hub, and one repository's `.gguf` files with whether each
// fits this machine. Only the answer to the newest question is kept.
import type { HubFiles, HubModel } from '@shared/models/model-library';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';

export interface HubState {
  query: string;
  searching: boolean;
  /** null until the first search */
  results: HubModel[] | null;
  searchError: AppError | null;
  repo: string | null;
  files: HubFiles | null;
  filesLoading: boolean;
  filesError: AppError | null;
}

export interface HubStore {
  store: StoreApi<HubState>;
  setQuery(query: string): void;
  search(): Promise<void>;
  openRepo(repo: string): Promise<void>;
  closeRepo(): void;
  /** fetch the open repository's files again (after a download, "in library" changes) */
  refreshFiles(): Promise<void>;
}

export function createHubStore(api: EvaApi): HubStore {
  const store = createStore<HubState>()(() => ({
    query: '',
    searching: false,
    results: null,
    searchError: null,
    repo: null,
    files: null,
    filesLoading: false,
    filesError: null,
  }));
  let searchTicket = 0;
  let filesTicket = 0;

  const loadFiles = async (repo: string, quiet: boolean): Promise<void> => {
    const mine = ++filesTicket;
    if (!quiet) store.setState({ repo, files: null, filesLoading: true, filesError: null });
    const result = await api.invoke('models:hub-files', { repo });
    if (mine !== filesTicket) return;
    store.setState(
      result.ok
        ? { files: result.value, filesLoading: false, filesError: null }
        : { filesLoading: false, filesError: result.error },
    );
  };

  return {
    store,
    setQuery: (query) => store.setState({ query }),
    search: async () => {
      const query = store.getState().query.trim();
      const mine = ++searchTicket;
      store.setState({ searching: true, searchError: null });
      const result = await api.invoke('models:search-hub', { query, limit: 30 });
      if (mine !== searchTicket) return;
      store.setState(
        result.ok
          ? { searching: false, results: result.value.models }
          : { searching: false, searchError: result.error },
      );
    },
    openRepo: (repo) => loadFiles(repo, false),
    closeRepo: () => {
      filesTicket++;
      store.setState({ repo: null, files: null, filesLoading: false, filesError: null });
    },
    refreshFiles: async () => {
      const { repo } = store.getState();
      if (repo !== null) await loadFiles(repo, true);
    },
  };
}
