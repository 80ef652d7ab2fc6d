// Test support: the Local API area opened on a data dir of its own with a real
// secret store, its model server chosen by the test (a real llama-server, the
// grammar proxy in front of one, or a holding stand-in), the pool stopped and
// no links; started, with one key that may use every model.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import type { AppSettings, EventName, EventPayloads } from '@shared/contract';
import type { LocalApiStatus } from '@shared/local-api/local-api-types';
import type { LocalServer } from '@main/services/chat/chat-target';
import { openLocalApi, type LocalApiDeps, type LocalApiModule } from '@main/services/local-api/local-api-module';
import { localKeyFileCipher } from '@main/services/secrets/secret-cipher';
import { openSecretStore } from '@main/services/secrets/secret-store';

export interface TestApi {
  api: LocalApiModule;
  /** http://127.0.0.1:<port>/v1 */
  baseURL: string;
  /** the key made at the start (every model) */
  secret: string;
  /** the openai client on the API, with the start's key unless another is given; no retries */
  client(apiKey?: string): OpenAI;
  /** resolves once the current `local-api:state` or a later one passes `test` */
  untilState(test: (status: LocalApiStatus) => boolean): Promise<void>;
  close(): Promise<void>;
}

export async function openTestApi(options: {
  /** where the loaded model is answered now (read at each request) */
  local: () => LocalServer | null;
  embedder?: LocalApiDeps['embedder'];
}): Promise<TestApi> {
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-local-api-'));
  const states: LocalApiStatus[] = [];
  const waiters: (() => void)[] = [];
  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
    if (event !== 'local-api:state') return;
    states.push(payload as LocalApiStatus);
    for (const wake of waiters.splice(0)) wake();
  };
  const secrets = await openSecretStore(join(dataDir, 'secrets.json'), await localKeyFileCipher(join(dataDir, 'k')));
  const api = await openLocalApi({
    dataDir,
    secrets,
    emit,
    settings: { get: () => ({ load: { parallel: 2 } }) as AppSettings },
    localServer: options.local,
    pool: { getStatus: () => ({ state: 'stopped', models: [] }), endpoint: () => Promise.reject(new Error('no pool')) },
    links: {
      list: () => ({ profiles: [], presets: [], protection: 'local-key-file' }),
      resolve: () => Promise.reject(new Error('no links')),
    },
    embedder: options.embedder ?? (() => Promise.reject(new Error('no embedder in this test'))),
  } as LocalApiDeps);
  const started = await api.handlers['local-api:start']({});
  const baseURL = started.baseUrl!;
  const secret = (await api.handlers['local-api:key-create']({ name: 'tests', allowedModels: [] })).secret;
  return {
    api,
    baseURL,
    secret,
    client: (apiKey = secret) => new OpenAI({ baseURL, apiKey, maxRetries: 0 }),
    untilState: async (test) => {
      // The state now (the last one announced) or one still to come: an older state says nothing of the present.
      const from = Math.max(0, states.length - 1);
      while (!states.slice(from).some(test)) await new Promise<void>((wake) => waiters.push(wake));
    },
    close: async () => {
      await api.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
