// State and actions of the load dialog, free of React so they run in plain tests
// against the in-memory platform. The GGUF inspect is debounced and only the
// answer to the newest question is kept.
import type { GpuLayerEstimate, ModelFacts } from '@shared/contract';
import type { AppError, EvaApi } from '../../platform/types';
import { realTimers, type Timers } from '../../lib/timers';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SettingsStore } from '../settings/settings-store';
import {
  contextFromRecommendation,
  formFromSettings,
  inspectKey,
  settingsFromForm,
  type FieldErrors,
  type LoadField,
  type LoadForm,
} from './load-form';
import type { ContextRecommendation } from '@shared/chat/context-types';

export type InspectState =
  | { status: 'idle' }
  | { status: 'pending'; key: string }
  | {
      status: 'done';
      key: string;
      model: ModelFacts;
      estimate: GpuLayerEstimate;
      recommendedContext?: ContextRecommendation;
    }
  | { status: 'error'; key: string; error: AppError };

/** The dialog's tabs: a local GGUF model, finding one on the hub, or a remote OpenAI-compatible endpoint. */
export type LoadTab = 'local' | 'discover' | 'link' | 'pool';

export interface LoadState {
  open: boolean;
  tab: LoadTab;
  form: LoadForm | null;
  fieldErrors: FieldErrors;
  inspect: InspectState;
  submitting: boolean;
  /** epoch ms of the click on Load, for the elapsed counter */
  startedAt: number | null;
  error: AppError | null;
  /** how the local server's stored API key is sealed; '' until the core says */
  keyProtection: string;
}

export interface LoadStore {
  store: StoreApi<LoadState>;
  /** opens on the given tab, else on the one the chat uses now */
  open(tab?: LoadTab): void;
  setTab(tab: LoadTab): void;
  close(): void;
  edit(patch: Partial<LoadForm>): void;
  pickModel(): Promise<void>;
  submit(): Promise<boolean>;
  /** stop the load in progress (the server it was starting is stopped); the form stays as typed */
  cancelLoad(): Promise<void>;
  /** loads the last saved model settings again (after a crash); on failure the dialog opens with the error */
  reload(): Promise<boolean>;
  dispose(): void;
}

export interface LoadStoreDeps {
  api: EvaApi;
  app: SettingsStore;
  timers?: Timers;
  now?: () => number;
  inspectDelayMs?: number;
}

const INSPECT_FIELDS: readonly LoadField[] = ['modelPath', 'mmprojPath', 'backend'];

