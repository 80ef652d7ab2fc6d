// The Local API area: EVA as the OpenAI-compatible server for the user's other
// programs. Requests go to the loaded model, a pool model by name (loaded on
// first use by the pool, within its budget) or a link the user shares, whose
// key stays here; embeddings go to the knowledge base's embedder.
import type { AppSettings, ChannelsOf, EventName, EventPayloads } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import type { LocalApiLogEntry, LocalApiSettings, LocalApiStatus } from '@shared/local-api/local-api-types';
import type { AreaModule } from '../area-module';
import type { LocalServer } from '../chat/chat-target';
import type { LinkService } from '../links/link-service';
import type { SecretStore } from '../secrets/secret-store';
import type { SettingsFollower } from '../settings/settings-module';
import { createApiHandler, type ResolvedServer } from './api-handler';
import { hashKey, newKey, type HeldKey } from './api-keys';
import { openLocalApiStore } from './local-api-store';
import { choosePort, hostFor, listen, type ListeningServer } from './local-api-server';
import { RequestLog } from './request-log';
import { RequestQueue } from './request-queue';
import type { ModelCatalog, ModelRoute } from './route-model';
import { selfTest } from './self-test';

export interface LocalApiDeps {
  dataDir: string;
  secrets: SecretStore;
  settings: { get(): AppSettings };
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  /** the single model's server while it is ready */
  localServer: () => LocalServer | null;
  pool: {
    getStatus(): { state: string; models: readonly { id: string }[] };
    endpoint(model: string): Promise<LocalServer>;
  };
  links: Pick<LinkService, 'resolve' | 'list'>;
  /** the knowledge base's embedder, started when needed */
  embedder: (signal: AbortSignal) => Promise<{ endpoint: { baseUrl: string; apiKey: string; model: string } }>;
  /** told of each saved settings change: the parallel slots (`load.parallel`) bound the requests answered at once */
  followSettings?: (follower: SettingsFollower) => void;
  now?: () => number;
}

export type LocalApiModule = AreaModule<ChannelsOf<'local-api'>>;

const EMBEDDER_START_MS = 300_000;
/** the page's Test waits this long for the tiny chat (a model busy with the user's own chat answers later) */
const SELF_TEST_MS = 60_000;
// Settings a running listener is made with; a change to them restarts it.
const LISTENER_FIELDS = ['port', 'network'] as const satisfies readonly (keyof LocalApiSettings)[];

