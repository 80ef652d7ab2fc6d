// The composer's slash commands: typing "/" (and a word) lists the prompts of
// the connected MCP servers; ↑/↓ move, Enter or Tab pick, Esc closes. A prompt
// with arguments asks for them first; the fetched prompt replaces the "/word" in
// the draft (mcp-draft.ts). Free of React: the view subscribes to `state`.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ServerProps } from '@shared/contract';
import type { McpPromptInfo } from '@shared/mcp/mcp-prompts';
import type { ErrorLike } from '../../ui/app-error-text';
import type { EvaApi } from '../../platform/types';
import type { ChatStore } from './chat-store-types';
import { draftAddition, withAddition, type LeftOut } from './mcp-draft';

/** Rows the menu shows at most; typing narrows them. */
export const MAX_SHOWN = 50;

export interface PromptForm {
  prompt: McpPromptInfo;
  values: Record<string, string>;
  /** required arguments left empty on the last submit */
  missing: string[];
}

export interface SlashMenuState {
  /** the word after "/" while the menu is open; null when it is shut */
  query: string | null;
  /** null while loading */
  prompts: McpPromptInfo[] | null;
  /** servers whose prompts could not be listed */
  failures: { server: string; message: string }[];
  loadError: ErrorLike | null;
  active: number;
  form: PromptForm | null;
  /** a prompt is being fetched */
  busy: boolean;
  /** why the last fetch failed */
  error: ErrorLike | null;
  /** what the last picked prompt could not put into the draft */
  leftOut: LeftOut[];
}

export interface SlashMenu {
  state: StoreApi<SlashMenuState>;
  /** follow the draft; returns the teardown */
  start(): () => void;
  /** a key pressed in the message box; true when the menu used it (the box must not) */
  key(key: string): boolean;
  pick(prompt: McpPromptInfo): Promise<void>;
  setValue(name: string, value: string): void;
  submit(): Promise<void>;
  close(): void;
  dismissLeftOut(): void;
}

const CLOSED: SlashMenuState = {
  query: null,
  prompts: null,
  failures: [],
  loadError: null,
  active: 0,
  form: null,
  busy: false,
  error: null,
  leftOut: [],
};

/** The word being typed after a lone "/" at the start of the draft; null when the draft is anything else. */
export function slashQuery(text: string): string | null {
  return /^\/(\S*)$/.exec(text)?.[1] ?? null;
}

/** Prompts whose name, title or server contain the query; names that start with it first. */
export function matchingPrompts(prompts: readonly McpPromptInfo[] | null, query: string | null): McpPromptInfo[] {
  if (!prompts || query === null) return [];
  const q = query.toLowerCase();
  const hits = prompts.filter((p) => `${p.name} ${p.title} ${p.server}`.toLowerCase().includes(q));
  const starts = (p: McpPromptInfo) => (p.name.toLowerCase().startsWith(q) ? 0 : 1);
  return hits.sort((a, b) => starts(a) - starts(b)).slice(0, MAX_SHOWN);
}

export interface SlashMenuDeps {
  api: EvaApi;
  chat: Pick<ChatStore, 'draft' | 'composerFocus'>;
  newId: () => string;
  /** what the model takes (the local server's props); null: let the endpoint decide */
  mediaProps: () => Pick<ServerProps, 'vision' | 'audio'> | null;
}

