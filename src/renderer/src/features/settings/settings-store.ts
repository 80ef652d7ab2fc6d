// The settings (and the app info beside them), fetched once and kept in step with every update we make; the
// folders the Settings page shows, opened in the file manager.
import type { AppInfo, AppSettings, Language, SettingsPatch } from '@shared/contract';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi, Result } from '../../platform/types';

export interface SettingsState {
  info: AppInfo | null;
  settings: AppSettings | null;
  /** why info or settings could not be read */
  error: AppError | null;
}

export interface SettingsStore {
  store: StoreApi<SettingsState>;
  refresh(): Promise<void>;
  updateSettings(patch: SettingsPatch): Promise<Result<AppSettings>>;
  setLanguage(language: Language): Promise<Result<AppSettings>>;
  /** one of the folders the page shows, in the system's file manager (the core refuses any other) */
  openFolder(path: string): Promise<Result<{ path: string }>>;
}

export function createSettingsStore(api: EvaApi): SettingsStore {
  const store = createStore<SettingsState>()(() => ({ info: null, settings: null, error: null }));

  const updateSettings = async (patch: SettingsPatch): Promise<Result<AppSettings>> => {
    const result = await api.invoke('settings:update', patch);
    if (result.ok) store.setState((state) => ({ ...state, settings: result.value }), true);
    return result;
  };

  return {
    store,
    refresh: async () => {
      const [info, settings] = await Promise.all([api.invoke('app:info'), api.invoke('settings:get')]);
      store.setState(
        (state) => ({
          info: info.ok ? info.value : state.info,
          settings: settings.ok ? settings.value : state.settings,
          error: !info.ok ? info.error : !settings.ok ? settings.error : null,
        }),
        true,
      );
    },
    updateSettings,
    setLanguage: (language) => updateSettings({ language }),
    openFolder: (path) => api.invoke('app:open-folder', { path }),
  };
}
