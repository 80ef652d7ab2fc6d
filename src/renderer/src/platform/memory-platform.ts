// An in-memory EvaApi for component tests and the dev preview (`?demo`). It checks
// inputs with the contract's schemas like the real hosts do and imitates a load
// (starting → log lines → ready), but starts nothing. Not for end-to-end tests.
import {
  invokeChannels,
  type AppInfo,
  type AppSettings,
  type BackendInfo,
  type BackendLoad,
  type BackendStatus,
  type GpuInfo,
  type GpuLayerEstimate,
  type LoadSettings,
  type LogLine,
  type ModelFacts,
} from '@shared/contract';
import type {
  EvaApi,
  EventName,
  ModelDrop,
  ModelUpload,
  EventPayloads,
  InvokeChannel,
  InvokeInput,
  InvokeOutput,
  Result,
} from './types';
import { realTimers, type Timers } from '../lib/timers';
import { defaultSettings } from '@shared/default-settings';
import { createFakeChat, type FakeChatOptions } from './fake-chat';
import { createFakeTools, type FakeToolsOptions } from './fake-tools';
import { createFakeHistory } from './fake-history';
import { createFakeMcp } from './fake-mcp';
import { createFakeVoice } from './fake-voice';
import { createFakeScreen, type FakeScreenOptions } from './fake-screen';
import { createFakeModels, type FakeModelsOptions } from './fake-models';
import { createFakeKnowledge } from './fake-knowledge';
import { createFakeWorkshop, type FakeWorkshopOptions } from './fake-workshop';
import { createFakeModelInfo, type FakeModelInfoOptions } from './fake-model-info';
import { createFakeImages, type FakeImagesOptions } from './fake-images';
import type { PoolStatus } from '@shared/pool/pool-types';
import { newId } from '../lib/new-id';

type Handler<C extends InvokeChannel> = (
  input: InvokeInput<C>,
) => Result<InvokeOutput<C>> | Promise<Result<InvokeOutput<C>>>;

export interface MemoryPlatformOptions
  extends
    FakeChatOptions,
    FakeToolsOptions,
    FakeScreenOptions,
    FakeModelsOptions,
    FakeModelInfoOptions,
    FakeWorkshopOptions,
    FakeImagesOptions {
  /**
   * how dropped model files arrive: 'upload' as in the browser host (default), 'path' as in Electron (the file's name
   * under /dropped)
   */
  dropMode?: 'upload' | 'path';
  appInfo?: Partial<AppInfo>;
  settings?: AppSettings;
  backends?: BackendInfo[];
  gpus?: GpuInfo[];
  log?: LogLine[];
  /** Simulated time from `backend:load` to ready; 0 answers at once. */
  loadDelayMs?: number;
  now?: () => number;
  timers?: Timers;
}

export interface MemoryPlatform extends EvaApi {
  /** Push an event to every listener, as the core would. */
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  /** Replace the simulated handler of one channel. */
  handle<C extends InvokeChannel>(channel: C, handler: Handler<C>): void;
  /** Add lines to the model log and push them as `backend:log-lines`. */
  appendLog(texts: string[], stream?: LogLine['stream']): void;
  /** Every invoke received, in order. */
  readonly calls: Array<{ channel: InvokeChannel; input: unknown }>;
  readonly state: { settings: AppSettings; status: BackendStatus; log: LogLine[] };
  /** the browser host's upload (dropMode 'upload') */
  readonly modelUpload?: ModelUpload;
  /** Electron's path lookup (dropMode 'path') */
  readonly modelDrop?: ModelDrop;
}

/** The same defaults a fresh install of the real app starts with. */
export const memoryDefaultSettings = defaultSettings;

const blankStatus = (since: number): BackendStatus => ({
  state: 'stopped',
  since,
  backend: null,
  model: null,
  host: null,
  port: null,
  gpuLayers: null,
  estimate: null,
  pid: null,
  loadMs: null,
  restarts: 0,
  notices: [],
  error: null,
});

/** Fake GGUF facts: any path ending in .gguf "exists", other paths are not GGUF files. */
function fakeFacts(path: string): Result<ModelFacts> {
  if (!/\.gguf$/i.test(path))
    return { ok: false, error: { code: 'model_invalid', message: `not a GGUF file: ${path}` } };
  if (/missing/i.test(path))
    return { ok: false, error: { code: 'model_missing', message: `model file not found: ${path}` } };
  const name =
    path
      .split(/[\\/]/)
      .pop()
      ?.replace(/\.gguf$/i, '') ?? path;
  return {
    ok: true,
    value: {
      path,
      name,
      architecture: 'qwen2',
      nLayer: 28,
      contextLength: 32_768,
      embeddingLength: 1536,
      fileSize: 1_120_000_000,
      mmprojSize: 0,
      hasChatTemplate: true,
    },
  };
}

