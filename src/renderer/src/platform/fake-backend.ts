// The backend and pool channels of the in-memory platform: discovery answers with
// the options' backends and GPUs, any `.gguf` path "exists", and a load imitates the
// core's (starting → log lines → ready, after the options' delay) without starting
// anything. The pool has no router here: it stays stopped and says so.
import type {
  BackendInfo,
  BackendLoad,
  BackendStatus,
  EventName,
  EventPayloads,
  GpuInfo,
  GpuLayerEstimate,
  LoadSettings,
  LogLine,
  ModelFacts,
  AppSettings,
} from '@shared/contract';
import type { backendChannels } from '@shared/backend/backend-contract';
import type { poolChannels } from '@shared/pool/pool-contract';
import type { PoolStatus } from '@shared/pool/pool-types';
import { withRecentModel } from '@shared/recent-models';
import type { Timers } from '../lib/timers';
import type { Result } from './types';
import { type FakeHandler, ok } from './fake-handler';

type BackendChannel = keyof typeof backendChannels | keyof typeof poolChannels;

export interface FakeBackendOptions {
  backends?: BackendInfo[];
  gpus?: GpuInfo[];
  /** Simulated time from `backend:load` to ready; 0 answers at once. */
  loadDelayMs?: number;
}

interface FakeBackendDeps {
  state: { settings: AppSettings; status: BackendStatus; log: LogLine[] };
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  now: () => number;
  timers: Timers;
  options: FakeBackendOptions;
}

export const blankStatus = (since: number): BackendStatus => ({
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
const poolNotRunning = {
  ok: false as const,
  error: { code: 'no_model_loaded' as const, message: 'the model pool is not running' },
};

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

export function createFakeBackend({ state, emit, now, timers, options }: FakeBackendDeps): {
  handlers: { [C in BackendChannel]: FakeHandler<C> };
  /** Add lines to the model log and push them as `backend:log-lines`. */
  appendLog(texts: string[], stream?: LogLine['stream']): void;
} {
  const gpus = options.gpus ?? [];
  const backends = options.backends ?? [
    { kind: 'cpu', serverPath: '/opt/eva/bin/cpu/llama-server', executable: true, build: null },
  ];
  let seq = state.log.at(-1)?.seq ?? 0;
  let loadKeyStored = false;
  /** cancels the load in progress, if any */
  let pendingLoad: (() => void) | null = null;

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
  const fakeEstimate = (model: ModelFacts): GpuLayerEstimate => {
    const maxLayers = model.nLayer + 1;
    return gpus.length > 0
      ? { gpuLayers: maxLayers, maxLayers, reason: 'model fits in free VRAM' }
      : { gpuLayers: 0, maxLayers, reason: 'no GPU found' };
  };

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
        const ready = { state: 'ready' as const, since: now(), model: facts.value, gpuLayers, estimate, pid: 4242 };
        resolve(ok(setStatus({ ...ready, loadMs: now() - started })));
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

  const handlers: { [C in BackendChannel]: FakeHandler<C> } = {
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
      const keyAfter = apiKey === undefined ? loadKeyStored : apiKey !== null;
      if (settings.exposeOnNetwork && !keyAfter)
        return {
          ok: false,
          error: {
            code: 'bad_request',
            message: 'set an API key to make the model reachable from the network: clients there must send it',
          },
        };
      loadKeyStored = keyAfter;
      state.settings = {
        ...state.settings,
        recentModels: withRecentModel(state.settings.recentModels, settings.modelPath),
      };
      return simulateLoad(settings);
    },
    'backend:api-key': () => ok({ hasKey: loadKeyStored, protection: 'memory (test)' }),
    'backend:stop': () => {
      pendingLoad?.();
      return ok(setStatus({ ...blankStatus(now()), restarts: state.status.restarts }));
    },
    'backend:status': () => ok(state.status),
    'backend:log': () => ok({ lines: [...state.log] }),
    'dialog:pick-model': () => ok({ path: null }),
    'pool:start': () => ({
      ok: false,
      error: { code: 'backend_missing', message: 'the in-memory platform runs no model pool' },
    }),
    'pool:stop': () => ok(stoppedPool),
    'pool:status': () => ok(stoppedPool),
    'pool:use': () => poolNotRunning,
    'pool:unload': () => poolNotRunning,
  };
  return { handlers, appendLog };
}
