// Hub downloads, kept apart from the dialog so they go on (and stay visible) after it
// closes: fed by the `models:download` event, and by `models:downloads` on start and
// after a reconnect. A finished download rescans the library.
import type { DownloadState } from '@shared/models/model-library';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';

export interface DownloadsState {
  /** by download id, newest state only */
  byId: Record<string, DownloadState>;
  /** a refused start, by `repo/file` */
  startErrors: Record<string, AppError>;
}

export interface DownloadsStore {
  store: StoreApi<DownloadsState>;
  start(): () => void;
  refresh(): Promise<void>;
  /** Start or resume (the core picks up the partial file of an earlier attempt). */
  download(repo: string, file: string): Promise<void>;
  cancel(id: string): Promise<void>;
}

export const downloadKey = (repo: string, file: string): string => `${repo}/${file}`;
export const isActive = (state: DownloadState): boolean => state.phase === 'downloading' || state.phase === 'verifying';

/** The newest download of one file (a resumed one replaces the cancelled attempt). */
export function latestFor(byId: Record<string, DownloadState>, repo: string, file: string): DownloadState | null {
  const all = Object.values(byId).filter((d) => d.repo === repo && d.file === file);
  return all.find(isActive) ?? all.at(-1) ?? null;
}

/**
 * One entry per destination file, the newest attempt (a resumed download replaces its cancelled one), in first-seen
 * order.
 */
export function latestPerFile(byId: Record<string, DownloadState>): DownloadState[] {
  const byDest = new Map<string, DownloadState>();
  for (const state of Object.values(byId)) byDest.set(state.dest, state);
  return [...byDest.values()];
}

export function createDownloadsStore({
  api,
  onDone,
}: {
  api: EvaApi;
  onDone: (state: DownloadState) => void;
}): DownloadsStore {
  const store = createStore<DownloadsState>()(() => ({ byId: {}, startErrors: {} }));

  const upsert = (next: DownloadState): void => {
    const before = store.getState().byId[next.id];
    store.setState((state) => ({ byId: { ...state.byId, [next.id]: next } }));
    if (next.phase === 'done' && before?.phase !== 'done') onDone(next);
  };

  const refresh = async (): Promise<void> => {
    const result = await api.invoke('models:downloads');
    if (result.ok) for (const state of result.value.downloads) upsert(state);
  };

  return {
    store,
    refresh,
    start: () => {
      const stop = api.on('models:download', upsert);
      void refresh();
      return stop;
    },
    download: async (repo, file) => {
      const key = downloadKey(repo, file);
      store.setState((state) => {
        const { [key]: _dropped, ...rest } = state.startErrors;
        return { startErrors: rest };
      });
      const result = await api.invoke('models:start-download', { repo, file });
      if (result.ok) upsert(result.value);
      else store.setState((state) => ({ startErrors: { ...state.startErrors, [key]: result.error } }));
    },
    cancel: async (id) => {
      await api.invoke('models:cancel-download', { id });
    },
  };
}
