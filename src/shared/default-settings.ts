import type { AppSettings } from './contract';
import { DEFAULT_HOTKEYS } from './hotkeys/hotkey-settings';
import { DEFAULT_HUB_ENDPOINT } from './models/model-library';
import { defaultKnowledgeSettings } from './knowledge/knowledge-settings';
import { defaultImageSettings } from './images/image-settings';
import { defaultPoolSettings } from './pool/pool-settings';
import { DEFAULT_RPC_SETTINGS } from './rpc/rpc-settings';
import { DEFAULT_SPECULATIVE_SETTINGS } from './speculative/speculative-settings';
import { defaultWebSearchSettings } from './tools/web-search/web-search-settings';
import { defaultTtsSettings } from './audio/tts-settings';

/** The settings a fresh install starts with; shared so every host and fake agrees. */

/** The system prompt a fresh install starts with, in each UI language; it follows the language until it is edited. */
export const DEFAULT_SYSTEM_PROMPTS = {
  en: "You are EVA, a helpful assistant running on the user's own computer. Answer clearly and concisely.",
  zh: '你是 EVA，一个运行在用户自己电脑上的助手。请清楚、简洁地回答。',
} as const;

export const DEFAULT_SYSTEM_PROMPT = DEFAULT_SYSTEM_PROMPTS.en;

export function defaultSettings(): AppSettings {
  return {
    version: 1,
    language: 'auto',
    hideToTrayOnClose: true,
    recentModels: [],
    // No folder chosen yet: the library still lists `<data>/models`, where downloads go.
    models: { folders: [], downloadFolder: null, hubEndpoint: DEFAULT_HUB_ENDPOINT },
    links: [],
    tools: {
      policies: {},
      enabled: {},
      maxSteps: 25,
      agentMode: false,
      workspaceDir: '',
      protocol: 'auto',
      sandbox: {
        mode: 'host',
        container: { runtime: '', image: 'docker.io/library/alpine:3', network: false, runArgs: [], runtimeEnv: {} },
        ssh: { host: '', workspaceDir: '', args: [] },
      },
      webSearch: defaultWebSearchSettings(),
      webAllowHosts: [],
    },
    hotkeys: { ...DEFAULT_HOTKEYS },
    // No whisper model ships with the app: empty means "not configured" and voice:status says so.
    voice: { modelPath: '', language: 'auto' },
    // Off until asked for: an app that starts talking unprompted is a surprise.
    readAloud: false,
    // The system's voices until a neural voice model is chosen in the Voice panel.
    tts: defaultTtsSettings(),
    knowledge: defaultKnowledgeSettings(),
    images: defaultImageSettings(),
    pool: defaultPoolSettings(),
    chat: {
      endpoint: { kind: 'local' },
      systemPrompt: DEFAULT_SYSTEM_PROMPT,
      templates: [{ name: 'Default', text: DEFAULT_SYSTEM_PROMPT }],
      userName: 'user',
      modelName: 'assistant',
      stopWords: [],
      sampling: { temperature: 0.6, top_k: 40, top_p: 0.95, min_p: 0.05, repeat_penalty: 1.1, max_tokens: 4096 },
      sendKey: 'ctrl-enter',
      autoTitle: false,
      readAhead: true,
      overflow: 'trim-oldest',
      reopenCacheMb: 4096,
    },
    load: {
      modelPath: '',
      backend: 'auto',
      contextSize: 4096,
      gpuLayers: 'auto',
      threads: 0,
      batchSize: 2048,
      parallel: 1,
      port: null,
      exposeOnNetwork: false,
      jinja: true,
      reasoningFormat: 'auto',
      flashAttention: 'auto',
      loraPath: '',
      mmprojPath: '',
      mlock: false,
      noMmap: false,
      metrics: true,
      rpc: { ...DEFAULT_RPC_SETTINGS },
      speculative: { ...DEFAULT_SPECULATIVE_SETTINGS },
    },
  };
}
