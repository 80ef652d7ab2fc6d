// The chat service against the real llama-server: local endpoint, link endpoint
// (the same server with an API key stands in for a remote one), Stop, and the
// events the renderer receives.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSendInput } from '@shared/chat/schemas';
import { reduceEvents } from '@shared/chat/stream-reducer';
import type { StreamEvent } from '@shared/chat/types';
import { defaultSettings } from '@shared/default-settings';
import type { BackendStatus, EventName, EventPayloads } from '@shared/contract';
import { testAssets } from '@test-support/test-assets';
import { BackendManager } from '../backend/backend-manager';
import { createLinkService } from '../links/link-service';
import { localKeyFileCipher } from '../secrets/secret-cipher';
import { memoryLifecycle } from '../process/process-lifecycle';
import { openSecretStore } from '../secrets/secret-store';
import { openSettingsStore } from '../settings/settings-store';
import { createChatService, type ChatServiceDeps, type LocalServer } from './chat-service';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';

let server: TestServer;
let local: LocalServer | null;
const streamed = new Map<string, StreamEvent[]>();

async function makeService(
  localDeps: Pick<ChatServiceDeps, 'localServer' | 'readyLocalServer' | 'serverStopped'> = { localServer: () => local },
) {
  const dir = await mkdtemp(join(tmpdir(), 'eva-chat-'));
  const settings = await openSettingsStore(dir, () => {});
  const secrets = await openSecretStore(join(dir, 'secrets.json'), await localKeyFileCipher(join(dir, 'key')));
  const links = createLinkService({ settings, secrets });
  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
    if (event !== 'chat:stream') return;
    const { requestId, events } = payload as EventPayloads['chat:stream'];
    streamed.set(requestId, [...(streamed.get(requestId) ?? []), ...events]);
  };
  return { chat: createChatService({ ...localDeps, links, emit }), links };
}

const ask = (requestId: string, patch: Partial<Extract<ChatSendInput, { mode: 'chat' }>> = {}): ChatSendInput => ({
  requestId,
  mode: 'chat',
  endpoint: { kind: 'local' },
  systemPrompt: 'You are a test.',
  messages: [{ role: 'user', content: 'Say something.' }],
  sampling: { ...defaultSettings().chat.sampling, max_tokens: 64 },
  idSlot: null,
  ...patch,
});

beforeAll(async () => {
  server = await startTestServer({ extraArgs: ['--api-key', 'secret-key'] });
  local = { baseUrl: server.baseUrl, apiKey: 'secret-key', model: 'tiny' };
});

afterAll(async () => {
  await server.stop();
});

