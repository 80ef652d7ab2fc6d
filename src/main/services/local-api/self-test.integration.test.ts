// The Local API page's Test against the real tiny llama-server: with a temporary key it lists the loaded model and
// has it answer a tiny chat, both requests logged under that key, which works no longer afterwards; with a revoked
// key it says the models step was refused (401); with no model loaded it lists and stops there; a log entry is read
// back with its bodies when they were kept; and it refuses to run while the server is stopped.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSettings } from '@shared/contract';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { localKeyFileCipher } from '../secrets/secret-cipher';
import { openSecretStore } from '../secrets/secret-store';
import type { LocalServer } from '../chat/chat-target';
import { openLocalApi, type LocalApiModule } from './local-api-module';

let dataDir: string;
let server: TestServer;
let api: LocalApiModule;
let local: LocalServer | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'eva-local-api-test-'));
  server = await startTestServer();
  local = { baseUrl: server.baseUrl, apiKey: '', model: 'tiny' };
  const secrets = await openSecretStore(join(dataDir, 'secrets.json'), await localKeyFileCipher(join(dataDir, 'k')));
  api = await openLocalApi({
    dataDir,
    secrets,
    emit: () => {},
    settings: { get: () => ({ load: { parallel: 2 } }) as AppSettings },
    localServer: () => local,
    pool: { getStatus: () => ({ state: 'stopped', models: [] }), endpoint: () => Promise.reject(new Error('no pool')) },
    links: {
      list: () => ({ profiles: [], presets: [], protection: 'local-key-file' }),
      resolve: () => Promise.reject(new Error('no links')),
    },
    embedder: () => Promise.reject(new Error('no embedder')),
  } as Parameters<typeof openLocalApi>[0]);
  await api.handlers['local-api:start']({});
}, 180_000);

afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the Local API self-test', () => {
  it('lists the loaded model and has it answer, with a temporary key logged by name and gone afterwards', async () => {
    await api.handlers['local-api:settings']({ keepBodies: true });
    const result = await api.handlers['local-api:test']({});
    expect(result).toMatchObject({ ok: true, models: ['tiny'] });
    expect(typeof result.reply).toBe('string');
    expect(result.error).toBeUndefined();
    const { entries } = await api.handlers['local-api:log']({});
    const [chat, models] = entries;
    expect(models).toMatchObject({ keyName: 'EVA test', method: 'GET', path: '/v1/models', status: 200 });
    expect(chat).toMatchObject({ keyName: 'EVA test', path: '/v1/chat/completions', model: 'tiny', status: 200 });
    expect(chat?.completionTokens).toBeGreaterThan(0);
    expect(chat?.requestBody).toBeUndefined();

    const { entry } = await api.handlers['local-api:log-entry']({ id: chat!.id });
    expect(JSON.parse(entry.requestBody!)).toMatchObject({ model: 'tiny', max_tokens: 8, stream: false });
    expect(JSON.parse(entry.responseBody!).choices[0].message.content).toBe(result.reply);
    await expect(api.handlers['local-api:log-entry']({ id: 999_999 })).rejects.toMatchObject({ code: 'bad_request' });
    // The temporary key is not one of the user's keys, and nothing is left that accepts it.
    expect((await api.handlers['local-api:keys']({})).keys).toEqual([]);
  });

  it('says the models step was refused for a revoked key', async () => {
    const made = await api.handlers['local-api:key-create']({ name: 'gone', allowedModels: [] });
    await api.handlers['local-api:key-revoke']({ id: made.key.id });
    const result = await api.handlers['local-api:test']({ key: made.secret });
    expect(result.ok).toBe(false);
    expect(result.error).toMatchObject({ step: 'models', status: 401 });
    expect(result.error?.message).toContain('"gone" was revoked');
    const { entries } = await api.handlers['local-api:log']({});
    expect(entries[0]).toMatchObject({ keyName: null, status: 401 });
  });

  it('lists and stops there while no model is loaded, with the user’s own key', async () => {
    local = null;
    try {
      const made = await api.handlers['local-api:key-create']({ name: 'mine', allowedModels: [] });
      const result = await api.handlers['local-api:test']({ key: made.secret });
      expect(result).toMatchObject({ ok: true, models: [] });
      expect(result.reply).toBeUndefined();
      const { totals } = await api.handlers['local-api:log']({});
      expect(totals.find((total) => total.keyName === 'mine')?.requests).toBe(1);
    } finally {
      local = { baseUrl: server.baseUrl, apiKey: '', model: 'tiny' };
    }
  });

  it('refuses to run while the server is stopped', async () => {
    await api.handlers['local-api:stop']({});
    await expect(api.handlers['local-api:test']({})).rejects.toMatchObject({ code: 'bad_request' });
  });
});
