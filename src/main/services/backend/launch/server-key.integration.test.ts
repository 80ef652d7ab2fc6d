// The managed llama-server answers only EVA (and, when exposed, clients with the
// user's key): checked against the real server built by `npm test` and the tiny
// test model. Each test fails on a server started with no key or with --api-key.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadSettings } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import { testAssets } from '@test-support/test-assets';
import { memoryLifecycle, type ProcessLifecycle } from '../../process/process-lifecycle';
import { BackendManager } from '../backend-manager';

const running: { manager: BackendManager; registry: ProcessLifecycle }[] = [];

afterEach(async () => {
  for (const { manager, registry } of running.splice(0)) {
    await manager.dispose();
    await registry.stopAll(500);
  }
});

async function startManaged(patch: Partial<LoadSettings> = {}, userKey = '') {
  const registry = memoryLifecycle();
  const manager = new BackendManager({
    binDirs: [testAssets.binDir],
    registry,
    emit: () => undefined,
    probeGpus: async () => [],
    readyTimeoutMs: 30_000,
    stopGraceMs: 2000,
  });
  running.push({ manager, registry });
  const status = await manager.load(
    { ...defaultSettings().load, modelPath: testAssets.tinyModel, contextSize: 512, ...patch },
    userKey,
  );
  const endpoint = manager.localEndpoint();
  if (!endpoint || status.pid === null) throw new Error('the managed server is not ready');
  return { manager, status, endpoint, pid: status.pid };
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const chatBody = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], max_tokens: 1 });

describe('the managed llama-server requires a key per launch', () => {
  it('refuses the API, the props and a chat without the key; answers /health to anyone', async () => {
    const { endpoint } = await startManaged();
    const base = endpoint.baseUrl;
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect((await fetch(`${base}/v1/models`)).status).toBe(401);
    expect((await fetch(`${base}/props`)).status).toBe(401);
    expect(
      (
        await fetch(`${base}/v1/chat/completions`, {
          method: 'POST',
          body: chatBody,
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(401);
    expect((await fetch(`${base}/v1/models`, { headers: bearer('guess') })).status).toBe(401);
  });

  it('answers EVA, which holds the launch key, and each launch has a new key', async () => {
    const first = await startManaged();
    expect(first.endpoint.apiKey).toMatch(/^[\w-]{43}$/);
    const props = await fetch(`${first.endpoint.baseUrl}/props`, { headers: bearer(first.endpoint.apiKey) });
    expect(props.status).toBe(200);
    const chat = await fetch(`${first.endpoint.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      body: chatBody,
      headers: { ...bearer(first.endpoint.apiKey), 'Content-Type': 'application/json' },
    });
    expect(chat.status).toBe(200);
    const second = await startManaged();
    expect(second.endpoint.apiKey).not.toBe(first.endpoint.apiKey);
    expect(
      (await fetch(`${second.endpoint.baseUrl}/v1/models`, { headers: bearer(first.endpoint.apiKey) })).status,
    ).toBe(401);
  });

  it.runIf(process.platform === 'linux')(
    'keeps every key out of the process list (Linux: reads /proc/<pid>/cmdline)',
    async () => {
      const { endpoint, pid } = await startManaged({}, 'users-own,key');
      const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
      expect(cmdline.join(' ')).toContain(testAssets.tinyModel);
      expect(cmdline).not.toContain('--api-key');
      expect(cmdline.join(' ')).not.toContain(endpoint.apiKey);
      expect(cmdline.join(' ')).not.toContain('users-own');
    },
  );

  it("also answers the user's own key (one with a comma stays one key), and never the key's halves", async () => {
    const { endpoint } = await startManaged({}, 'users-own,key');
    const models = (key: string) =>
      fetch(`${endpoint.baseUrl}/v1/models`, { headers: bearer(key) }).then((r) => r.status);
    expect(await models('users-own,key')).toBe(200);
    expect(await models(endpoint.apiKey)).toBe(200);
    expect(await models('users-own')).toBe(401);
    expect(await models('key')).toBe(401);
  });

  it('a crash restart keeps the key, so EVA is not locked out of its own server', async () => {
    const { manager, endpoint, pid } = await startManaged();
    process.kill(pid, 'SIGKILL');
    const deadline = Date.now() + 20_000;
    while ((manager.getStatus().state !== 'ready' || manager.getStatus().pid === pid) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(manager.getStatus().state).toBe('ready');
    expect(manager.localEndpoint()?.apiKey).toBe(endpoint.apiKey);
    expect((await fetch(`${endpoint.baseUrl}/v1/models`, { headers: bearer(endpoint.apiKey) })).status).toBe(200);
  });
});

describe('the managed llama-server serves only what EVA uses', () => {
  it('shows /slots (the Model info page) only to a key holder on loopback, and saves no slot even with the key', async () => {
    const { endpoint } = await startManaged();
    expect((await fetch(`${endpoint.baseUrl}/slots`)).status).toBe(401);
    expect((await fetch(`${endpoint.baseUrl}/slots`, { headers: bearer(endpoint.apiKey) })).status).toBe(200);
    const save = await fetch(`${endpoint.baseUrl}/slots/0?action=save`, {
      method: 'POST',
      body: JSON.stringify({ filename: 'x.bin' }),
      headers: { ...bearer(endpoint.apiKey), 'Content-Type': 'application/json' },
    });
    expect(save.status).not.toBe(200);
  });

  it("has no /slots when exposed to the network: it carries every slot's prompt, and clients there share the user's key", async () => {
    const { endpoint } = await startManaged({ exposeOnNetwork: true }, 'users-own-key');
    for (const key of ['users-own-key', endpoint.apiKey])
      expect((await fetch(`${endpoint.baseUrl}/slots`, { headers: bearer(key) })).status).toBe(501);
  });

  it('lets no web page read an answer: no origin is reflected or allowed', async () => {
    const { endpoint } = await startManaged();
    for (const origin of ['http://evil.example', 'http://127.0.0.1:8000', 'null']) {
      const health = await fetch(`${endpoint.baseUrl}/health`, { headers: { Origin: origin } });
      expect(health.headers.get('access-control-allow-origin')).not.toBe(origin);
      expect(health.headers.get('access-control-allow-origin')).not.toBe('*');
      const preflight = await fetch(`${endpoint.baseUrl}/v1/chat/completions`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).not.toBe(origin);
      expect(preflight.headers.get('access-control-allow-origin')).not.toBe('*');
    }
  });
});
