// The composer's view of the tool list while Tools is on: which tools the
// conversation may offer (`agent:tools-prompt`), and how many tokens the tools
// part of the system prompt takes, with the selection and with every tool,
// counted by `chat:count-tokens` (exact where llama-server tokenizes, else the
// estimate) 300 ms after the last change. A newer question drops an older answer.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TokenCount } from '@shared/chat/context-types';
import type { ToolsPromptPreview } from '@shared/tools/agent/tools-prompt';
import type { EvaApi } from '../../platform/types';
import type { Timers } from '../../lib/timers';
import type { SettingsStore } from '../settings/settings-store';
import type { ChatStore } from './chat-store-types';
import { effectiveChat } from './conversation-conventions';

export const TOOL_COUNT_DELAY_MS = 300;

export interface ToolPromptState {
  /** the conversation's tools and the prompt they make; null while Tools is off or not yet asked */
  preview: ToolsPromptPreview | null;
  /** the tools part as the next run would send it */
  selected: TokenCount | null;
  /** the same with nothing left out (equal to `selected` when nothing is) */
  all: TokenCount | null;
}

export interface ToolPromptModel {
  state: StoreApi<ToolPromptState>;
  /** follow Tools, the selection, the settings and the MCP servers; returns the teardown */
  start(): () => void;
}

const EMPTY: ToolPromptState = { preview: null, selected: null, all: null };

export function createToolPromptModel({
  api,
  app,
  chat,
  timers,
  delayMs = TOOL_COUNT_DELAY_MS,
}: {
  api: EvaApi;
  app: SettingsStore;
  chat: ChatStore;
  timers: Timers;
  delayMs?: number;
}): ToolPromptModel {
  const state = createStore<ToolPromptState>()(() => EMPTY);
  let timer: unknown = null;
  let ticket = 0;

  const measure = async (): Promise<void> => {
    const settings = app.store.getState().settings;
    if (!settings || !chat.useTools.getState()) return;
    const mine = ++ticket;
    const enableTools = [...chat.conversationTools.getState()];
    const off = chat.toolSelection.getState()?.off ?? [];
    const endpoint = effectiveChat(settings.chat, chat.conventions.getState()).endpoint;
    const ask = (disableTools: readonly string[]) =>
      api.invoke('agent:tools-prompt', {
        ...(enableTools.length > 0 ? { enableTools } : {}),
        ...(disableTools.length > 0 ? { disableTools: [...disableTools] } : {}),
      });
    const count = (text: string) =>
      api
        .invoke('chat:count-tokens', { endpoint, systemPrompt: text, messages: [] })
        .then((r) => (r.ok ? r.value : null));
    const [selected, all] = await Promise.all([ask(off), off.length > 0 ? ask([]) : null]);
    if (mine !== ticket || !selected.ok) return;
    state.setState({ preview: selected.value }, false);
    const [selectedCount, allCount] = await Promise.all([
      count(selected.value.text),
      all?.ok ? count(all.value.text) : null,
    ]);
    if (mine !== ticket) return;
    state.setState({ selected: selectedCount, all: off.length > 0 ? allCount : selectedCount });
  };

  const schedule = (): void => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    ticket++;
    if (!chat.useTools.getState()) {
      state.setState(EMPTY, true);
      return;
    }
    timer = timers.setTimeout(() => {
      timer = null;
      void measure();
    }, delayMs);
  };

  return {
    state,
    start: () => {
      const stores: StoreApi<unknown>[] = [
        chat.useTools,
        chat.conversationTools,
        chat.toolSelection,
        chat.conventions,
        chat.props,
        app.store,
      ] as StoreApi<unknown>[];
      const offs = stores.map((store) => store.subscribe(schedule));
      // A server connecting, failing or changing its tools changes the list.
      offs.push(api.on('mcp:status', schedule));
      schedule();
      return () => {
        for (const off of offs) off();
        if (timer !== null) timers.clearTimeout(timer);
        ticket++;
      };
    },
  };
}
