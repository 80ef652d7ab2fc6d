// The Parameters panel's state: a draft of the chat settings, and where its
// system prompt and sampling go when saved: "This conversation" (the open
// conversation's own values, held by the chat store and saved with the
// conversation, never written to the settings) or "Default for new chats" (one
// `settings:update {chat}`). Names,
// stop words, templates and auto-title are always the defaults. Sampling lives
// only in requests, so saving never touches the running server.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ChatSettings } from '@shared/chat/schemas';
import type { AppError, Result } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import { parametersPatch, formFromSettings, type ParametersErrors, type ParametersForm } from './parameters-form';

/** Which values the panel shows and saves. */
export type ParametersScope = 'conversation' | 'defaults';

/** A conversation's own values (the chat store's ConversationConventions fits this). */
export interface OwnConventions {
  systemPrompt?: string;
  sampling?: ChatSettings['sampling'];
}

export interface ParametersState {
  /** the panel is shown (docked beside the chat, or over it on a narrow window) */
  open: boolean;
  scope: ParametersScope;
  form: ParametersForm | null;
  errors: ParametersErrors;
  saving: boolean;
  /** the last save went through and nothing was edited since */
  saved: boolean;
  error: AppError | null;
}

export interface ParametersStore {
  store: StoreApi<ParametersState>;
  open(): void;
  close(): void;
  toggle(): void;
  /** show (and from now on save) this conversation's values or the defaults; unsaved edits are dropped */
  setScope(scope: ParametersScope): void;
  update(change: (form: ParametersForm) => ParametersForm): void;
  save(): Promise<boolean>;
  /** the open conversation drops its own values and follows the defaults */
  resetConversation(): void;
}

export interface ParametersStoreDeps {
  app: SettingsStore;
  /** the open conversation's own system prompt and sampling; null: it follows the defaults */
  own: StoreApi<OwnConventions | null>;
  /**
   * write the open conversation's own values to its saved file (null: it follows the defaults again); a conversation
   * not saved yet takes them when it is created
   */
  saveOwn(own: OwnConventions | null): Promise<Result<unknown>>;
}

export function createParametersStore({ app, own, saveOwn }: ParametersStoreDeps): ParametersStore {
  const store = createStore<ParametersState>()(() => ({
    open: false,
    scope: 'defaults',
    form: null,
    errors: {},
    saving: false,
    saved: false,
    error: null,
  }));
  const patch = (next: Partial<ParametersState>): void => store.setState((state) => ({ ...state, ...next }), true);

  const draft = (scope: ParametersScope): ParametersForm | null => {
    const chat = app.store.getState().settings?.chat;
    if (!chat) return null;
    return formFromSettings(scope === 'conversation' ? { ...chat, ...own.getState() } : chat);
  };
  const show = (scope: ParametersScope): void =>
    patch({ scope, form: draft(scope), errors: {}, error: null, saved: false });
  const naturalScope = (): ParametersScope => (own.getState() ? 'conversation' : 'defaults');

  // Another conversation opened (or a new chat) while the panel is shown: show what applies to it.
  own.subscribe(() => {
    const { open, saving } = store.getState();
    if (open && !saving) show(naturalScope());
  });

  const openPanel = (): void => {
    patch({ open: true });
    show(naturalScope());
  };
  return {
    store,
    open: openPanel,
    close: () => patch({ open: false }),
    toggle: () => (store.getState().open ? patch({ open: false }) : openPanel()),
    setScope: show,
    update: (change) => {
      const form = store.getState().form;
      if (form) patch({ form: change(form), saved: false });
    },
    save: async () => {
      const { form, saving, scope } = store.getState();
      const chat = app.store.getState().settings?.chat;
      if (!form || !chat || saving) return false;
      const result = parametersPatch(form, chat);
      if (!result.ok) {
        patch({ errors: result.errors, saved: false });
        return false;
      }
      patch({ saving: true, errors: {}, error: null });
      const { systemPrompt, sampling, ...always } = result.value;
      const saved = await app.updateSettings({ chat: scope === 'defaults' ? result.value : always });
      let outcome: Result<unknown> = saved;
      if (saved.ok && scope === 'conversation') {
        const values = { systemPrompt: systemPrompt ?? '', sampling: sampling ?? {} };
        outcome = await saveOwn(values);
        if (outcome.ok) own.setState(values, true);
      }
      patch(outcome.ok ? { saving: false, saved: true } : { saving: false, error: outcome.error });
      return outcome.ok;
    },
    resetConversation: () => {
      own.setState(null, true);
      show('defaults');
      void saveOwn(null).then((saved) => {
        if (!saved.ok) patch({ error: saved.error });
      });
    },
  };
}
