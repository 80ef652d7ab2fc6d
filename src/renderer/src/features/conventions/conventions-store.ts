// The 约定 panel: opens on a draft of the saved chat settings, saves it with
// one `settings:update {chat}`. Sampling lives only in requests, so saving never
// touches the running server.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import { conventionsPatch, formFromSettings, type ConventionsErrors, type ConventionsForm } from './conventions-form';

export interface ConventionsState {
  open: boolean;
  form: ConventionsForm | null;
  errors: ConventionsErrors;
  saving: boolean;
  error: AppError | null;
}

export interface ConventionsStore {
  store: StoreApi<ConventionsState>;
  open(): void;
  close(): void;
  update(change: (form: ConventionsForm) => ConventionsForm): void;
  save(): Promise<boolean>;
}

export function createConventionsStore(app: SettingsStore): ConventionsStore {
  const store = createStore<ConventionsState>()(() => ({ open: false, form: null, errors: {}, saving: false, error: null }));
  const patch = (next: Partial<ConventionsState>): void => store.setState((state) => ({ ...state, ...next }), true);
  return {
    store,
    open: () => {
      const chat = app.store.getState().settings?.chat;
      patch({ open: true, form: chat ? formFromSettings(chat) : null, errors: {}, error: null });
    },
    close: () => patch({ open: false }),
    update: (change) => {
      const form = store.getState().form;
      if (form) patch({ form: change(form) });
    },
    save: async () => {
      const { form, saving } = store.getState();
      const chat = app.store.getState().settings?.chat;
      if (!form || !chat || saving) return false;
      const result = conventionsPatch(form, chat);
      if (!result.ok) {
        patch({ errors: result.errors });
        return false;
      }
      patch({ saving: true, errors: {}, error: null });
      const saved = await app.updateSettings({ chat: result.value });
      patch(saved.ok ? { saving: false, open: false } : { saving: false, error: saved.error });
      return saved.ok;
    },
  };
}