export function createSlashMenu({ api, chat, newId, mediaProps }: SlashMenuDeps): SlashMenu {
  const state = createStore<SlashMenuState>()(() => CLOSED);
  /** the draft text Esc closed the menu on: it stays shut until the text changes */
  let dismissedOn: string | null = null;
  let ticket = 0;
  /** Enter or Tab pressed while the prompts were still loading: picked once they arrive */
  let pickWhenLoaded = false;

  const pickActive = (current: SlashMenuState): void => {
    const shown = matchingPrompts(current.prompts, current.query);
    const chosen = shown[Math.min(current.active, shown.length - 1)];
    if (chosen) void pick(chosen);
  };

  const load = async (): Promise<void> => {
    const mine = ++ticket;
    const result = await api.invoke('mcp:prompts');
    if (mine !== ticket || state.getState().query === null) return;
    state.setState(
      result.ok
        ? { prompts: result.value.prompts, failures: result.value.failures, loadError: null }
        : { prompts: [], failures: [], loadError: result.error },
    );
    if (pickWhenLoaded) {
      pickWhenLoaded = false;
      pickActive(state.getState());
    }
  };

  const follow = (text: string): void => {
    const query = slashQuery(text);
    const current = state.getState();
    if (current.form !== null) return;
    if (query === null || text === dismissedOn) {
      if (current.query !== null) state.setState({ ...CLOSED, leftOut: current.leftOut }, true);
      if (query === null) dismissedOn = null;
      return;
    }
    // Opened afresh: the servers' prompts now, not those of the last time.
    pickWhenLoaded = false;
    if (current.query === null) {
      state.setState({ ...CLOSED, query, leftOut: [] }, true);
      void load();
      return;
    }
    if (query !== current.query) state.setState({ query, active: 0 });
  };

  const close = (): void => {
    ticket++;
    pickWhenLoaded = false;
    dismissedOn = chat.draft.getState().text;
    state.setState((current) => ({ ...CLOSED, leftOut: current.leftOut }), true);
  };

  const fetchPrompt = async (prompt: McpPromptInfo, values: Record<string, string>): Promise<void> => {
    state.setState({ busy: true, error: null });
    const args = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    const result = await api.invoke('mcp:get-prompt', {
      server: prompt.server,
      name: prompt.name,
      ...(Object.keys(args).length > 0 ? { arguments: args } : {}),
    });
    if (!result.ok) {
      state.setState({ busy: false, error: result.error });
      return;
    }
    const addition = draftAddition(
      result.value.messages.flatMap((message) => message.parts),
      newId,
      mediaProps(),
    );
    const next = withAddition(chat.draft.getState(), addition, true);
    dismissedOn = next.text;
    state.setState({ ...CLOSED, leftOut: addition.leftOut }, true);
    chat.draft.setState(next, true);
    chat.composerFocus.setState((n) => n + 1, true);
  };

  const pick = async (prompt: McpPromptInfo): Promise<void> => {
    if (prompt.arguments.length > 0) {
      state.setState({ form: { prompt, values: {}, missing: [] }, error: null });
      return;
    }
    await fetchPrompt(prompt, {});
  };

  return {
    state,
    start: () => {
      follow(chat.draft.getState().text);
      const off = chat.draft.subscribe((draft, before) => {
        if (draft.text !== before.text) follow(draft.text);
      });
      return () => {
        off();
        ticket++;
      };
    },
    key: (key) => {
      const current = state.getState();
      if (current.query === null || current.form !== null) return false;
      if (key === 'Escape') {
        close();
        return true;
      }
      // Typed faster than the servers listed their prompts: the pick waits for them instead of becoming a newline.
      if (current.prompts === null && (key === 'Enter' || key === 'Tab')) {
        pickWhenLoaded = true;
        return true;
      }
      const shown = matchingPrompts(current.prompts, current.query);
      if (shown.length === 0) return false;
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        const step = key === 'ArrowDown' ? 1 : -1;
        state.setState({ active: (current.active + step + shown.length) % shown.length });
        return true;
      }
      if (key === 'Enter' || key === 'Tab') {
        pickActive(current);
        return true;
      }
      return false;
    },
    pick,
    setValue: (name, value) =>
      state.setState((current) =>
        current.form ? { form: { ...current.form, values: { ...current.form.values, [name]: value } } } : current,
      ),
    submit: async () => {
      const { form, busy } = state.getState();
      if (!form || busy) return;
      const missing = form.prompt.arguments
        .filter((arg) => arg.required && (form.values[arg.name] ?? '').trim() === '')
        .map((arg) => arg.name);
      if (missing.length > 0) {
        state.setState({ form: { ...form, missing } });
        return;
      }
      await fetchPrompt(form.prompt, form.values);
    },
    close,
    dismissLeftOut: () => state.setState({ leftOut: [] }),
  };
}
