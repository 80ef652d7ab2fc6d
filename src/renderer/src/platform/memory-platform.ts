// An in-memory EvaApi for component tests and the dev preview (`?demo`). It checks
// inputs with the contract's schemas like the real hosts do and imitates a load
// (starting → log lines → ready), but starts nothing. Not for end-to-end tests.
import { invokeChannels, type AppInfo, type AppSettings, type BackendStatus, type LogLine } from '@shared/contract';
import { AppSettingsSchema } from '@shared/settings-schemas';
import { mergeBySchema } from '@shared/merge-settings';
import { defaultSettings } from '@shared/default-settings';
import type {
  EventName,
  EventPayloads,
  InvokeChannel,
  InvokeInput,
  InvokeOutput,
  ModelDrop,
  ModelUpload,
  Platform,
  Result,
} from './types';
import { realTimers, type Timers } from '../lib/timers';
import { newId } from '../lib/new-id';
import { blankStatus, createFakeBackend, type FakeBackendOptions } from './fake-backend';
import { createFakeChat, type FakeChatOptions } from './fake-chat';
import { createFakeTools, type FakeToolsOptions } from './fake-tools';
import { createFakeHistory } from './fake-history';
import { createFakeMcp } from './fake-mcp';
import { createFakeWebSearch } from './fake-web-search';
import { createFakeVoice } from './fake-voice';
import { createFakeTts } from './fake-tts';
import { createFakeScreen, type FakeScreenOptions } from './fake-screen';
import { createFakeModels, type FakeModelsOptions } from './fake-models';
import { createFakeKnowledge } from './fake-knowledge';
import { createFakeWorkshop, type FakeWorkshopOptions } from './fake-workshop';
import { createFakeModelInfo, type FakeModelInfoOptions } from './fake-model-info';
import { createFakeImages, type FakeImagesOptions } from './fake-images';
import { createFakeCompare, type FakeCompareOptions } from './fake-compare';
import { createFakeLocalApi } from './fake-local-api';
import { type FakeHandler, ok } from './fake-handler';
import { createFakePlan } from './fake-plan';

export interface MemoryPlatformOptions
  extends
    FakeBackendOptions,
    FakeChatOptions,
    FakeToolsOptions,
    FakeScreenOptions,
    FakeModelsOptions,
    FakeModelInfoOptions,
    FakeWorkshopOptions,
    FakeImagesOptions,
    FakeCompareOptions {
  /**
   * how dropped model files arrive: 'upload' as in the browser host (default), 'path' as in Electron (the file's name
   * under /dropped)
   */
  dropMode?: 'upload' | 'path';
  appInfo?: Partial<AppInfo>;
  settings?: AppSettings;
  log?: LogLine[];
  now?: () => number;
  timers?: Timers;
}

export interface MemoryPlatform extends Platform {
  /** Push an event to every listener, as the core would. */
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  /** Replace the simulated handler of one channel. */
  handle<C extends InvokeChannel>(channel: C, handler: FakeHandler<C>): void;
  /** Add lines to the model log and push them as `backend:log-lines`. */
  appendLog(texts: string[], stream?: LogLine['stream']): void;
  /** Every invoke received, in order. */
  readonly calls: Array<{ channel: InvokeChannel; input: unknown }>;
  readonly state: { settings: AppSettings; status: BackendStatus; log: LogLine[] };
}

/** The same defaults a fresh install of the real app starts with. */
export const memoryDefaultSettings = defaultSettings;

export function createMemoryPlatform(options: MemoryPlatformOptions = {}): MemoryPlatform {
  const now = options.now ?? Date.now;
  const timers = options.timers ?? realTimers();
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const calls: MemoryPlatform['calls'] = [];
  const state = {
    settings: options.settings ?? memoryDefaultSettings(),
    status: blankStatus(now()),
    log: [...(options.log ?? [])],
  };

  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]): void => {
    for (const listener of listeners.get(event) ?? []) (listener as (p: EventPayloads[E]) => void)(payload);
  };
  const backend = createFakeBackend({ state, emit, now, timers, options });
  const models = createFakeModels({ state, emit, timers, options });
  const history = createFakeHistory(
    now,
    () => newId(),
    (conversationIds) => emit('history:changed', { conversationIds }),
  );
  const knowledge = createFakeKnowledge({ emit, now, settings: () => state.settings });
  const handlers: { [C in InvokeChannel]: FakeHandler<C> } = {
    'app:open-external': () => ok({ opened: false }),
    'app:open-folder': ({ path }) => ok({ path }),
    'app:open-preview': () => ok({ path: '/tmp/eva-preview-demo/preview.html' }),
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
    // The core's merge: a patch's sections are laid over the current ones as the schema says.
    'settings:update': (patch) => {
      const merged = AppSettingsSchema.safeParse(mergeBySchema(AppSettingsSchema, state.settings, patch));
      if (!merged.success) return refused(merged.error.issues);
      state.settings = merged.data;
      return ok(state.settings);
    },
    ...backend.handlers,
    ...createFakeChat({ state, emit, timers, now, options, record: history.record, cite: knowledge.cite }),
    ...createFakePlan({
      count: (input) => handlers['chat:count-tokens'](input),
      toolsPrompt: (input) => handlers['agent:tools-prompt'](input),
      checkpoints: history.checkpoints,
    }),
    ...createFakeTools({ state, emit, timers, options }),
    ...history.handlers,
    ...createFakeMcp({ emit, now, settings: () => state.settings }),
    ...createFakeWebSearch(),
    ...createFakeVoice({ state }),
    ...createFakeTts(),
    ...createFakeScreen({ state, options }),
    ...models.handlers,
    ...knowledge.handlers,
    ...createFakeWorkshop({ emit, timers, options }),
    ...createFakeModelInfo({ status: () => state.status, options }),
    ...createFakeImages({ emit, timers, now, newId: () => newId(), options }),
    ...createFakeCompare({ emit, timers, now, options }),
    ...createFakeLocalApi({
      emit,
      now,
      loadedModel: () => (state.status.state === 'ready' ? (state.status.model?.name ?? null) : null),
    }),
  };

  const invoke = async <C extends InvokeChannel>(
    channel: C,
    input?: InvokeInput<C>,
  ): Promise<Result<InvokeOutput<C>>> => {
    calls.push({ channel, input });
    const checked = invokeChannels[channel].input.safeParse(input);
    if (!checked.success) return refused(checked.error.issues);
    return (handlers[channel] as FakeHandler<C>)(input as InvokeInput<C>);
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
    appendLog: backend.appendLog,
    handle: (channel, handler) => {
      (handlers as Record<InvokeChannel, unknown>)[channel] = handler;
    },
    calls,
    state,
    ...dropCapability(options.dropMode, models.upload),
  };
}

/** A bad_request naming each schema issue, as the real hosts answer one. */
function refused(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Result<never> {
  const message = issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('; ');
  return { ok: false, error: { code: 'bad_request', message } };
}

/** Electron's path lookup (dropMode 'path', the file's name under /dropped), else the browser host's upload. */
function dropCapability(
  mode: MemoryPlatformOptions['dropMode'],
  upload: ModelUpload,
): { modelDrop: ModelDrop } | { modelUpload: ModelUpload } {
  return mode === 'path' ? { modelDrop: { pathOf: (file) => `/dropped/${file.name}` } } : { modelUpload: upload };
}
