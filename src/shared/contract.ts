// THE contract between the renderer and the core. Both hosts (Electron IPC and
// the browser host's WebSocket) register exactly these channels, validate every
// input with these schemas at the boundary, and push exactly these events.
import { z } from 'zod';
import { ChatSendSchema, EndpointRefSchema, LinkSaveSchema, LinkTestSchema, type LinkProfile } from './chat/schemas';
import type { StreamEvent } from './chat/types';
import type { LiveRun, RunEnded } from './chat/live-run';
import {
  CountTokensSchema,
  OverflowPolicySchema,
  type ContextRecommendation,
  type TokenCount,
} from './chat/context-types';
import { PrefillSchema, type PrefillResult } from './chat/prefill';
import type { LinkPreset } from './links/link-presets';
import { AgentRunSchema, ConsentAnswerSchema, type ToolSettings } from './tools/schemas';
import type { AgentEnd, AgentProtocolReport, AgentStep, ConsentRequest } from './tools/agent/agent-types';
import type { AgentProgress } from './tools/agent/agent-progress';
import type { ToolDescriptor } from './tools/tool-types';
import type { HotkeyAction, HotkeyStatus } from './hotkeys/hotkey-settings';
import { ScreenCaptureRequestSchema, type ScreenCapture } from './screen/screen-capture';
import { McpConfigSchema, McpReconnectSchema, McpSetKeySchema } from './mcp/mcp-config';
import type { McpOverview, McpServerStatus } from './mcp/mcp-status';
import { McpGetPromptSchema, type McpPromptContent, type McpPromptListing } from './mcp/mcp-prompts';
import {
  McpListResourcesSchema,
  McpReadResourceSchema,
  type McpResourceContent,
  type McpResourcePage,
} from './mcp/mcp-resources';
import { ToolSelectionSchema, ToolsPromptRequestSchema } from './tools/tool-selection';
import type { ToolsPromptPreview } from './tools/agent/tools-prompt';
import { IdSchema, NewConversationSchema } from './history/schemas';
import type {
  ConversationMeta,
  ConversationSummary,
  OpenedConversation,
  SearchResult,
  TrashReceipt,
} from './history/types';
import {
  VoiceAppendAudioSchema,
  VoiceRecordingRefSchema,
  VoiceTranscribeRecordingSchema,
  VoiceTranscribeSchema,
  type VoiceStatus,
  type VoiceTranscript,
} from './audio/voice-schemas';
import { checkExternalLink, MAX_LINK_CHARS } from './external-link';
import {
  BrowseSchema,
  DownloadRefSchema,
  HubDownloadSchema,
  HubRepoSchema,
  HubSearchSchema,
  LibraryFoldersSchema,
  type BrowseListing,
  type DownloadState,
  type HubFiles,
  type HubModel,
  type LibraryListing,
} from './models/model-library';
import { BackendLoadSchema, LoadSettingsSchema, SettingsPatchSchema, type AppSettings } from './settings-schemas';
import type {
  AppInfo,
  BackendInfo,
  BackendStatus,
  ChatResult,
  GpuInfo,
  GpuLayerEstimate,
  LogLine,
  ModelFacts,
  Notice,
  ServerProps,
} from './core-types';
import { KNOWLEDGE_EVENT_NAMES, knowledgeChannels, type KnowledgeEventPayloads } from './knowledge/knowledge-contract';
import { WORKSHOP_EVENT_NAMES, workshopChannels, type WorkshopEventPayloads } from './workshop/workshop-contract';
import { modelInfoChannels } from './model-info/model-info-contract';
import { IMAGE_EVENT_NAMES, imageChannels, type ImageEventPayloads } from './images/image-contract';
import { POOL_EVENT_NAMES, poolChannels, type PoolEventPayloads } from './pool/pool-contract';

export * from './settings-schemas';
export * from './core-types';

const empty = z.object({}).strict().optional();
const requestRef = z.object({ requestId: z.string().min(1).max(100) }).strict();
const idRef = z.object({ id: z.string().min(1).max(100) }).strict();
const liveRunsInput = z.object({ conversationId: IdSchema }).strict();
const propsInput = z.object({ endpoint: EndpointRefSchema }).strict().optional();
const historyRef = z.object({ id: IdSchema }).strict();
/** `ids`: only these conversations (those gone are left out), for a page patching its list after `history:changed` */
const historyList = z
  .object({ ids: z.array(IdSchema).min(1).max(500).optional() })
  .strict()
  .optional();
