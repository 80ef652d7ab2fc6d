// The server-side file browser (`models:browse`) for hosts without a native picker:
// a folder's subfolders and `.gguf` files (every file in 'any' mode), one of them
// highlighted for the keyboard. `choose` resolves the promise `open` returned: a
// `.gguf` path, a folder in folder mode, a file or a folder in 'any' mode;
// closing resolves it with null.
import type { BrowseListing } from '@shared/models/model-library';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';

/**
 * 'model': pick a `.gguf` file; 'folder': pick the folder being shown; 'any': pick a file of any type, or the folder
 * being shown (documents for the knowledge base).
 */
export type BrowseMode = 'model' | 'folder' | 'any';

export interface FileBrowserState {
  open: boolean;
  mode: BrowseMode;
  listing: BrowseListing | null;
  loading: boolean;
  error: AppError | null;
  /** the highlighted entry's index; -1 for none */
  active: number;
  /** dot-folders and dot-files are listed too; kept between openings */
  showHidden: boolean;
}

export interface FileBrowserStore {
  store: StoreApi<FileBrowserState>;
  open(mode: BrowseMode, startPath?: string): Promise<string | null>;
  /** open a folder: an absolute path, or `~/…` (the core expands it) */
  go(path: string): Promise<void>;
  up(): Promise<void>;
  /** show or leave out hidden entries, and list the folder shown again */
  setShowHidden(show: boolean): Promise<void>;
  /** move the highlight by `delta` entries, kept inside the list */
  move(delta: number): void;
  setActive(index: number): void;
  /** open the highlighted folder, or choose the highlighted `.gguf` */
  activate(): Promise<void>;
  choose(path: string): void;
  close(): void;
}

export function createFileBrowserStore(api: EvaApi): FileBrowserStore {
  const store = createStore<FileBrowserState>()(() => ({
    open: false,
    mode: 'model',
    listing: null,
    loading: false,
    error: null,
    active: -1,
    showHidden: false,
  }));
  let resolveOpen: ((path: string | null) => void) | null = null;
  let ticket = 0;

  const finish = (path: string | null): void => {
    ticket++;
    store.setState({ open: false, loading: false });
    const resolve = resolveOpen;
    resolveOpen = null;
    resolve?.(path);
  };

  const go = async (path?: string): Promise<void> => {
    const mine = ++ticket;
    store.setState({ loading: true, error: null });
    const { mode, showHidden } = store.getState();
    const options = { ...(mode === 'any' ? { files: 'all' as const } : {}), ...(showHidden ? { hidden: true } : {}) };
    const result = await api.invoke('models:browse', path === undefined ? options : { path, ...options });
    if (mine !== ticket) return;
    if (result.ok)
      store.setState({ listing: result.value, loading: false, active: result.value.entries.length > 0 ? 0 : -1 });
    else store.setState({ loading: false, error: result.error });
  };

  const choose = (path: string): void => finish(path);

  return {
    store,
    open: (mode, startPath) => {
      resolveOpen?.(null);
      store.setState({ open: true, mode, listing: null, error: null, active: -1 });
      const chosen = new Promise<string | null>((resolve) => {
        resolveOpen = resolve;
      });
      void go(startPath === '' ? undefined : startPath);
      return chosen;
    },
    go: (path) => go(path),
    setShowHidden: async (showHidden) => {
      store.setState({ showHidden });
      const shown = store.getState().listing?.path;
      if (store.getState().open) await go(shown);
    },
    up: async () => {
      const parent = store.getState().listing?.parent;
      if (parent) await go(parent);
    },
    move: (delta) => {
      const count = store.getState().listing?.entries.length ?? 0;
      if (count === 0) return;
      const { active } = store.getState();
      store.setState({ active: Math.max(0, Math.min(count - 1, (active < 0 ? 0 : active) + delta)) });
    },
    setActive: (active) => store.setState({ active }),
    activate: async () => {
      const { listing, active, mode } = store.getState();
      const entry = listing?.entries[active];
      if (!entry) return;
      if (entry.kind === 'folder') await go(entry.path);
      else if (mode !== 'folder') choose(entry.path);
    },
    choose,
    close: () => finish(null),
  };
}
