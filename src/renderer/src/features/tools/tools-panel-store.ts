// The Tools panel: opens on `tools:list` (descriptors, saved settings, the
// workspace in use), edits a draft, saves it with one `settings:update {tools}`.
import type { ToolSettings } from '@shared/tools/schemas';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import { formFromList, toolsSettings, type ToolsErrors, type ToolsForm } from './tools-form';

export interface ToolsPanelState {
  open: boolean;
  loading: boolean;
  form: ToolsForm | null;
  errors: ToolsErrors;
  saving: boolean;
  error: AppError | null;
}

export interface ToolsPanelStore {
  store: StoreApi<ToolsPanelState>;
  open(): Promise<void>;
  close(): void;
  update(change: (form: ToolsForm) => ToolsForm): void;
  save(): Promise<boolean>;
}

export function createToolsPanelStore({ api, app }: { api: EvaApi; app: SettingsStore }): ToolsPanelStore {
  const store = createStore<ToolsPanelState>()(() => ({
    open: false,
    loading: false,
    form: null,
    errors: {},
    saving: false,
    error: null,
  }));
  const patch = (next: Partial<ToolsPanelState>): void => store.setState((state) => ({ ...state, ...next }), true);
  let opening = 0;
  let loaded: ToolSettings | null = null;
  return {
    store,
    open: async () => {
      const mine = ++opening;
      patch({ open: true, loading: true, form: null, errors: {}, error: null, saving: false });
      const list = await api.invoke('tools:list');
      // Closed, or opened again, while the list was on its way: that answer is stale.
      if (mine !== opening || !store.getState().open) return;
      if (list.ok) loaded = list.value.settings;
      patch(list.ok ? { loading: false, form: formFromList(list.value) } : { loading: false, error: list.error });
    },
    close: () => {
      opening++;
      patch({ open: false, loading: false });
    },
    update: (change) => {
      const form = store.getState().form;
      if (form) patch({ form: change(form) });
    },
    save: async () => {
      const { form, saving } = store.getState();
      const base = app.store.getState().settings?.tools ?? loaded;
      if (!form || !base || saving) return false;
      const result = toolsSettings(form, base);
      if (!result.ok) {
        patch({ errors: result.errors });
        return false;
      }
      patch({ saving: true, errors: {}, error: null });
      const saved = await app.updateSettings({ tools: result.value });
      patch(saved.ok ? { saving: false, open: false } : { saving: false, error: saved.error });
      return saved.ok;
    },
  };
}