const historyBranch = z.object({ conversationId: IdSchema, messageId: IdSchema }).strict();
const historyRename = z.object({ id: IdSchema, title: z.string().max(500) }).strict();
const historyPin = z.object({ id: IdSchema, pinned: z.boolean() }).strict();
// '' and {} mean "none of its own": the conversation follows the defaults.
const historyConventions = z
  .object({ id: IdSchema, systemPrompt: z.string().max(200_000), sampling: z.record(z.string(), z.unknown()) })
  .strict();
const historyOverflow = z.object({ id: IdSchema, overflow: OverflowPolicySchema.nullable() }).strict();
const historyToolSelection = z.object({ id: IdSchema, toolSelection: ToolSelectionSchema.nullable() }).strict();
const toolsPromptInput = ToolsPromptRequestSchema.optional();
const historyIds = z.object({ ids: z.array(IdSchema).min(1).max(100_000) }).strict();
const historyUndo = z.object({ token: z.string().min(1).max(200) }).strict();
const historySearch = z
  .object({ query: z.string().max(1000), limit: z.number().int().min(1).max(1000).optional() })
  .strict();
const historyExport = z
  .object({
    ids: z.union([z.literal('all'), z.array(IdSchema).min(1).max(100_000)]),
    format: z.enum(['markdown', 'json']),
  })
  .strict();
// Our JSON export of many conversations can be large; 256 MB is far above any real one.
const historyImport = z
  .object({
    text: z
      .string()
      .min(1)
      .max(256 * 1024 * 1024),
  })
  .strict();
const externalLink = z
  .object({ url: z.string().min(1).max(MAX_LINK_CHARS) })
  .strict()
  .refine((input) => checkExternalLink(input.url).ok, {
    message: 'only http, https and mailto links open outside the app',
  });
const channel = <I extends z.ZodType, O>(input: I) => ({ input, output: undefined as unknown as O });

