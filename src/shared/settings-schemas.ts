// The persisted settings and the load settings, as schemas: what settings.json
// holds and what `settings:update` / `backend:load` accept. Part of the contract
// (contract.ts re-exports it); kept apart so each file has one job.
import { z } from 'zod';
import { ChatSettingsSchema, LinkProfileSchema } from './chat/schemas';
import { ToolSettingsSchema } from './tools/schemas';
import { HotkeySettingsInputSchema, HotkeySettingsSchema } from './hotkeys/hotkey-settings';
import { VoiceSettingsSchema } from './audio/voice-schemas';
import { TtsSettingsPatchSchema, TtsSettingsSchema } from './audio/tts-settings';
import { ModelSettingsSchema } from './models/model-library';
import { EmbedderSettingsSchema, KnowledgeSettingsSchema } from './knowledge/knowledge-settings';
import { ImageSettingsSchema } from './images/image-settings';
import { PoolSettingsSchema } from './pool/pool-settings';
import { RpcSettingsSchema } from './rpc/rpc-settings';
import { SpeculativeSettingsSchema } from './speculative/speculative-settings';

export const BACKEND_KINDS = ['cuda', 'vulkan', 'opencl', 'cpu'] as const;
/** A llama-server build flavour; the order above is the `auto` priority. */
export const BackendKindSchema = z.enum(BACKEND_KINDS);
export type BackendKind = z.infer<typeof BackendKindSchema>;

/**
 * Everything that decides how llama-server is started. Sampling is not here on purpose: it never restarts the server.
 */
export const LoadSettingsSchema = z.object({
  modelPath: z.string().max(4096),
  backend: z.union([z.literal('auto'), BackendKindSchema]),
  contextSize: z.number().int().min(0).max(4_194_304),
  /** 'auto' uses the VRAM estimate; a number overrides it. */
  gpuLayers: z.union([z.literal('auto'), z.number().int().min(0).max(10_000)]),
  /** 0 lets llama-server choose. */
  threads: z.number().int().min(0).max(1024),
  batchSize: z.number().int().min(1).max(65_536),
  parallel: z.number().int().min(1).max(256),
  /**
   * null picks a free port; a taken port falls back to a free one for this run. Range is checked by the port policy so
   * the error is specific.
   */
  port: z.number().int().nullable(),
  /**
   * Bind 0.0.0.0 instead of 127.0.0.1 (shown with a warning); needs the user's API key, sealed in the secret store,
   * never here.
   */
  exposeOnNetwork: z.boolean(),
  jinja: z.boolean(),
  reasoningFormat: z.enum(['auto', 'none', 'deepseek']),
  flashAttention: z.enum(['auto', 'on', 'off']),
  loraPath: z.string().max(4096),
  mmprojPath: z.string().max(4096),
  mlock: z.boolean(),
  noMmap: z.boolean(),
  metrics: z.boolean(),
  /** llama.cpp RPC workers that hold part of the model (rpc-settings.ts) */
  rpc: RpcSettingsSchema,
  /** speculative decoding: a draft model or n-grams guess tokens the model checks (speculative-settings.ts) */
  speculative: SpeculativeSettingsSchema,
});
export type LoadSettings = z.infer<typeof LoadSettingsSchema>;

/** Visible ASCII only: what a client can send in an Authorization header. */
export const HTTP_TOKEN_TEXT = /^[\x21-\x7e]+$/;

/**
 * What `backend:load` takes: the settings, and the API key clients on the network
 * must send: a new key, null to remove the stored one, absent to keep it. The key is
 * sealed in the secret store and never comes back to the renderer.
 */
export const BackendLoadSchema = LoadSettingsSchema.extend({
  apiKey: z
    .string()
    .min(1)
    .max(512)
    .regex(HTTP_TOKEN_TEXT, 'an API key is printable ASCII with no spaces (it travels in an HTTP header)')
    .nullable()
    .optional(),
});
export type BackendLoad = z.infer<typeof BackendLoadSchema>;

export const LanguageSchema = z.enum(['auto', 'en', 'zh']);
export type Language = z.infer<typeof LanguageSchema>;

/** The persisted settings file (`<data>/settings.json`). */
export const AppSettingsSchema = z.object({
  version: z.literal(1),
  language: LanguageSchema,
  hideToTrayOnClose: z.boolean(),
  load: LoadSettingsSchema,
  recentModels: z.array(z.string().max(4096)).max(20),
  models: ModelSettingsSchema,
  chat: ChatSettingsSchema,
  links: z.array(LinkProfileSchema).max(100),
  tools: ToolSettingsSchema,
  hotkeys: HotkeySettingsSchema,
  voice: VoiceSettingsSchema,
  /** speak answers aloud as they stream */
  readAloud: z.boolean(),
  /** the voice that reads answers aloud: the system's, or a neural one with llama-tts (tts-settings.ts) */
  tts: TtsSettingsSchema,
  /** the knowledge base: embedder, passage size, retrieval */
  knowledge: KnowledgeSettingsSchema,
  /** the image page: template, model files per template, sd-cli threads */
  images: ImageSettingsSchema,
  /** several models at once: the router's models, how many loaded together, the memory budget */
  pool: PoolSettingsSchema,
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;

/** A partial update of the settings; `load` may itself be partial. */
export const SettingsPatchSchema = z
  .object({
    language: LanguageSchema,
    hideToTrayOnClose: z.boolean(),
    load: LoadSettingsSchema.partial(),
    recentModels: z.array(z.string().max(4096)).max(20),
    models: ModelSettingsSchema.partial(),
    chat: ChatSettingsSchema.partial(),
    tools: ToolSettingsSchema.partial(),
    /** all three bindings at once, refused when any is invalid or two collide */
    hotkeys: HotkeySettingsInputSchema,
    /** both fields at once: the renderer spreads the current ones */
    voice: VoiceSettingsSchema,
    readAloud: z.boolean(),
    tts: TtsSettingsPatchSchema,
    knowledge: KnowledgeSettingsSchema.extend({ embedder: EmbedderSettingsSchema.partial() }).partial(),
    images: ImageSettingsSchema.partial(),
    pool: PoolSettingsSchema.partial(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
