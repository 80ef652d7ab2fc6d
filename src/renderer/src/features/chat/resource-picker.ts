// The composer's "From an MCP server…" dialog: the ready servers, one server's
// resources a page at a time (with its URI templates to fill in), and a resource
// read and attached to the draft (mcp-draft.ts). What could not be attached is
// listed and the dialog stays open; otherwise it closes. Free of React.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ServerProps } from '@shared/contract';
import { expandUriTemplate, type McpResourceInfo, type McpResourceTemplateInfo } from '@shared/mcp/mcp-resources';
import type { ErrorLike } from '../../ui/app-error-text';
import type { EvaApi } from '../../platform/types';
import type { ChatStore } from './chat-store-types';
import { draftAddition, withAddition, type LeftOut } from './mcp-draft';

export interface ResourcePickerState {
  open: boolean;
  /** the servers connected now */
  servers: string[];
  server: string | null;
  /** false: the chosen server offers no resources */
  supported: boolean;
  resources: McpResourceInfo[];
  templates: McpResourceTemplateInfo[];
  nextCursor: string | null;
  loading: boolean;
  error: ErrorLike | null;
  /** the URI being read */
  reading: string | null;
  /** what was typed into each template's variables, by template */
  values: Record<string, Record<string, string>>;
  leftOut: LeftOut[];
}

export interface ResourcePicker {
  state: StoreApi<ResourcePickerState>;
  show(): Promise<void>;
  close(): void;
  choose(server: string): Promise<void>;
  more(): Promise<void>;
  attach(uri: string): Promise<void>;
  setValue(template: string, variable: string, value: string): void;
  attachTemplate(template: McpResourceTemplateInfo): Promise<void>;
}

const CLOSED: ResourcePickerState = {
  open: false,
  servers: [],
  server: null,
  supported: true,
  resources: [],
  templates: [],
  nextCursor: null,
  loading: false,
  error: null,
  reading: null,
  values: {},
  leftOut: [],
};

export interface ResourcePickerDeps {
  api: EvaApi;
  chat: Pick<ChatStore, 'draft' | 'composerFocus'>;
  newId: () => string;
  mediaProps: () => Pick<ServerProps, 'vision' | 'audio'> | null;
}

export function createResourcePicker({ api, chat, newId, mediaProps }: ResourcePickerDeps): ResourcePicker {
  const state = createStore<ResourcePickerState>()(() => CLOSED);
  let ticket = 0;

  const page = async (server: string, cursor?: string): Promise<void> => {
    const mine = ++ticket;
    state.setState({ loading: true, error: null });
    const result = await api.invoke('mcp:resources', { server, ...(cursor !== undefined ? { cursor } : {}) });
    if (mine !== ticket) return;
    if (!result.ok) {
      state.setState({ loading: false, error: result.error });
      return;
    }
    const { resources, templates, nextCursor, supported } = result.value;
    state.setState((current) => ({
      loading: false,
      supported,
      resources: cursor === undefined ? resources : [...current.resources, ...resources],
      templates: cursor === undefined ? templates : current.templates,
      nextCursor,
    }));
  };

  const choose = async (server: string): Promise<void> => {
    state.setState({ server, supported: true, resources: [], templates: [], nextCursor: null, leftOut: [] });
    await page(server);
  };

  const close = (): void => {
    ticket++;
    const wasOpen = state.getState().open;
    state.setState(CLOSED, true);
    if (wasOpen) chat.composerFocus.setState((n) => n + 1, true);
  };

  const read = async (uri: string): Promise<void> => {
    const { server, reading } = state.getState();
    if (server === null || reading !== null) return;
    state.setState({ reading: uri, error: null, leftOut: [] });
    const result = await api.invoke('mcp:read-resource', { server, uri });
    if (!result.ok) {
      state.setState({ reading: null, error: result.error });
      return;
    }
    const addition = draftAddition(result.value.parts, newId, mediaProps());
    if (addition.text !== '' || addition.attachments.length > 0)
      chat.draft.setState((draft) => withAddition(draft, addition), true);
    if (addition.leftOut.length > 0) {
      state.setState({ reading: null, leftOut: addition.leftOut });
      return;
    }
    close();
  };

  return {
    state,
    show: async () => {
      const mine = ++ticket;
      state.setState({ ...CLOSED, open: true, loading: true }, true);
      const listed = await api.invoke('mcp:list');
      if (mine !== ticket) return;
      if (!listed.ok) {
        state.setState({ loading: false, error: listed.error });
        return;
      }
      const servers = listed.value.servers.filter((server) => server.state === 'ready').map((server) => server.name);
      state.setState({ servers, loading: false });
      const first = servers[0];
      if (first !== undefined) await choose(first);
    },
    close,
    choose,
    more: async () => {
      const { server, nextCursor, loading } = state.getState();
      if (server !== null && nextCursor !== null && !loading) await page(server, nextCursor);
    },
    attach: read,
    setValue: (template, variable, value) =>
      state.setState((current) => ({
        values: { ...current.values, [template]: { ...current.values[template], [variable]: value } },
      })),
    attachTemplate: async (template) => {
      const values = state.getState().values[template.uriTemplate] ?? {};
      if (template.variables.some((name) => (values[name] ?? '').trim() === '')) return;
      await read(expandUriTemplate(template.uriTemplate, values));
    },
  };
}
