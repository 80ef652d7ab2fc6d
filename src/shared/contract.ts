// THE contract between the renderer and the core, assembled from the areas'
// contracts (`<area>/<area>-contract.ts`). Both hosts (Electron IPC and the
// browser host's WebSocket) register exactly these channels, validate every
// input with these schemas at the boundary, and push exactly these events.
import type { z } from 'zod';
import { APP_EVENT_NAMES, appChannels, type AppEventPayloads } from './app/app-contract';
import { BACKEND_EVENT_NAMES, backendChannels, type BackendEventPayloads } from './backend/backend-contract';
import { CHAT_EVENT_NAMES, chatChannels, type ChatEventPayloads } from './chat/chat-contract';
import { COMPARE_EVENT_NAMES, compareChannels, type CompareEventPayloads } from './compare/compare-contract';
import { HISTORY_EVENT_NAMES, historyChannels, type HistoryEventPayloads } from './history/history-contract';
import { HOTKEYS_EVENT_NAMES, hotkeysChannels, type HotkeysEventPayloads } from './hotkeys/hotkeys-contract';
import { IMAGE_EVENT_NAMES, imageChannels, type ImageEventPayloads } from './images/image-contract';
import { KNOWLEDGE_EVENT_NAMES, knowledgeChannels, type KnowledgeEventPayloads } from './knowledge/knowledge-contract';
import { linksChannels } from './links/links-contract';
import { LOCAL_API_EVENT_NAMES, localApiChannels, type LocalApiEventPayloads } from './local-api/local-api-contract';
import { MCP_EVENT_NAMES, mcpChannels, type McpEventPayloads } from './mcp/mcp-contract';
import { modelInfoChannels } from './model-info/model-info-contract';
import { MODELS_EVENT_NAMES, modelsChannels, type ModelsEventPayloads } from './models/models-contract';
import { POOL_EVENT_NAMES, poolChannels, type PoolEventPayloads } from './pool/pool-contract';
import { screenChannels } from './screen/screen-contract';
import { settingsChannels } from './settings/settings-contract';
import { AGENT_EVENT_NAMES, agentChannels, type AgentEventPayloads } from './tools/agent-contract';
import { voiceChannels } from './audio/voice-contract';
import { webSearchChannels } from './tools/web-search/web-search-contract';
import { WORKSHOP_EVENT_NAMES, workshopChannels, type WorkshopEventPayloads } from './workshop/workshop-contract';
import type { Result } from './errors';

export * from './settings-schemas';
export * from './core-types';

/** Every request the renderer may make: channel → input schema and output type, area by area. */
export const invokeChannels = {
  /** The app and its host: info, links opened outside. */
  ...appChannels,
  ...settingsChannels,
  /** The local llama-server: backends, inspect, load, stop, log. */
  ...backendChannels,
  /** The model library (模型库): folders, the file browser, the hub and downloads. */
  ...modelsChannels,
  /** One answer streamed from the local server or a link. */
  ...chatChannels,
  /** Remote OpenAI-compatible endpoints (链接). */
  ...linksChannels,
  /** The agent loop (工具) and the tools it may call. */
  ...agentChannels,
  ...hotkeysChannels,
  /** A screenshot into the chat (F1). */
  ...screenChannels,
  ...mcpChannels,
  /** Where `web_search` sends queries: the Brave and Tavily keys, sealed (the provider is in the settings). */
  ...webSearchChannels,
  /** Every conversation kept (历史). */
  ...historyChannels,
  /** Voice input (声转文): whisper-cli. */
  ...voiceChannels,
  /** The knowledge base (知识库): bases, ingest, retrieval, the embedding server. */
  ...knowledgeChannels,
  /** The workshop (量化): llama-quantize and llama-imatrix, and convert_hf_to_gguf.py in its Python environment. */
  ...workshopChannels,
  /** The Model info page (模型信息): a GGUF file's summary, tensors and vocabulary, the server's /props and /slots. */
  ...modelInfoChannels,
  /** Images (文生图): sd-cli, the gallery, images into the chat. */
  ...imageChannels,
  /** Several models at once through llama-server's router mode. */
  ...poolChannels,
  /** Compare (对比): one prompt to two to four models side by side, with their figures on this machine. */
  ...compareChannels,
  /** The Local API: EVA's OpenAI-compatible server for the user's other programs. */
  ...localApiChannels,
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
/** The channels of one area (`history`, `mcp`…): what a service's handler map covers. */
export type ChannelsOf<Area extends string> = Extract<InvokeChannel, `${Area}:${string}`>;
export type InvokeInput<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['input']>;
export type InvokeOutput<C extends InvokeChannel> = (typeof invokeChannels)[C]['output'];

/** Every event the core pushes to the renderer. */
export interface EventPayloads
  extends
    AppEventPayloads,
    BackendEventPayloads,
    ModelsEventPayloads,
    ChatEventPayloads,
    AgentEventPayloads,
    HotkeysEventPayloads,
    McpEventPayloads,
    HistoryEventPayloads,
    KnowledgeEventPayloads,
    WorkshopEventPayloads,
    ImageEventPayloads,
    PoolEventPayloads,
    CompareEventPayloads,
    LocalApiEventPayloads {}
export type EventName = keyof EventPayloads;
// A record keyed by every event name: an event added to EventPayloads and missing here does not compile.
const EVENT_NAME_SET: Record<EventName, true> = {
  ...APP_EVENT_NAMES,
  ...BACKEND_EVENT_NAMES,
  ...MODELS_EVENT_NAMES,
  ...CHAT_EVENT_NAMES,
  ...AGENT_EVENT_NAMES,
  ...HOTKEYS_EVENT_NAMES,
  ...MCP_EVENT_NAMES,
  ...HISTORY_EVENT_NAMES,
  ...KNOWLEDGE_EVENT_NAMES,
  ...WORKSHOP_EVENT_NAMES,
  ...IMAGE_EVENT_NAMES,
  ...POOL_EVENT_NAMES,
  ...COMPARE_EVENT_NAMES,
  ...LOCAL_API_EVENT_NAMES,
};
export const EVENT_NAMES = Object.keys(EVENT_NAME_SET) as readonly EventName[];

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(invokeChannels, name);
}

/** The one API the renderer sees, implemented by the Electron preload, the WebSocket client and the in-memory fake. */
export interface EvaApi {
  invoke<C extends InvokeChannel>(channel: C, input?: InvokeInput<C>): Promise<Result<InvokeOutput<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}

/** Handlers the core implements: one per channel, input already validated. */
export type InvokeHandlers = {
  [C in InvokeChannel]: (input: z.output<(typeof invokeChannels)[C]['input']>) => Promise<InvokeOutput<C>>;
};

/** The handlers of some channels: what one area's module serves. */
export type HandlersOf<C extends InvokeChannel> = Pick<InvokeHandlers, C>;