/** Every request the renderer may make: channel → input schema and output type. */
export const invokeChannels = {
  'app:info': channel<typeof empty, AppInfo>(empty),
  /**
   * Open a link from an answer, after the page's confirmation, in the system browser or mail app; `opened: false` where
   * the host has none (the browser host opens it itself).
   */
  'app:open-external': channel<typeof externalLink, { opened: boolean }>(externalLink),
  'settings:get': channel<typeof empty, AppSettings>(empty),
  'settings:update': channel<typeof SettingsPatchSchema, AppSettings>(SettingsPatchSchema),
  'backend:discover': channel<typeof empty, { backends: BackendInfo[]; gpus: GpuInfo[] }>(empty),
  'backend:inspect': channel<
    z.ZodObject<{
      modelPath: z.ZodString;
      mmprojPath: z.ZodOptional<z.ZodString>;
      backend: z.ZodOptional<typeof LoadSettingsSchema.shape.backend>;
    }>,
    {
      model: ModelFacts;
      estimate: GpuLayerEstimate;
      /** the context the load form defaults to, and why; absent from an older core */
      recommendedContext?: ContextRecommendation;
    }
  >(
    z
      .object({
        modelPath: z.string().min(1).max(4096),
        mmprojPath: z.string().max(4096).optional(),
        backend: LoadSettingsSchema.shape.backend.optional(),
      })
      .strict(),
  ),
  'backend:load': channel<typeof BackendLoadSchema, BackendStatus>(BackendLoadSchema),
  /** Whether the local server has a user API key stored, and how it is sealed; the key itself never leaves the core. */
  'backend:api-key': channel<typeof empty, { hasKey: boolean; protection: string }>(empty),
  'backend:stop': channel<typeof empty, BackendStatus>(empty),
  'backend:status': channel<typeof empty, BackendStatus>(empty),
  'backend:log': channel<typeof empty, { lines: LogLine[] }>(empty),
  'dialog:pick-model': channel<typeof empty, { path: string | null }>(empty),
  /** Every `.gguf` in the library folders, with its header facts (scanned now). */
  'models:list': channel<typeof empty, LibraryListing>(empty),
  /** Replace the library folders (the first receives downloads) and rescan. */
  'models:set-folders': channel<typeof LibraryFoldersSchema, LibraryListing>(LibraryFoldersSchema),
  /** The server-side file browser: folders and `.gguf` files of `path` (default: the home folder). */
  'models:browse': channel<typeof BrowseSchema, BrowseListing>(BrowseSchema),
  /** Search the hub (settings.models.hubEndpoint) for GGUF repositories. */
  'hub:search': channel<typeof HubSearchSchema, { models: HubModel[] }>(HubSearchSchema),
  /** A repository's `.gguf` files with size, checksum and whether each fits this machine. */
  'hub:files': channel<typeof HubRepoSchema, HubFiles>(HubRepoSchema),
  /** Start (or resume) a download into the download folder; progress arrives as `models:download`. */
  'hub:download': channel<typeof HubDownloadSchema, DownloadState>(HubDownloadSchema),
  'hub:cancel': channel<typeof DownloadRefSchema, { cancelled: boolean }>(DownloadRefSchema),
  /** Downloads under way and those finished since the app started. */
  'hub:downloads': channel<typeof empty, { downloads: DownloadState[] }>(empty),
  /**
   * Stream one answer; events arrive as `chat:stream`, the promise resolves with the final state (also when stopped or
   * failed).
   */
  'chat:send': channel<typeof ChatSendSchema, ChatResult>(ChatSendSchema),
  'chat:stop': channel<typeof requestRef, { stopped: boolean }>(requestRef),
  /** What the endpoint (default: the local server) says about itself; null where it cannot say (a hosted API). */
  'chat:props': channel<typeof propsInput, ServerProps | null>(propsInput),
  /**
   * The prompt's size as it would be sent: exact (the server's template and tokenizer) for llama-server, else
   * chars/3.5.
   */
  'chat:count-tokens': channel<typeof CountTokensSchema, TokenCount>(CountTokensSchema),
  /** Read the draft question into the local server's KV cache while the user types (@shared/chat/prefill.ts). */
  'chat:prefill': channel<typeof PrefillSchema, PrefillResult>(PrefillSchema),
  'link:list': channel<
    typeof empty,
    { profiles: (LinkProfile & { hasKey: boolean })[]; presets: readonly LinkPreset[]; protection: string }
  >(empty),
  'link:save': channel<typeof LinkSaveSchema, LinkProfile & { hasKey: boolean }>(LinkSaveSchema),
  'link:delete': channel<typeof idRef, { deleted: boolean }>(idRef),
  'link:test': channel<typeof LinkTestSchema, { models: string[] }>(LinkTestSchema),
  /**
   * Run the agent loop; model turns stream as `chat:stream` (request ids `<id>:<turn>`), steps as `agent:step`,
   * approval cards as `agent:ask`.
   */
  'agent:run': channel<
    typeof AgentRunSchema,
    {
      end: AgentEnd;
      answer: string;
      steps: AgentStep[];
      conversationAllowed: string[];
      lastResult: ChatResult | null;
      protocol: AgentProtocolReport;
    }
  >(AgentRunSchema),
  'agent:stop': channel<typeof requestRef, { stopped: boolean }>(requestRef),
  'agent:consent': channel<typeof ConsentAnswerSchema, { accepted: boolean }>(ConsentAnswerSchema),
  /**
   * The tools part of the system prompt a run with these choices would send (prompt protocol), and the tools chosen
   * from; the composer counts it.
   */
  'agent:tools-prompt': channel<typeof toolsPromptInput, ToolsPromptPreview>(toolsPromptInput),
  /**
   * Requests of this conversation the core is answering now (a reloaded or second page re-attaches to them); each ends
   * with `chat:ended`.
   */
  'runs:live': channel<typeof liveRunsInput, { runs: LiveRun[] }>(liveRunsInput),
  'tools:list': channel<typeof empty, { tools: ToolDescriptor[]; settings: ToolSettings; workspaceDir: string }>(empty),
  /** Where each hotkey works now (global, page only, off) and why not global. */
  'hotkeys:status': channel<typeof empty, HotkeyStatus>(empty),
  /** A screenshot of the whole screen as PNG, downscaled to `maxSide` (default 1920; null: full size). */
  'screen:capture': channel<typeof ScreenCaptureRequestSchema, ScreenCapture>(ScreenCaptureRequestSchema),
  /** The MCP config (`<data>/mcp.json`) and every server's status; changes arrive as `mcp:status`. */
  'mcp:list': channel<typeof empty, McpOverview>(empty),
  /** Replace the whole `{ mcpServers }` config; servers whose entry changed are restarted. */
  'mcp:save': channel<typeof McpConfigSchema, McpOverview>(McpConfigSchema),
  /** Reconnect one server now (`name`), or all of them. */
  'mcp:reconnect': channel<typeof McpReconnectSchema, McpOverview>(McpReconnectSchema),
  /** Seal an HTTP server's API key (null removes it) and reconnect it; the key is never sent back, only `hasKey`. */
  'mcp:set-key': channel<typeof McpSetKeySchema, McpOverview>(McpSetKeySchema),
  /**
   * Every ready server's prompts (the composer's slash commands); a server whose listing failed is named in `failures`.
   */
  'mcp:prompts': channel<typeof empty, McpPromptListing>(empty),
  /** `prompts/get`: one prompt with its arguments, its messages read and capped. */
  'mcp:get-prompt': channel<typeof McpGetPromptSchema, McpPromptContent>(McpGetPromptSchema),
  /** One page of a server's resources (its URI templates with the first page). */
  'mcp:resources': channel<typeof McpListResourcesSchema, McpResourcePage>(McpListResourcesSchema),
  /** `resources/read`: one resource, decoded and capped, to attach to a message. */
  'mcp:read-resource': channel<typeof McpReadResourceSchema, McpResourceContent>(McpReadResourceSchema),
  /**
   * The history list, pinned first then newest first; with `ids`, only those conversations (a deleted one is not
   * there).
   */
  'history:list': channel<typeof historyList, { conversations: ConversationSummary[] }>(historyList),
  'history:open': channel<typeof historyRef, OpenedConversation>(historyRef),
  /**
   * The user left the open conversation for a new one: its slot is saved while they type (instant reopen), not when the
   * new question is sent.
   */
  'history:leave': channel<typeof empty, Record<string, never>>(empty),
  'history:create': channel<typeof NewConversationSchema, ConversationMeta>(NewConversationSchema),
  /** Show the branch through `messageId` (‹ 2/3 ›); returns the new active path. */
  'history:select-branch': channel<typeof historyBranch, { activeLeafId: string | null; activePath: string[] }>(
    historyBranch,
  ),
  'history:rename': channel<typeof historyRename, ConversationMeta>(historyRename),
  'history:pin': channel<typeof historyPin, ConversationMeta>(historyPin),
  /**
   * Save the conversation's own system prompt and sampling (the Parameters panel's "This conversation"); empty ones: it
   * follows the defaults.
   */
  'history:set-conventions': channel<typeof historyConventions, ConversationMeta>(historyConventions),
  /** Set what a send does when the conversation no longer fits the context; null: follow settings.chat.overflow. */
  'history:set-overflow': channel<typeof historyOverflow, ConversationMeta>(historyOverflow),
  /**
   * Save which tools the conversation leaves out (the composer's tool selection); null: it offers every switched-on
   * tool.
   */
  'history:set-tool-selection': channel<typeof historyToolSelection, ConversationMeta>(historyToolSelection),
  /**
   * Moves conversations to the trash; `history:undo-delete` with the receipt's token brings them back for a few
   * seconds.
   */
  'history:delete': channel<typeof historyIds, TrashReceipt>(historyIds),
  'history:clear': channel<typeof empty, TrashReceipt>(empty),
  'history:undo-delete': channel<typeof historyUndo, { restored: string[] }>(historyUndo),
  'history:search': channel<typeof historySearch, SearchResult>(historySearch),
  'history:export': channel<typeof historyExport, { text: string; fileName: string; mime: string }>(historyExport),
  'history:import': channel<typeof historyImport, { created: ConversationMeta[] }>(historyImport),
  /**
   * Transcribe a WAV (16 kHz mono 16-bit from toWhisperWav) with whisper-cli and settings.voice; failures carry
   * `details.reason` (VoiceFailureReason).
   */
  'voice:transcribe': channel<typeof VoiceTranscribeSchema, VoiceTranscript>(VoiceTranscribeSchema),
  /**
   * The next piece of a microphone recording while it is made, so stopping leaves almost nothing to send; answers the
   * bytes the core now holds.
   */
  'voice:append-audio': channel<typeof VoiceAppendAudioSchema, { bytes: number }>(VoiceAppendAudioSchema),
  /**
   * Transcribe a recording sent with voice:append-audio, like voice:transcribe; `recording_incomplete` when the core
   * lacks part of it.
   */
  'voice:transcribe-recording': channel<typeof VoiceTranscribeRecordingSchema, VoiceTranscript>(
    VoiceTranscribeRecordingSchema,
  ),
  /** Forget a recording sent with voice:append-audio (the user dropped it). */
  'voice:discard-recording': channel<typeof VoiceRecordingRefSchema, { discarded: boolean }>(VoiceRecordingRefSchema),
  /** Stop the transcription started with this request id. */
  'voice:cancel': channel<typeof requestRef, { cancelled: boolean }>(requestRef),
  /** Whether voice input can work now: whisper-cli found, model configured and readable. */
  'voice:status': channel<typeof empty, VoiceStatus>(empty),
  /** The knowledge base (知识库): bases, ingest, retrieval, the embedding server (knowledge/knowledge-contract.ts). */
  ...knowledgeChannels,
  /**
   * The workshop (量化): llama-quantize and llama-imatrix, and convert_hf_to_gguf.py in its Python environment
   * (workshop/workshop-contract.ts).
   */
  ...workshopChannels,
  /**
   * The Model info page (模型信息): a GGUF file's summary, its tensors and vocabulary by the page, the local server's
   * /props and /slots (model-info/model-info-contract.ts).
   */
  ...modelInfoChannels,
  /** Images (文生图): sd-cli, the gallery, images into the chat (images/image-contract.ts). */
  ...imageChannels,
  /** Several models at once through llama-server's router mode (pool/pool-contract.ts). */
  ...poolChannels,
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
/** The channels of one area (`history`, `mcp`…): what a service's handler map covers. */
export type ChannelsOf<Area extends string> = Extract<InvokeChannel, `${Area}:${string}`>;
export type InvokeInput<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['input']>;
export type InvokeOutput<C extends InvokeChannel> = (typeof invokeChannels)[C]['output'];

/** Every event the core pushes to the renderer. */
export interface EventPayloads
  extends KnowledgeEventPayloads, WorkshopEventPayloads, ImageEventPayloads, PoolEventPayloads {
  'backend:state': BackendStatus;
  'backend:log-lines': { lines: LogLine[] };
  'app:notice': Notice;
  /** parsed stream events of one `chat:send`, in order, batched */
  'chat:stream': { requestId: string; events: StreamEvent[] };
  /** a finished step of an agent run */
  'agent:step': { requestId: string; step: AgentStep };
  /** an approval card: the run waits until `agent:consent` answers it */
  'agent:ask': ConsentRequest;
  /** progress of the call an agent run is waiting on (MCP progress notifications), a few a second at most */
  'agent:progress': AgentProgress;
  /** a recorded chat request or agent run is over and its answer saved */
  'chat:ended': RunEnded;
  /**
   * the history list changed (a message saved, a title set, a delete): `history:list` with these ids gets them as they
   * are now
   */
  'history:changed': { conversationIds: string[] };
  /** every configured MCP server's status, after any of them changed */
  'mcp:status': { servers: McpServerStatus[] };
  /** a global hotkey was pressed (Electron); page hotkeys are seen by the renderer itself */
  'hotkey:pressed': { action: HotkeyAction };
  /** a download's progress or end */
  'models:download': DownloadState;
}
export type EventName = keyof EventPayloads;
// A record keyed by every event name: an event added to EventPayloads and missing here does not compile.
const EVENT_NAME_SET: Record<EventName, true> = {
  'backend:state': true,
  'backend:log-lines': true,
  'app:notice': true,
  'chat:stream': true,
  'agent:step': true,
  'agent:ask': true,
  'agent:progress': true,
  'chat:ended': true,
  'history:changed': true,
  'mcp:status': true,
  'hotkey:pressed': true,
  'models:download': true,
  ...KNOWLEDGE_EVENT_NAMES,
  ...WORKSHOP_EVENT_NAMES,
  ...IMAGE_EVENT_NAMES,
  ...POOL_EVENT_NAMES,
};
export const EVENT_NAMES = Object.keys(EVENT_NAME_SET) as readonly EventName[];

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(invokeChannels, name);
}

/** The one API the renderer sees, implemented by the Electron preload, the WebSocket client and the in-memory fake. */
export interface EvaApi {
  invoke<C extends InvokeChannel>(
    channel: C,
    input?: InvokeInput<C>,
  ): Promise<import('./errors').Result<InvokeOutput<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}

/** Handlers the core implements: one per channel, input already validated. */
export type InvokeHandlers = {
  [C in InvokeChannel]: (input: z.output<(typeof invokeChannels)[C]['input']>) => Promise<InvokeOutput<C>>;
};
