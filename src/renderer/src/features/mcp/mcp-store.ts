// The MCP page's state: the JSON the user edits (checked as they type with the
// same parser the core uses), what the core has saved, and every server's
// status, kept current by `mcp:status`. Fetched when the page opens, not at
// start-up; a refetch never throws away an unsaved edit.
import { parseMcpConfigText, type McpConfigIssue } from '@shared/mcp/mcp-config';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';

export interface McpState {
  loaded: boolean;
  /** `<data>/mcp.json` */
  configPath: string;
  /** the config as the core has it: what "Revert" goes back to */
  savedText: string;
  /** problems of the file on disk (a hand edit); its servers are not running */
  fileIssues: McpConfigIssue[];
  /** the editor's text */
  draft: string;
  /** problems of the draft, [] when it would save */
  issues: McpConfigIssue[];
  servers: McpServerStatus[];
  saving: boolean;
  error: AppError | null;
  /** how API keys are sealed ('os-keychain', 'local-key-file'); '' before the first fetch */
  keyProtection: string;
}

export interface McpStore {
  store: StoreApi<McpState>;
  /** listen to `mcp:status`; returns the unsubscribe */
  start(): () => void;
  refresh(): Promise<void>;
  edit(text: string): void;
  revert(): void;
  /** false when the draft has problems (they are shown) or the core refused it */
  save(): Promise<boolean>;
  reconnect(name?: string): Promise<void>;
  /**
   * Seal an HTTP server's API key (null removes it); the core reconnects it. False when refused (the error is shown).
   */
  setKey(name: string, apiKey: string | null): Promise<boolean>;
}

export function createMcpStore(api: EvaApi): McpStore {
  const store = createStore<McpState>()(() => ({
    loaded: false,
    configPath: '',
    savedText: '',
    fileIssues: [],
    draft: '',
    issues: [],
    servers: [],
    saving: false,
    error: null,
    keyProtection: '',
  }));
  const issuesOf = (text: string): McpConfigIssue[] => {
    const parsed = parseMcpConfigText(text);
    return parsed.ok ? [] : parsed.issues;
  };

  const refresh = async (): Promise<void> => {
    const result = await api.invoke('mcp:list');
    if (!result.ok) return store.setState((state) => ({ ...state, error: result.error }), true);
    const { configPath, configText, configIssues, servers, keyProtection = '' } = result.value;
    store.setState((state) => {
      const untouched = !state.loaded || state.draft === state.savedText;
      const draft = untouched ? configText : state.draft;
      return {
        ...state,
        loaded: true,
        configPath,
        savedText: configText,
        fileIssues: configIssues,
        servers,
        draft,
        issues: issuesOf(draft),
        error: null,
        keyProtection,
      };
    }, true);
  };

  return {
    store,
    start: () => {
      return api.on('mcp:status', ({ servers }) => store.setState((state) => ({ ...state, servers }), true));
    },
    refresh,
    edit: (text) => store.setState((state) => ({ ...state, draft: text, issues: issuesOf(text), error: null }), true),
    revert: () =>
      store.setState(
        (state) => ({ ...state, draft: state.savedText, issues: issuesOf(state.savedText), error: null }),
        true,
      ),
    async save() {
      const parsed = parseMcpConfigText(store.getState().draft);
      if (!parsed.ok) {
        store.setState((state) => ({ ...state, issues: parsed.issues }), true);
        return false;
      }
      store.setState((state) => ({ ...state, saving: true, error: null }), true);
      const result = await api.invoke('mcp:save', parsed.config);
      if (!result.ok) {
        store.setState((state) => ({ ...state, saving: false, error: result.error }), true);
        return false;
      }
      const { configText, servers } = result.value;
      store.setState(
        (state) => ({
          ...state,
          saving: false,
          savedText: configText,
          draft: configText,
          issues: [],
          fileIssues: [],
          servers,
        }),
        true,
      );
      return true;
    },
    async reconnect(name) {
      const result = await api.invoke('mcp:reconnect', name === undefined ? {} : { name });
      store.setState(
        (state) =>
          result.ok ? { ...state, servers: result.value.servers, error: null } : { ...state, error: result.error },
        true,
      );
    },
    async setKey(name, apiKey) {
      const result = await api.invoke('mcp:set-key', { name, apiKey });
      store.setState(
        (state) =>
          result.ok ? { ...state, servers: result.value.servers, error: null } : { ...state, error: result.error },
        true,
      );
      return result.ok;
    },
  };
}
