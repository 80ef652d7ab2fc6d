// The Local API channels of the in-memory platform: a server that "runs" on the
// kept port without a socket, keys made and revoked in memory (the secret shown
// once, as the core does), and an empty request log.
import type { localApiChannels } from '@shared/local-api/local-api-contract';
import {
  DEFAULT_LOCAL_API_SETTINGS,
  LOCAL_API_PORT_RANGE,
  type LocalApiKeyInfo,
  type LocalApiSettings,
  type LocalApiStatus,
} from '@shared/local-api/local-api-types';
import type { EventName, EventPayloads } from '@shared/contract';
import type { FakeHandler } from './fake-handler';
import { ok } from './fake-handler';

type LocalApiChannel = keyof typeof localApiChannels;

export function createFakeLocalApi(deps: {
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  now: () => number;
}): { [C in LocalApiChannel]: FakeHandler<C> } {
  let settings: LocalApiSettings = { ...DEFAULT_LOCAL_API_SETTINGS };
  let running = false;
  const keys: LocalApiKeyInfo[] = [];
  const status = (): LocalApiStatus => ({
    state: running ? 'running' : 'stopped',
    baseUrl: running ? `http://127.0.0.1:${settings.port}/v1` : null,
    host: running ? (settings.network ? '0.0.0.0' : '127.0.0.1') : null,
    port: settings.port,
    error: null,
    inFlight: 0,
    maxInFlight: 1,
    queued: 0,
    settings,
  });
  const announce = () => {
    const now = status();
    deps.emit('local-api:state', now);
    return ok(now);
  };
  return {
    'local-api:status': () => ok(status()),
    'local-api:start': () => {
      settings = { ...settings, enabled: true, port: settings.port ?? LOCAL_API_PORT_RANGE.first };
      running = true;
      return announce();
    },
    'local-api:stop': () => {
      settings = { ...settings, enabled: false };
      running = false;
      return announce();
    },
    'local-api:settings': (patch) => {
      settings = { ...settings, ...patch };
      running = settings.enabled;
      return announce();
    },
    'local-api:keys': () => ok({ keys: [...keys] }),
    'local-api:key-create': ({ name, allowedModels }) => {
      const id = `fake${String(keys.length + 1).padStart(8, '0')}`;
      const key: LocalApiKeyInfo = {
        id,
        name,
        allowedModels: allowedModels ?? [],
        createdAt: deps.now(),
        revokedAt: null,
      };
      keys.push(key);
      return ok({ key, secret: `eva-${id}-${'x'.repeat(43)}` });
    },
    'local-api:key-revoke': ({ id }) => {
      const index = keys.findIndex((key) => key.id === id);
      if (index < 0) return { ok: false, error: { code: 'bad_request', message: `no Local API key with id ${id}` } };
      const key = { ...keys[index]!, revokedAt: keys[index]!.revokedAt ?? deps.now() };
      keys[index] = key;
      return ok({ key });
    },
    'local-api:log': () => ok({ entries: [], totals: [] }),
  };
}
