// State and actions of the link-mode tab: saved profiles, the form, "Test
// connection" and "Use this endpoint". Free of React; tested against the
// in-memory platform.
import type { KeyAction } from '../../ui/key-fields';
import type { LinkProfile } from '@shared/chat/schemas';
import type { LinkPreset } from '@shared/links/link-presets';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import {
  applyPreset,
  emptyLinkForm,
  formFromProfile,
  linkSaveInput,
  linkTestInput,
  type LinkFieldErrors,
  type LinkForm,
} from './link-form';

export type SavedLink = LinkProfile & { hasKey: boolean };

export interface LinkState {
  loaded: boolean;
  profiles: SavedLink[];
  presets: readonly LinkPreset[];
  /** how stored keys are protected, e.g. "Electron safeStorage (libsecret)" */
  protection: string;
  form: LinkForm;
  fieldErrors: LinkFieldErrors;
  testing: boolean;
  /** models listed by the last successful test */
  models: string[] | null;
  saving: boolean;
  /** a failed test, save, delete or list */
  error: AppError | null;
  /** the last action that succeeded, for a short confirmation */
  done: 'saved' | 'used' | null;
}

export interface LinkStore {
  store: StoreApi<LinkState>;
  refresh(): Promise<void>;
  edit(patch: Partial<Pick<LinkForm, 'name' | 'baseUrl' | 'model' | 'apiKey'>>): void;
  choosePreset(presetId: string): void;
  setKeyAction(action: KeyAction): void;
  select(id: string): void;
  newProfile(): void;
  test(): Promise<void>;
  save(): Promise<SavedLink | null>;
  /** save, then make the chat use this endpoint */
  use(): Promise<boolean>;
  remove(id: string): Promise<void>;
}

export function createLinkStore({ api, app }: { api: EvaApi; app: SettingsStore }): LinkStore {
  const store = createStore<LinkState>()(() => ({
    loaded: false,
    profiles: [],
    presets: [],
    protection: '',
    form: emptyLinkForm(undefined),
    fieldErrors: {},
    testing: false,
    models: null,
    saving: false,
    error: null,
    done: null,
  }));
  const patch = (next: Partial<LinkState>): void => store.setState((state) => ({ ...state, ...next }), true);
  const setForm = (form: LinkForm, extra: Partial<LinkState> = {}): void =>
    patch({ form, fieldErrors: {}, error: null, done: null, ...extra });

  const refresh = async (): Promise<void> => {
    const result = await api.invoke('link:list');
    if (!result.ok) return patch({ error: result.error });
    const { profiles, presets, protection } = result.value;
    const state = store.getState();
    // First load: show the profile the chat uses, else the first saved one, else the first preset.
    let form = state.form;
    if (!state.loaded) {
      const endpoint = app.store.getState().settings?.chat.endpoint;
      const current = profiles.find((p) => endpoint?.kind === 'link' && p.id === endpoint.linkId) ?? profiles[0];
      form = current ? formFromProfile(current) : emptyLinkForm(presets[0]);
    }
    patch({ loaded: true, profiles, presets: [...presets], protection, form });
  };

  const save = async (): Promise<SavedLink | null> => {
    const { form, saving } = store.getState();
    if (saving) return null;
    const input = linkSaveInput(form);
    if (!input.ok) {
      patch({ fieldErrors: input.errors });
      return null;
    }
    patch({ saving: true, error: null, done: null });
    const result = await api.invoke('link:save', input.value);
    if (!result.ok) {
      patch({ saving: false, error: result.error });
      return null;
    }
    const saved = result.value;
    store.setState(
      (state) => ({
        ...state,
        saving: false,
        done: 'saved',
        profiles: state.profiles.some((p) => p.id === saved.id)
          ? state.profiles.map((p) => (p.id === saved.id ? saved : p))
          : [...state.profiles, saved],
        form: formFromProfile(saved),
      }),
      true,
    );
    // settings.links changed in the core; the endpoint label reads them from there.
    void app.refresh();
    return saved;
  };

  return {
    store,
    refresh,
    edit: (changes) => {
      const { form, fieldErrors } = store.getState();
      const cleared = { ...fieldErrors };
      for (const field of Object.keys(changes) as Array<keyof typeof changes>) delete cleared[field];
      patch({ form: { ...form, ...changes }, fieldErrors: cleared, done: null });
    },
    choosePreset: (presetId) => {
      const { form, presets } = store.getState();
      const preset = presets.find((p) => p.id === presetId);
      if (preset) setForm(applyPreset(form, preset, presets), { models: null });
    },
    setKeyAction: (keyAction) => {
      const { form, fieldErrors } = store.getState();
      const { apiKey: _cleared, ...rest } = fieldErrors;
      patch({ form: { ...form, keyAction, apiKey: '' }, fieldErrors: rest, done: null });
    },
    select: (id) => {
      const profile = store.getState().profiles.find((p) => p.id === id);
      if (profile) setForm(formFromProfile(profile), { models: null });
    },
    newProfile: () => setForm(emptyLinkForm(store.getState().presets[0]), { models: null }),
    test: async () => {
      const input = linkTestInput(store.getState().form);
      if (!input.ok) return patch({ fieldErrors: { ...store.getState().fieldErrors, ...input.errors } });
      patch({ testing: true, error: null, models: null, done: null });
      const result = await api.invoke('link:test', input.value);
      patch(result.ok ? { testing: false, models: result.value.models } : { testing: false, error: result.error });
    },
    save,
    use: async () => {
      const saved = await save();
      if (!saved) return false;
      const result = await app.updateSettings({ chat: { endpoint: { kind: 'link', linkId: saved.id } } });
      patch(result.ok ? { done: 'used' } : { error: result.error });
      return result.ok;
    },
    remove: async (id) => {
      const result = await api.invoke('link:delete', { id });
      if (!result.ok) return patch({ error: result.error });
      store.setState((state) => {
        const profiles = state.profiles.filter((p) => p.id !== id);
        return {
          ...state,
          profiles,
          form: state.form.id === id ? emptyLinkForm(state.presets[0]) : state.form,
          error: null,
          done: null,
        };
      }, true);
      // Deleting the endpoint in use sends the chat back to the local model, in the core's settings.
      void app.refresh();
    },
  };
}