describe('chat service with the real llama-server', () => {
  it('streams an answer, pushes the same events the result was built from, and reports the slot', async () => {
    const { chat } = await makeService();
    const result = await chat.send(ask('r1'));
    expect(result.status).toBe('done');
    expect(result.timings?.predicted_n).toBe(64);
    expect(result.finishReason).toBe('length');
    expect(result.slotId).toBeGreaterThanOrEqual(0);
    const events = streamed.get('r1') ?? [];
    expect(events.length).toBeGreaterThan(3);
    const replayed = reduceEvents(events);
    expect(replayed.content).toBe(result.content);
    expect(replayed.reasoning).toBe(result.reasoning);
    // The slot comes back so the next turn hits the same KV cache.
    const again = await chat.send(ask('r2', { idSlot: result.slotId }));
    expect(again.slotId).toBe(result.slotId);
  });

  it('streams a completion-mode request into the same shape', async () => {
    const { chat } = await makeService();
    const result = await chat.send({
      requestId: 'c1',
      mode: 'completion',
      endpoint: { kind: 'local' },
      prompt: 'Once upon a time',
      sampling: { max_tokens: 32 },
      idSlot: null,
    });
    expect(result.status).toBe('done');
    expect(result.content).not.toBe('');
    // The random test model may end early (an end-of-text token was seen once in a full run: 25 of 32); cut at
    // the limit, it made exactly max_tokens.
    const made = result.timings?.predicted_n ?? 0;
    expect(made).toBeGreaterThan(0);
    if (result.finishReason === 'length') expect(made).toBe(32);
    else expect(made).toBeLessThan(32);
  });

  it('Stop ends the stream at once and keeps the partial answer', async () => {
    const { chat } = await makeService();
    const pending = chat.send(ask('s1', { sampling: { max_tokens: 100_000 } }));
    while ((streamed.get('s1') ?? []).filter((e) => e.type === 'content' || e.type === 'reasoning').length < 5)
      await new Promise((r) => setTimeout(r, 5));
    expect(chat.stop('s1')).toEqual({ stopped: true });
    const result = await pending;
    expect(result.status).toBe('stopped');
    expect((result.content + result.reasoning).length).toBeGreaterThan(0);
    expect(chat.stop('s1')).toEqual({ stopped: false });
  });

  it('no local model loaded → no_model_loaded, before anything is sent', async () => {
    const { chat } = await makeService();
    const saved = local;
    local = null;
    try {
      await expect(chat.send(ask('n1'))).rejects.toMatchObject({ code: 'no_model_loaded' });
    } finally {
      local = saved;
    }
  });

  it('link mode: the stored key reaches the server; a wrong key is a visible 401 on the answer', async () => {
    const { chat, links } = await makeService();
    const good = await links.save({
      profile: { name: 'same server', presetId: 'llama-server', baseUrl: `${server.baseUrl}/v1`, model: 'tiny' },
      apiKey: 'secret-key',
    });
    expect(good.hasKey).toBe(true);
    expect((await links.test({ baseUrl: `${server.baseUrl}/v1`, linkId: good.id })).models.length).toBe(1);
    const ok = await chat.send(ask('l1', { endpoint: { kind: 'link', linkId: good.id } }));
    expect(ok.status).toBe('done');

    const bad = await links.save({
      profile: { name: 'wrong key', presetId: 'openai', baseUrl: `${server.baseUrl}/v1`, model: 'tiny' },
      apiKey: 'nope',
    });
    const failed = await chat.send(ask('l2', { endpoint: { kind: 'link', linkId: bad.id } }));
    expect(failed.status).toBe('error');
    expect(failed.error?.code).toBe('http_error');
    expect(failed.error?.message).toMatch(/401/);
    await expect(links.test({ baseUrl: `${server.baseUrl}/v1`, linkId: bad.id })).rejects.toMatchObject({
      code: 'endpoint_error',
      message: expect.stringMatching(/401/),
    });
    await expect(chat.send(ask('l3', { endpoint: { kind: 'link', linkId: 'deleted' } }))).rejects.toMatchObject({
      code: 'link_not_found',
    });
  });

  it('reads n_ctx and capabilities from /props', async () => {
    const { chat } = await makeService();
    const props = await chat.props();
    expect(props).toMatchObject({ nCtx: 2048, supportsTools: true, vision: false, audio: false });
  });

  it('reads /props of a linked llama-server too (its n_ctx trims link-mode chats); a hosted API has none', async () => {
    const { chat, links } = await makeService();
    const remote = await links.save({
      profile: { name: 'remote llama', presetId: 'llama-server', baseUrl: `${server.baseUrl}/v1`, model: 'tiny' },
      apiKey: 'secret-key',
    });
    expect(await chat.props({ kind: 'link', linkId: remote.id })).toMatchObject({ nCtx: 2048 });
    const hosted = await links.save({
      profile: { name: 'hosted', presetId: 'openai', baseUrl: `${server.baseUrl}/v1`, model: 'tiny' },
    });
    expect(await chat.props({ kind: 'link', linkId: hosted.id })).toBeNull();
    const down = await links.save({
      profile: { name: 'down', presetId: 'llama-server', baseUrl: 'http://127.0.0.1:9/v1', model: 'tiny' },
    });
    expect(await chat.props({ kind: 'link', linkId: down.id })).toBeNull();
  });
});