export function createLoadStore({
  api,
  app,
  timers = realTimers(),
  now = Date.now,
  inspectDelayMs = 350,
}: LoadStoreDeps): LoadStore {
  const store = createStore<LoadState>()(() => ({
    open: false,
    tab: 'local',
    form: null,
    fieldErrors: {},
    inspect: { status: 'idle' },
    submitting: false,
    startedAt: null,
    error: null,
    keyProtection: '',
  }));
  let inspectTimer: unknown = null;
  let inspectTicket = 0;
  /** the user typed a context size in this dialog: the model's recommendation no longer replaces it */
  let contextTyped = false;

  const patch = (next: Partial<LoadState>): void => store.setState((state) => ({ ...state, ...next }), true);

  const runInspect = async (form: LoadForm): Promise<void> => {
    const key = inspectKey(form);
    const ticket = ++inspectTicket;
    const modelPath = form.modelPath.trim();
    if (modelPath === '') return patch({ inspect: { status: 'idle' } });
    patch({ inspect: { status: 'pending', key } });
    const mmprojPath = form.mmprojPath.trim();
    const result = await api.invoke('backend:inspect', {
      modelPath,
      backend: form.backend,
      ...(mmprojPath === '' ? {} : { mmprojPath }),
    });
    if (ticket !== inspectTicket) return;
    patch({
      inspect: result.ok ? { status: 'done', key, ...result.value } : { status: 'error', key, error: result.error },
    });
    const current = store.getState().form;
    const saved = app.store.getState().settings?.load;
    const contextSize =
      result.ok && current && saved
        ? contextFromRecommendation(current, saved, result.value.recommendedContext, contextTyped)
        : null;
    if (current && contextSize !== null) patch({ form: { ...current, contextSize } });
  };

  const scheduleInspect = (): void => {
    if (inspectTimer !== null) timers.clearTimeout(inspectTimer);
    inspectTicket++;
    inspectTimer = timers.setTimeout(() => {
      inspectTimer = null;
      const form = store.getState().form;
      if (form) void runInspect(form);
    }, inspectDelayMs);
  };

  const edit = (changes: Partial<LoadForm>): void => {
    const { form, fieldErrors } = store.getState();
    if (!form) return;
    const next = { ...form, ...changes };
    if ('contextSize' in changes) contextTyped = true;
    const cleared = { ...fieldErrors };
    for (const field of Object.keys(changes) as LoadField[]) delete cleared[field];
    patch({ form: next, fieldErrors: cleared });
    if (INSPECT_FIELDS.some((field) => field in changes) && inspectKey(next) !== inspectKey(form)) scheduleInspect();
  };

  /** Whether a key is stored (never the key): the form shows Keep / Replace / Remove for one. */
  const refreshKeyStatus = async (): Promise<void> => {
    const result = await api.invoke('backend:api-key');
    if (!result.ok) return;
    const { form } = store.getState();
    patch({ keyProtection: result.value.protection });
    // Only a form the user has not touched the key of follows the answer.
    if (form && form.apiKey === '' && form.keyAction === (form.hasKey ? 'keep' : 'replace')) {
      patch({ form: { ...form, hasKey: result.value.hasKey, keyAction: result.value.hasKey ? 'keep' : 'replace' } });
    }
  };

  const open = (tab?: LoadTab): void => {
    const state = store.getState();
    // Reopening during a load shows that load; otherwise start from the saved settings.
    const settings = app.store.getState().settings;
    const hasKey = state.form?.hasKey ?? false;
    const form =
      state.submitting && state.form ? state.form : settings ? formFromSettings(settings.load, { hasKey }) : null;
    const shownTab = tab ?? (state.submitting ? 'local' : settings?.chat.endpoint.kind === 'link' ? 'link' : 'local');
    patch({ open: true, tab: shownTab, form, fieldErrors: state.submitting ? state.fieldErrors : {} });
    if (form && !state.submitting) {
      contextTyped = false;
      void runInspect(form);
      void refreshKeyStatus();
    }
  };

  // Opened before the settings arrived (a key pressed as the page loads): fill the form when they do.
  app.store.subscribe(({ settings }) => {
    const state = store.getState();
    if (!state.open || state.form !== null || !settings || state.submitting) return;
    const form = formFromSettings(settings.load, { hasKey: false });
    patch({ form });
    contextTyped = false;
    void runInspect(form);
    void refreshKeyStatus();
  });

  /** set by cancelLoad: the failure the stopped load answers with is the user's doing, not an error */
  let cancelled = false;

  const cancelLoad = async (): Promise<void> => {
    if (!store.getState().submitting) return;
    cancelled = true;
    await api.invoke('backend:stop');
  };

  const submit = async (): Promise<boolean> => {
    const { form, submitting } = store.getState();
    const saved = app.store.getState().settings;
    if (!form || !saved || submitting) return false;
    const parsed = settingsFromForm(form, saved.load);
    if (!parsed.ok) {
      patch({ fieldErrors: parsed.errors });
      return false;
    }
    cancelled = false;
    patch({ submitting: true, startedAt: now(), error: null, fieldErrors: {} });
    // Saved first, so the form comes back as typed even when the load fails. Loading a
    // local model also points the chat at it (the conversation itself is kept).
    const persisted = await app.updateSettings({
      load: parsed.value,
      ...(saved.chat.endpoint.kind === 'local' ? {} : { chat: { endpoint: { kind: 'local' } } }),
    });
    const result = await api.invoke('backend:load', parsed.load);
    patch({ submitting: false, startedAt: null });
    // A typed key is sealed by now (or refused): never keep it in the page.
    const { form: after } = store.getState();
    if (after && after.apiKey !== '')
      patch({ form: { ...after, apiKey: '', keyAction: after.hasKey ? 'keep' : 'replace' } });
    void refreshKeyStatus();
    if (!result.ok) {
      if (!cancelled) patch({ error: result.error });
      return false;
    }
    if (!persisted.ok) patch({ error: persisted.error });
    else patch({ open: false });
    // The core records the model in recentModels; fetch them for next time.
    void app.refresh();
    return persisted.ok;
  };

  const reload = async (): Promise<boolean> => {
    const saved = app.store.getState().settings;
    if (!saved || store.getState().submitting) return false;
    if (saved.load.modelPath === '') {
      open('local');
      return false;
    }
    patch({ submitting: true, startedAt: now(), error: null });
    const result = await api.invoke('backend:load', saved.load);
    patch({ submitting: false, startedAt: null });
    if (result.ok) return true;
    patch({ error: result.error });
    open('local');
    return false;
  };

  return {
    store,
    open,
    reload,
    close: () => patch({ open: false }),
    setTab: (tab) => patch({ tab }),
    edit,
    pickModel: async () => {
      const result = await api.invoke('dialog:pick-model');
      if (result.ok && result.value.path !== null) edit({ modelPath: result.value.path });
      else if (!result.ok) patch({ error: result.error });
    },
    submit,
    cancelLoad,
    dispose: () => {
      if (inspectTimer !== null) timers.clearTimeout(inspectTimer);
      inspectTicket++;
    },
  };
}
