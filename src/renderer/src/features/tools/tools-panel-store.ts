// The Tools panel: opens on `tools:list` (descriptors, saved settings, the
// workspace in use), edits a draft, saves it with one `settings:update {tools}`.
// The web search's keys are the exception: sealed at once (`web-search:set-key`),
// never part of the draft; the MCP servers are read to offer their search tools.
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import type { ToolSettings } from '@shared/tools/schemas';
import type { WebSearchKeys } from '@shared/tools/web-search/web-search-contract';
import type { KeyedProvider } from '@shared/tools/web-search/web-search-settings';
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
  /** which web search keys are sealed; null until read */
  searchKeys: WebSearchKeys | null;
  /** the MCP servers, to pick a search tool from */
  mcpServers: McpServerStatus[];
}

export interface ToolsPanelStore {
  store: StoreApi<ToolsPanelState>;
  open(): Promise<void>;
  close(): void;
  update(change: (form: ToolsForm) => ToolsForm): void;
  save(): Promise<boolean>;
  /** Seal a web search key (null removes it); false when the core refused it (the error is shown). */
  setSearchKey(provider: KeyedProvider, apiKey: string | null): Promise<boolean>;
}

export function createToolsPanelStore({ api, app }: { api: EvaApi; app: SettingsStore }): ToolsPanelStore {
  const store = createStore<ToolsPanelState>()(() => ({
    open: false,
    loading: false,
    form: null,
    errors: {},
    saving: false,
    error: null,
    searchKeys: null,
    mcpServers: [],
  }));
  const patch = (next: Partial<ToolsPanelState>): void => store.setState((state) => ({ ...state, ...next }), true);
  let opening = 0;
  let loaded: ToolSettings | null = null;
  return {
    store,
    open: async () => {
      const mine = ++opening;
      patch({ open: true, loading: true, form: null, errors: {}, error: null, saving: false });
      const [list, keys, mcp] = await Promise.all([
        api.invoke('tools:list'),
        api.invoke('web-search:keys'),
        api.invoke('mcp:list'),
      ]);
      // Closed, or opened again, while the list was on its way: that answer is stale.
      if (mine !== opening || !store.getState().open) return;
      if (list.ok) loaded = list.value.settings;
      const failed = [list, keys, mcp].find((result) => !result.ok);
      patch({
        loading: false,
        form: list.ok ? formFromList(list.value) : null,
        error: failed && !failed.ok ? failed.error : null,
        searchKeys: keys.ok ? keys.value : null,
        mcpServers: mcp.ok ? mcp.value.servers : [],
      });
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
    setSearchKey: async (provider, apiKey) => {
      const result = await api.invoke('web-search:set-key', { provider, apiKey });
      patch(result.ok ? { searchKeys: result.value, error: null } : { error: result.error });
      return result.ok;
    },
  };
}
