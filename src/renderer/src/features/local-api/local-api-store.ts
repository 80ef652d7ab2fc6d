// The Local API page's state: the server's status (live from `local-api:state`),
// its settings, the keys, the request log with each key's totals (live from
// `local-api:request`), the link profiles it may share, the key just created
// (its secret, shown once), the log entry open with its bodies, and the Test.
// The core keeps all of it; this keeps what the page shows.
import type { AppSettings, SettingsPatch } from '@shared/contract';
import type {
  LocalApiKeyInfo,
  LocalApiKeyTotals,
  LocalApiLogEntry,
  LocalApiSettings,
  LocalApiStatus,
  LocalApiTestResult,
} from '@shared/local-api/local-api-types';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi, Result } from '../../platform/types';
import { withEntry, withTotals } from './local-api-log';

/** A link profile the user may share through the API (its key stays in EVA). */
export interface ShareableLink {
  id: string;
  name: string;
  model: string;
}

export interface LocalApiState {
  status: LocalApiStatus | null;
  keys: LocalApiKeyInfo[];
  /** newest first, without bodies */
  entries: LocalApiLogEntry[];
  totals: LocalApiKeyTotals[];
  links: ShareableLink[];
  /** the key just made and its secret, while the dialog that shows it once is open */
  created: { key: LocalApiKeyInfo; secret: string } | null;
  /** the log entry open, with its bodies where they were kept */
  entry: LocalApiLogEntry | null;
  testing: boolean;
  tested: LocalApiTestResult | null;
  /** a start, stop, change or key call under way */
  busy: boolean;
  error: AppError | null;
}

export interface LocalApiStore {
  state: StoreApi<LocalApiState>;
  /** subscribes to the core's Local API events; returns the teardown */
  start(): () => void;
  /** status, keys, log and link profiles */
  refresh(): Promise<void>;
  startServer(): Promise<void>;
  stopServer(): Promise<void>;
  updateSettings(patch: Partial<Omit<LocalApiSettings, 'enabled'>>): Promise<boolean>;
  /** the server's parallel slots (the app's `load.parallel`): the API gets all but one */
  setParallel(parallel: number): Promise<void>;
  createKey(name: string, allowedModels: string[]): Promise<boolean>;
  /** closes the dialog: the secret is forgotten here too */
  closeCreated(): void;
  revokeKey(id: string): Promise<void>;
  openEntry(id: number): Promise<void>;
  closeEntry(): void;
  /** asks the server as a client would, with the key just made while its dialog is open, else a temporary one */
  test(): Promise<void>;
}

export interface LocalApiStoreDeps {
  api: EvaApi;
  app: {
    settings(): AppSettings | null;
    updateSettings(patch: SettingsPatch): Promise<Result<AppSettings>>;
  };
}

export function createLocalApiStore({ api, app }: LocalApiStoreDeps): LocalApiStore {
  const state = createStore<LocalApiState>()(() => ({
    status: null,
    keys: [],
    entries: [],
    totals: [],
    links: [],
    created: null,
    entry: null,
    testing: false,
    tested: null,
    busy: false,
    error: null,
  }));

  /** A call that shows its failure; the page stays as it was. */
  const call = async <T>(result: Promise<Result<T>>): Promise<T | null> => {
    state.setState({ busy: true, error: null });
    const done = await result;
    state.setState({ busy: false, error: done.ok ? null : done.error });
    return done.ok ? done.value : null;
  };
  const showStatus = (status: LocalApiStatus | null): void => {
    if (status) state.setState({ status });
  };

  return {
    state,
    start() {
      const offState = api.on('local-api:state', (status) => state.setState({ status }));
      const offRequest = api.on('local-api:request', (entry) =>
        state.setState((s) => ({ entries: withEntry(s.entries, entry), totals: withTotals(s.totals, entry) })),
      );
      return () => {
        offState();
        offRequest();
      };
    },
    async refresh() {
      const [status, keys, log, links] = await Promise.all([
        api.invoke('local-api:status'),
        api.invoke('local-api:keys'),
        api.invoke('local-api:log'),
        api.invoke('link:list'),
      ]);
      state.setState({
        ...(status.ok ? { status: status.value } : {}),
        ...(keys.ok ? { keys: keys.value.keys } : {}),
        ...(log.ok ? { entries: log.value.entries, totals: log.value.totals } : {}),
        ...(links.ok ? { links: links.value.profiles.map(({ id, name, model }) => ({ id, name, model })) } : {}),
        error: [status, keys, log, links].find((result) => !result.ok)?.error ?? null,
      });
    },
    startServer: async () => showStatus(await call(api.invoke('local-api:start'))),
    stopServer: async () => showStatus(await call(api.invoke('local-api:stop'))),
    async updateSettings(patch) {
      const status = await call(api.invoke('local-api:settings', patch));
      showStatus(status);
      return status !== null;
    },
    async setParallel(parallel) {
      const load = app.settings()?.load;
      if (!load || load.parallel === parallel) return;
      // The core's Local API follows the change and announces its new limit (`local-api:state`).
      await call(app.updateSettings({ load: { parallel } }));
    },
    async createKey(name, allowedModels) {
      const made = await call(api.invoke('local-api:key-create', { name: name.trim(), allowedModels }));
      if (!made) return false;
      state.setState((s) => ({ created: made, tested: null, keys: [...s.keys, made.key] }));
      return true;
    },
    closeCreated: () => state.setState({ created: null, tested: null }),
    async revokeKey(id) {
      const revoked = await call(api.invoke('local-api:key-revoke', { id }));
      if (revoked)
        state.setState((s) => ({ keys: s.keys.map((key) => (key.id === revoked.key.id ? revoked.key : key)) }));
    },
    async openEntry(id) {
      const found = await call(api.invoke('local-api:log-entry', { id }));
      if (found) state.setState({ entry: found.entry });
    },
    closeEntry: () => state.setState({ entry: null }),
    async test() {
      const secret = state.getState().created?.secret;
      state.setState({ testing: true, tested: null, error: null });
      const result = await api.invoke('local-api:test', secret ? { key: secret } : {});
      state.setState({
        testing: false,
        tested: result.ok ? result.value : null,
        error: result.ok ? null : result.error,
      });
    },
  };
}

/** The model the snippets name: the first the last Test listed, else the loaded one. */
export function snippetModel(s: LocalApiState, loaded: string | null): string | null {
  return s.tested?.models[0] ?? loaded;
}