// The chat wired to the backend manager as the core wires it: what a chat says
// when the managed server has crashed, and that one sent during a restart waits.
describe('chat service over a crashing llama-server (backend manager)', () => {
  async function withManager(
    restartDelaysMs: number[],
    body: (manager: BackendManager, chat: Awaited<ReturnType<typeof makeService>>['chat']) => Promise<void>,
  ) {
    const registry = memoryLifecycle();
    const manager = new BackendManager({
      binDirs: [testAssets.binDir],
      registry,
      emit: () => {},
      probeGpus: async () => [],
      restartDelaysMs,
      stopGraceMs: 2000,
    });
    const { chat } = await makeService({
      localServer: () => manager.localEndpoint(),
      readyLocalServer: (signal) => manager.readyEndpoint(signal, 20_000),
      serverStopped: (_endpoint, since) => manager.stoppedSince(since),
    });
    try {
      await manager.load({ ...defaultSettings().load, modelPath: testAssets.tinyModel, contextSize: 512 });
      await body(manager, chat);
    } finally {
      await manager.dispose();
      await registry.stopAll(500);
    }
  }

  const waitFor = async (manager: BackendManager, state: BackendStatus['state']) => {
    for (let i = 0; i < 800 && manager.getStatus().state !== state; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(manager.getStatus().state).toBe(state);
  };

  it('killed and given up: server_crashed with the signal and a Reload action, never no_model_loaded', async () => {
    await withManager([], async (manager, chat) => {
      process.kill(manager.getStatus().pid ?? 0, 'SIGKILL');
      await waitFor(manager, 'error');
      const error = await chat.send(ask('k1')).then(
        () => null,
        (e: unknown) => e as { code: string; message: string; details?: Record<string, unknown> },
      );
      expect(error?.code).toBe('server_crashed');
      expect(error?.message).toContain('killed by SIGKILL');
      expect(error?.details).toMatchObject({ action: 'reload', signal: 'SIGKILL' });
      expect(streamed.has('k1')).toBe(false);
      expect(chat.stop('k1')).toEqual({ stopped: false });
    });
  });

  /** An answer long enough to be cut: the server is SIGKILLed once its first words have come. */
  const cutAnswer = async (
    manager: BackendManager,
    chat: Awaited<ReturnType<typeof makeService>>['chat'],
    requestId: string,
  ) => {
    const pid = manager.getStatus().pid ?? 0;
    const answer = chat.send(ask(requestId, { sampling: { ...defaultSettings().chat.sampling, max_tokens: 2000 } }));
    for (let i = 0; i < 800 && !streamed.get(requestId)?.some((event) => event.type === 'content'); i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    process.kill(pid, 'SIGKILL');
    return answer;
  };

  it('killed mid-answer: the cut answer says llama-server stopped and is started again, then the next one is answered', async () => {
    await withManager([300], async (manager, chat) => {
      const cut = await cutAnswer(manager, chat, 'm1');
      expect(cut.status).toBe('error');
      expect(cut.error).toMatchObject({
        code: 'truncated',
        message:
          'llama-server stopped while answering (killed by SIGKILL); it is being started again: retry once it is ready',
        details: { reason: 'server_stopped', restarting: true },
      });
      expect(cut.content.length).toBeGreaterThan(0);
      expect(
        (await chat.send(ask('m2', { sampling: { ...defaultSettings().chat.sampling, max_tokens: 8 } }))).status,
      ).toBe('done');
    });
  });

  it('killed mid-answer with no restarts left: the cut answer says it was not started again', async () => {
    await withManager([], async (manager, chat) => {
      const cut = await cutAnswer(manager, chat, 'g1');
      expect(cut.error).toMatchObject({
        code: 'truncated',
        message:
          'llama-server stopped while answering (killed by SIGKILL); it was not started again: reload the model to go on',
        details: { reason: 'server_stopped', restarting: false, action: 'reload' },
      });
    });
  });

  it('sent while it restarts after a crash: waits for the server and answers', async () => {
    await withManager([800], async (manager, chat) => {
      const before = manager.getStatus().pid;
      process.kill(before ?? 0, 'SIGKILL');
      await waitFor(manager, 'starting');
      const result = await chat.send(ask('w1', { sampling: { ...defaultSettings().chat.sampling, max_tokens: 8 } }));
      expect(result.status).toBe('done');
      expect(manager.getStatus()).toMatchObject({ state: 'ready', restarts: 1 });
      expect(manager.getStatus().pid).not.toBe(before);
    });
  });
});
