// The Local API channels of the in-memory platform: a server that "runs" on the
// kept port without a socket, keys made and revoked in memory (the secret shown
// once, as the core does), and a request log that the Test fills: it "asks"
// /v1/models (and the loaded model, when there is one) with the key it is given.
import { keyTotals } from '@shared/local-api/key-totals';
import type { localApiChannels } from '@shared/local-api/local-api-contract';
import {
  DEFAULT_LOCAL_API_SETTINGS,
  LOCAL_API_PORT_RANGE,
  type LocalApiKeyInfo,
  type LocalApiLogEntry,
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
  /** the loaded model's name while it is ready */
  loadedModel?: () => string | null;
}): { [C in LocalApiChannel]: FakeHandler<C> } {
  let settings: LocalApiSettings = { ...DEFAULT_LOCAL_API_SETTINGS };
  let running = false;
  const keys: LocalApiKeyInfo[] = [];
  const log: LocalApiLogEntry[] = [];
  const record = (keyName: string | null, path: string, model: string | null, status: number, body: string) => {
    const entry: LocalApiLogEntry = {
      id: log.length + 1,
      startedAt: deps.now(),
      keyName,
      method: path === '/v1/models' ? 'GET' : 'POST',
      path,
      model,
      status,
      durationMs: 5,
      promptTokens: model ? 4 : null,
      completionTokens: model ? 2 : null,
      ...(settings.keepBodies ? { requestBody: path === '/v1/models' ? '' : '{}', responseBody: body } : {}),
    };
    log.unshift(entry);
    const { requestBody: _request, responseBody: _response, ...figures } = entry;
    deps.emit('local-api:request', figures);
  };
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
    'local-api:log': () =>
      ok({
        entries: log.map(({ requestBody: _request, responseBody: _response, ...figures }) => figures),
        totals: keyTotals(log),
      }),
    'local-api:log-entry': ({ id }) => {
      const entry = log.find((kept) => kept.id === id);
      return entry ? ok({ entry }) : { ok: false, error: { code: 'bad_request', message: `no log entry ${id}` } };
    },
    'local-api:test': ({ key: given }) => {
      if (!running) return { ok: false, error: { code: 'bad_request', message: 'the Local API is not running' } };
      const key = given === undefined ? { name: 'EVA test', revokedAt: null } : keys.find((k) => given.includes(k.id));
      if (!key || key.revokedAt !== null) {
        record(key?.name ?? null, '/v1/models', null, 401, '{"error":{"message":"the API key is not valid"}}');
        return ok({
          ok: false,
          models: [],
          error: { step: 'models', status: 401, message: 'the API key is not valid' },
          durationMs: 5,
        });
      }
      const model = deps.loadedModel?.() ?? null;
      record(key.name, '/v1/models', null, 200, JSON.stringify({ data: model ? [{ id: model }] : [] }));
      if (!model) return ok({ ok: true, models: [], durationMs: 5 });
      record(key.name, '/v1/chat/completions', model, 200, '{"choices":[{"message":{"content":"Hello!"}}]}');
      return ok({ ok: true, models: [model], reply: 'Hello!', durationMs: 10 });
    },
  };
}