export async function openLocalApi(deps: LocalApiDeps): Promise<LocalApiModule> {
  const now = deps.now ?? Date.now;
  const store = await openLocalApiStore({ dataDir: deps.dataDir, secrets: deps.secrets, now });
  const log = new RequestLog();
  // The user's own chat keeps one of the server's slots.
  const limits = () => ({ limit: deps.settings.get().load.parallel - 1, queueLimit: store.settings().queueLimit });
  const queue = new RequestQueue(limits(), () => announce());
  let listening: ListeningServer | null = null;
  let failure: string | null = null;
  let disposed = false;
  // Keys the page's Test made for itself, held only while its requests run.
  const testKeys = new Map<string, HeldKey>();

  const status = (): LocalApiStatus => {
    const figures = queue.figures();
    const host = listening?.host ?? null;
    return {
      state: listening ? 'running' : failure ? 'error' : 'stopped',
      baseUrl: listening ? `http://127.0.0.1:${listening.port}/v1` : null,
      host,
      port: listening?.port ?? store.settings().port,
      error: failure,
      inFlight: figures.inFlight,
      maxInFlight: figures.limit,
      queued: figures.queued,
      settings: store.settings(),
    };
  };
  const announce = () => deps.emit('local-api:state', status());

  const catalog = (): ModelCatalog => {
    const pool = deps.pool.getStatus();
    const shared = new Set(store.settings().sharedLinks);
    return {
      loaded: deps.localServer()?.model ?? null,
      pool: pool.state === 'ready' ? pool.models.map((model) => model.id) : [],
      links: deps.links
        .list()
        .profiles.filter((profile) => shared.has(profile.id))
        .map((profile) => ({ linkId: profile.id, model: profile.model, name: profile.name })),
    };
  };

  const resolve = async (route: ModelRoute): Promise<ResolvedServer> => {
    if (route.kind === 'loaded') {
      const local = deps.localServer();
      if (!local) throw new Error('the loaded model stopped');
      return { baseUrl: local.baseUrl, apiKey: local.apiKey || null, model: local.model };
    }
    if (route.kind === 'pool') {
      const pooled = await deps.pool.endpoint(route.model);
      return { baseUrl: pooled.baseUrl, apiKey: pooled.apiKey || null, model: pooled.model };
    }
    const { profile, apiKey } = await deps.links.resolve(route.linkId);
    return { baseUrl: profile.baseUrl, apiKey, model: profile.model };
  };

  const handle = createApiHandler({
    settings: () => store.settings(),
    keys: () => (testKeys.size === 0 ? store.keys() : new Map([...store.keys(), ...testKeys])),
    catalog,
    resolve,
    embedder: async () => {
      const { endpoint } = await deps.embedder(AbortSignal.timeout(EMBEDDER_START_MS));
      return { baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey || null, model: endpoint.model };
    },
    queue,
    now,
    record: (entry) => {
      deps.emit('local-api:request', withoutBodies(log.add(entry)));
    },
  });

  async function start(): Promise<LocalApiStatus> {
    if (listening) return status();
    let settings = store.settings();
    const host = hostFor(settings.network);
    try {
      if (settings.port === null) settings = await store.updateSettings({ port: await choosePort(host) });
      listening = await listen(host, settings.port!, handle);
      failure = null;
    } catch (error) {
      failure = `the Local API could not listen on ${host}:${settings.port}: ${(error as Error).message}`;
    }
    if (disposed) await stop();
    announce();
    return status();
  }

  async function stop(): Promise<LocalApiStatus> {
    const closing = listening;
    listening = null;
    await closing?.close();
    announce();
    return status();
  }

  /** The Test, with the given key or a temporary one of its own that is gone once it has answered. */
  async function test(given: string | undefined) {
    const baseUrl = status().baseUrl;
    if (!baseUrl) throw new AppFailure('bad_request', 'the Local API is not running: start it first');
    let key = given;
    let temporary: string | null = null;
    if (!key) {
      const made = newKey();
      temporary = made.id;
      key = made.secret;
      const info = { id: made.id, name: 'EVA test', allowedModels: [], createdAt: now(), revokedAt: null };
      testKeys.set(made.id, { info, hash: hashKey(made.secret) });
    }
    try {
      const chatModel = deps.localServer()?.model ?? null;
      return await selfTest({ baseUrl, key, chatModel, signal: AbortSignal.timeout(SELF_TEST_MS), now });
    } finally {
      if (temporary) testKeys.delete(temporary);
    }
  }

  deps.followSettings?.((patch) => {
    if (patch.load?.parallel === undefined) return;
    queue.setLimits(limits());
    announce();
  });
  if (store.settings().enabled) await start();

  return {
    handlers: {
      'local-api:status': async () => status(),
      'local-api:start': async () => {
        await store.updateSettings({ enabled: true });
        const started = await start();
        if (started.state === 'error') throw new AppFailure('internal', started.error ?? 'the Local API did not start');
        return started;
      },
      'local-api:stop': async () => {
        await store.updateSettings({ enabled: false });
        return stop();
      },
      'local-api:settings': async (patch) => {
        const before = store.settings();
        const next = await store.updateSettings(patch);
        queue.setLimits(limits());
        const moved = LISTENER_FIELDS.some((field) => before[field] !== next[field]);
        if (listening && (moved || !next.enabled)) await stop();
        if (next.enabled && !listening) await start();
        announce();
        return status();
      },
      'local-api:keys': async () => ({ keys: [...store.keys().values()].map((key) => key.info) }),
      'local-api:key-create': async ({ name, allowedModels }) => store.createKey(name, allowedModels),
      'local-api:key-revoke': async ({ id }) => {
        const key = await store.revokeKey(id);
        if (!key) throw new AppFailure('bad_request', `no Local API key with id ${id}`);
        return { key };
      },
      'local-api:log': async () => ({ entries: log.list().map(withoutBodies), totals: log.totals() }),
      'local-api:log-entry': async ({ id }) => {
        const entry = log.get(id);
        if (!entry)
          throw new AppFailure('bad_request', `no Local API log entry with id ${id} (the log keeps the newest)`);
        return { entry };
      },
      'local-api:test': async ({ key }) => test(key),
    },
    dispose: async () => {
      disposed = true;
      await stop();
    },
  };
}

/** An entry's figures; its bodies stay in the core until one entry is asked for. */
function withoutBodies(entry: LocalApiLogEntry): LocalApiLogEntry {
  const { requestBody: _request, responseBody: _response, ...figures } = entry;
  return figures;
}
