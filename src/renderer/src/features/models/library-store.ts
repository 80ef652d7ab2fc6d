// The "My models" list: the library's folders and the `.gguf` files found in them,
// and a dropped file on its way in (Electron gives its own path; the browser host
// copies it into the download folder by upload, with progress and Cancel).
import type { LibraryListing } from '@shared/models/model-library';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, Platform } from '../../platform/types';
import { isCancelledUpload } from '../../platform/model-upload';
import type { SettingsStore } from '../settings/settings-store';

/** What became of a drop that did not give a model path, said in the dialog. */
export type DropNote =
  | { kind: 'not-gguf'; name: string }
  | { kind: 'no-path'; name: string }
  | { kind: 'too-many' }
  | { kind: 'failed'; name: string; error: AppError };

export interface LibraryState {
  listing: LibraryListing | null;
  loading: boolean;
  error: AppError | null;
  upload: { name: string; sentBytes: number; totalBytes: number } | null;
  dropNote: DropNote | null;
}

export interface LibraryStore {
  store: StoreApi<LibraryState>;
  refresh(): Promise<void>;
  addFolder(path: string): Promise<void>;
  removeFolder(path: string): Promise<void>;
  /** send downloads (and dropped files) to this folder: the default one or a library folder */
  setDownloadFolder(path: string): Promise<void>;
  /** A drop's files: resolves with the model path to load, or null (and a note saying why). */
  takeDrop(files: readonly File[]): Promise<string | null>;
  cancelUpload(): void;
  clearDropNote(): void;
}

export const isGgufName = (name: string): boolean => /\.gguf$/i.test(name);

export function createLibraryStore({ api, app }: { api: Platform; app: SettingsStore }): LibraryStore {
  const store = createStore<LibraryState>()(() => ({
    listing: null,
    loading: false,
    error: null,
    upload: null,
    dropNote: null,
  }));
  const patch = (next: Partial<LibraryState>): void => store.setState(next);
  let uploadAbort: AbortController | null = null;
  let ticket = 0;

  const apply = async (
    call: Promise<{ ok: true; value: LibraryListing } | { ok: false; error: AppError }>,
  ): Promise<void> => {
    const mine = ++ticket;
    patch({ loading: true });
    const result = await call;
    if (mine !== ticket) return;
    patch(result.ok ? { listing: result.value, loading: false, error: null } : { loading: false, error: result.error });
  };

  // Without a download folder the core keeps downloads where they go: adding a folder never moves them.
  const setFolders = async (folders: string[], downloadFolder?: string): Promise<void> => {
    await apply(
      api.invoke('models:set-folders', downloadFolder === undefined ? { folders } : { folders, downloadFolder }),
    );
    // The core keeps the folders in settings.models: the settings store follows.
    void app.refresh();
  };

  const folders = (): string[] =>
    store.getState().listing?.folders ?? app.store.getState().settings?.models.folders ?? [];

  const upload = async (file: File): Promise<string | null> => {
    const uploader = api.modelUpload;
    if (!uploader) {
      patch({ dropNote: { kind: 'no-path', name: file.name } });
      return null;
    }
    uploadAbort?.abort();
    const abort = new AbortController();
    uploadAbort = abort;
    patch({ upload: { name: file.name, sentBytes: 0, totalBytes: file.size }, dropNote: null });
    const result = await uploader.upload(file, {
      signal: abort.signal,
      onProgress: (sentBytes, totalBytes) => {
        if (uploadAbort === abort) patch({ upload: { name: file.name, sentBytes, totalBytes } });
      },
    });
    if (uploadAbort !== abort) return null;
    uploadAbort = null;
    patch({ upload: null });
    if (!result.ok) {
      if (!isCancelledUpload(result.error))
        patch({ dropNote: { kind: 'failed', name: file.name, error: result.error } });
      return null;
    }
    void refresh();
    return result.value.path;
  };

  const refresh = (): Promise<void> => apply(api.invoke('models:list'));

  return {
    store,
    refresh,
    addFolder: async (path) => {
      const current = folders();
      if (current.includes(path)) return;
      await setFolders([...current, path]);
    },
    removeFolder: (path) => setFolders(folders().filter((folder) => folder !== path)),
    setDownloadFolder: (path) => setFolders(folders(), path),
    takeDrop: async (files) => {
      if (files.length !== 1) {
        patch({ dropNote: { kind: 'too-many' } });
        return null;
      }
      const file = files[0] as File;
      if (!isGgufName(file.name)) {
        patch({ dropNote: { kind: 'not-gguf', name: file.name } });
        return null;
      }
      const drop = api.modelDrop;
      if (!drop) return upload(file);
      const path = drop.pathOf(file);
      patch({ dropNote: path === null ? { kind: 'no-path', name: file.name } : null });
      return path;
    },
    cancelUpload: () => {
      uploadAbort?.abort();
      uploadAbort = null;
      patch({ upload: null });
    },
    clearDropNote: () => patch({ dropNote: null }),
  };
}