export function createMemoryPlatform(options: MemoryPlatformOptions = {}): MemoryPlatform {
  const now = options.now ?? Date.now;
  const timers = options.timers ?? realTimers();
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const calls: MemoryPlatform['calls'] = [];
  const state = {
    settings: options.settings ?? memoryDefaultSettings(),
    status: blankStatus(now()),
    log: [...(options.log ?? [])],
    loadKeyStored: false,
  };
  const gpus = options.gpus ?? [];
  const backends = options.backends ?? [
    { kind: 'cpu', serverPath: '/opt/eva/bin/cpu/llama-server', executable: true, build: null },
  ];
  let seq = state.log.at(-1)?.seq ?? 0;

  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]): void => {
    for (const listener of listeners.get(event) ?? []) (listener as (p: EventPayloads[E]) => void)(payload);
  };
  const setStatus = (patch: Partial<BackendStatus>): BackendStatus => {
    state.status = { ...state.status, ...patch };
    emit('backend:state', state.status);
    return state.status;
  };
  const appendLog = (texts: string[], stream: LogLine['stream'] = 'stderr'): void => {
    const lines = texts.map((text) => ({ seq: ++seq, time: now(), stream, text }));
    state.log.push(...lines);
    emit('backend:log-lines', { lines });
  };
  const ok = <T>(value: T): Result<T> => ({ ok: true, value });
  const fakeEstimate = (model: ModelFacts): GpuLayerEstimate => {
    const maxLayers = model.nLayer + 1;
    return gpus.length > 0
      ? { gpuLayers: maxLayers, maxLayers, reason: 'model fits in free VRAM' }
      : { gpuLayers: 0, maxLayers, reason: 'no GPU found' };
  };

  /** cancels the load in progress, if any */
  let pendingLoad: (() => void) | null = null;

  const simulateLoad = (settings: LoadSettings): Promise<Result<BackendStatus>> => {
    const facts = fakeFacts(settings.modelPath);
    const started = now();
    const host = settings.exposeOnNetwork ? '0.0.0.0' : '127.0.0.1';
    const port = settings.port === 8080 ? 39_217 : (settings.port ?? 41_873);
    const notices = [
      ...(settings.port === 8080 ? ['port 8080 in use; using 39217 for this run'] : []),
      ...(settings.exposeOnNetwork ? ['listening on 0.0.0.0: reachable from your network'] : []),
    ];
    const backend = backends.find((b) => b.executable)?.kind ?? 'cpu';
    setStatus({
      ...blankStatus(started),
      state: 'starting',
      backend,
      host,
      port,
      notices,
      restarts: state.status.restarts,
    });
    appendLog([`[eva] starting ${backend} llama-server on ${host}:${port}`], 'app');
    appendLog([
      'build: 6000 (abc1234) with cc for x86_64-linux-gnu',
      `llama_model_loader: loaded meta data from ${settings.modelPath}`,
    ]);
    if (!facts.ok) {
      appendLog([`gguf_init_from_file: failed to read magic`, 'main: error: failed to load model']);
      const error = { ...facts.error, details: { logTail: state.log.slice(-4).map((l) => l.text) } };
      setStatus({ state: 'error', since: now(), error });
      return Promise.resolve({ ok: false, error });
    }
    const estimate = fakeEstimate(facts.value);
    const gpuLayers = settings.gpuLayers === 'auto' ? estimate.gpuLayers : settings.gpuLayers;
    return new Promise((resolve) => {
      const finish = (): void => {
        pendingLoad = null;
        appendLog([
          `main: server is listening on http://${host}:${port} - starting the main loop`,
          'srv  update_slots: all slots are idle',
        ]);
        resolve(
          ok(
            setStatus({
              state: 'ready',
              since: now(),
              model: facts.value,
              gpuLayers,
              estimate,
              pid: 4242,
              loadMs: now() - started,
            }),
          ),
        );
      };
      if ((options.loadDelayMs ?? 0) <= 0) return finish();
      const timer = timers.setTimeout(finish, options.loadDelayMs ?? 0);
      // As the core: a stop during the load supersedes it.
      pendingLoad = () => {
        timers.clearTimeout(timer);
        pendingLoad = null;
        resolve({ ok: false, error: { code: 'backend_failed', message: 'superseded by a newer load or stop' } });
      };
    });
  };

  const models = createFakeModels({ state, emit, timers, options });
  const stoppedPool: PoolStatus = {
    state: 'stopped',
    port: null,
    pid: null,
    models: [],
    maxLoaded: 0,
    budgetBytes: 0,
    usedBytes: 0,
    error: null,
    restart: null,
  };
  const history = createFakeHistory(
    now,
    () => newId(),
    (conversationIds) => emit('history:changed', { conversationIds }),
  );
  const knowledge = createFakeKnowledge({ emit, now, settings: () => state.settings });
  const handlers: { [C in InvokeChannel]: Handler<C> } = {
    'app:open-external': () => ok({ opened: false }),
    'app:info': () =>
      ok({
        version: '0.1.0',
        host: 'browser',
        platform: 'linux',
        dataDir: '/home/user/.eva',
        systemLanguage: 'en-US',
        canPickFiles: false,
        ...options.appInfo,
      }),
    'settings:get': () => ok(state.settings),
    'settings:update': (patch) => {
      const { load, chat, tools, models, knowledge, images, pool, ...rest } = patch ?? {};
      state.settings = {
        ...state.settings,
        ...rest,
        load: { ...state.settings.load, ...load },
        chat: { ...state.settings.chat, ...chat },
        tools: { ...state.settings.tools, ...tools },
        models: { ...state.settings.models, ...models },
      };
      if (knowledge)
        state.settings.knowledge = {
          ...state.settings.knowledge,
          ...knowledge,
          embedder: { ...state.settings.knowledge.embedder, ...knowledge.embedder },
        };
      if (images) state.settings.images = { ...state.settings.images, ...images };
      if (pool) state.settings.pool = { ...state.settings.pool, ...pool };
      return ok(state.settings);
    },
    'backend:discover': () => ok({ backends, gpus }),
    'backend:inspect': (input) => {
      const facts = fakeFacts(input?.modelPath ?? '');
      // As a 16 GB machine would answer for the fake 32K-trained model: memory allows half of it.
      const recommendedContext = {
        tokens: 16_384,
        trained: facts.ok ? facts.value.contextLength : 0,
        memoryAllows: 16_384,
        memory: 'ram' as const,
        kvBytesPerToken: 28_672,
        limit: 'memory' as const,
      };
      return facts.ok ? ok({ model: facts.value, estimate: fakeEstimate(facts.value), recommendedContext }) : facts;
    },
    'backend:load': (input) => {
      const { apiKey, ...settings } = input as BackendLoad;
      // As the core: null removes the stored key, a string replaces it, nothing keeps it; exposing needs one.
      const keyAfter = apiKey === undefined ? state.loadKeyStored : apiKey !== null;
      if (settings.exposeOnNetwork && !keyAfter)
        return {
          ok: false,
          error: {
            code: 'bad_request',
            message: 'set an API key to make the model reachable from the network: clients there must send it',
          },
        };
      state.loadKeyStored = keyAfter;
      state.settings = {
        ...state.settings,
        recentModels: [
          settings.modelPath,
          ...state.settings.recentModels.filter((p) => p !== settings.modelPath),
        ].slice(0, 20),
      };
      return simulateLoad(settings);
    },
    'backend:api-key': () => ok({ hasKey: state.loadKeyStored, protection: 'memory (test)' }),
    'backend:stop': () => {
      pendingLoad?.();
      return ok(setStatus({ ...blankStatus(now()), restarts: state.status.restarts }));
    },
    'backend:status': () => ok(state.status),
    // No router in the fake: the pool stays stopped and says so.
    'pool:start': () => ({
      ok: false,
      error: { code: 'backend_missing', message: 'the in-memory platform runs no model pool' },
    }),
    'pool:stop': () => ok(stoppedPool),
    'pool:status': () => ok(stoppedPool),
    'pool:use': () => ({ ok: false, error: { code: 'no_model_loaded', message: 'the model pool is not running' } }),
    'pool:unload': () => ({ ok: false, error: { code: 'no_model_loaded', message: 'the model pool is not running' } }),
    'backend:log': () => ok({ lines: [...state.log] }),
    'dialog:pick-model': () => ok({ path: null }),
    ...createFakeChat({ state, emit, timers, now, options, record: history.record, cite: knowledge.cite }),
    ...createFakeTools({ state, emit, timers, options }),
    ...history.handlers,
    ...createFakeMcp({ emit, now, settings: () => state.settings }),
    ...createFakeVoice({ state }),
    ...createFakeScreen({ state, options }),
    ...models.handlers,
    ...knowledge.handlers,
    ...createFakeWorkshop({ emit, timers, options }),
    ...createFakeModelInfo({ status: () => state.status, options }),
    ...createFakeImages({ emit, timers, now, newId: () => newId(), options }),
  };

  const invoke = async <C extends InvokeChannel>(
    channel: C,
    input?: InvokeInput<C>,
  ): Promise<Result<InvokeOutput<C>>> => {
    calls.push({ channel, input });
    const checked = invokeChannels[channel].input.safeParse(input);
    if (!checked.success)
      return {
        ok: false,
        error: {
          code: 'bad_request',
          message: checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        },
      };
    return (handlers[channel] as Handler<C>)(input as InvokeInput<C>);
  };

  return {
    invoke,
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    emit,
    appendLog,
    handle: (channel, handler) => {
      (handlers as Record<InvokeChannel, unknown>)[channel] = handler;
    },
    calls,
    state,
    ...(options.dropMode === 'path'
      ? { modelDrop: { pathOf: (file: File) => `/dropped/${file.name}` } }
      : { modelUpload: models.upload }),
  };
}
