// The Local API against the real tiny llama-server, driven by the official
// `openai` client: models, a chat plain and streamed, a tool call round trip
// (forced through the grammar proxy), embeddings from an embedding server, the
// 401s, and a 429 once the queue is full (the last with a holding stand-in
// upstream, so the requests stay open until the test lets them go).
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSettings, EventName, EventPayloads } from '@shared/contract';
import type { LocalApiStatus } from '@shared/local-api/local-api-types';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { isPortFree } from '../backend/launch/net-probe';
import { localKeyFileCipher } from '../secrets/secret-cipher';
import { openSecretStore } from '../secrets/secret-store';
import type { LocalServer } from '../chat/chat-target';
import { openLocalApi, type LocalApiModule } from './local-api-module';

let dataDir: string;
let chatServer: TestServer;
let embeddingServer: TestServer;
let proxy: GrammarProxy;
let api: LocalApiModule;
let baseURL: string;
let secret: string;
/** where "tiny" is answered now: the server itself, the grammar proxy, or the holding stand-in */
let local: LocalServer | null = null;
const states: LocalApiStatus[] = [];
const stateWaiters: (() => void)[] = [];

const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
  if (event !== 'local-api:state') return;
  states.push(payload as LocalApiStatus);
  for (const wake of stateWaiters.splice(0)) wake();
};
const untilState = async (test: (status: LocalApiStatus) => boolean) => {
  while (!states.some(test)) await new Promise<void>((wake) => stateWaiters.push(wake));
};
const client = (apiKey = secret) => new OpenAI({ baseURL, apiKey, maxRetries: 0 });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'eva-local-api-'));
  [chatServer, embeddingServer] = await Promise.all([
    startTestServer(),
    startTestServer({ extraArgs: ['--embedding', '--pooling', 'mean'] }),
  ]);
  proxy = await startGrammarProxy(chatServer.port, [
    { toolCall: { name: 'calculator', arguments: { expression: '2+3' } } },
    'The answer is 5.',
  ]);
  local = { baseUrl: chatServer.baseUrl, apiKey: '', model: 'tiny' };
  const secrets = await openSecretStore(join(dataDir, 'secrets.json'), await localKeyFileCipher(join(dataDir, 'k')));
  api = await openLocalApi({
    dataDir,
    secrets,
    emit,
    settings: { get: () => ({ load: { parallel: 2 } }) as AppSettings },
    localServer: () => local,
    pool: { getStatus: () => ({ state: 'stopped', models: [] }), endpoint: () => Promise.reject(new Error('no pool')) },
    links: {
      list: () => ({ profiles: [], presets: [], protection: 'local-key-file' }),
      resolve: () => Promise.reject(),
    },
    embedder: async () => ({ endpoint: { baseUrl: embeddingServer.baseUrl, apiKey: '', model: 'tiny-embed' } }),
  } as Parameters<typeof openLocalApi>[0]);
  const started = await api.handlers['local-api:start']({});
  baseURL = started.baseUrl!;
  secret = (await api.handlers['local-api:key-create']({ name: 'tests', allowedModels: [] })).secret;
}, 180_000);

afterAll(async () => {
  await api?.dispose();
  await proxy?.close();
  await Promise.all([chatServer?.stop(), embeddingServer?.stop()]);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the Local API through the openai client', () => {
  it('listens on loopback on a port it keeps, and lists the loaded model', async () => {
    const status = await api.handlers['local-api:status']({});
    expect(status.host).toBe('127.0.0.1');
    expect(status.settings.port).toBe(status.port);
    const models = await client().models.list();
    expect(models.data.map((model) => model.id)).toEqual(['tiny']);
  });

  it('answers a chat, and the log has its key, model and tokens', async () => {
    const answer = await client().chat.completions.create({
      model: 'tiny',
      messages: [{ role: 'user', content: 'Hello' }],
      max_tokens: 8,
    });
    expect(answer.choices[0]?.message.role).toBe('assistant');
    expect(answer.usage?.completion_tokens).toBeGreaterThan(0);
    const { entries, totals } = await api.handlers['local-api:log']({});
    const entry = entries.find((logged) => logged.path === '/v1/chat/completions');
    expect(entry).toMatchObject({ keyName: 'tests', model: 'tiny', status: 200 });
    expect(entry?.completionTokens).toBe(answer.usage?.completion_tokens);
    expect(entry?.requestBody).toBeUndefined();
    expect(totals.find((total) => total.keyName === 'tests')?.requests).toBeGreaterThan(0);
  });

  it('streams a chat whose deltas join into the whole answer', async () => {
    const stream = await client().chat.completions.create({
      model: 'tiny',
      messages: [{ role: 'user', content: 'Hello' }],
      max_tokens: 12,
      temperature: 0,
      stream: true,
      stream_options: { include_usage: true },
    } as OpenAI.ChatCompletionCreateParamsStreaming);
    const deltas: string[] = [];
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      deltas.push(chunk.choices[0]?.delta.content ?? '');
      // this client version predates stream_options, so its chunk type has no usage; llama-server sends it
      usage = (chunk as { usage?: OpenAI.CompletionUsage }).usage ?? usage;
    }
    const whole = await client().chat.completions.create({
      model: 'tiny',
      messages: [{ role: 'user', content: 'Hello' }],
      max_tokens: 12,
      temperature: 0,
    });
    expect(deltas.join('')).toBe(whole.choices[0]?.message.content);
    expect(deltas.filter((delta) => delta !== '').length).toBeGreaterThan(1);
    expect(usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('passes a tool call and its result through', async () => {
    local = { baseUrl: proxy.baseUrl, apiKey: '', model: 'tiny' };
    try {
      const tools: OpenAI.ChatCompletionTool[] = [
        {
          type: 'function',
          function: {
            name: 'calculator',
            description: 'Evaluates an arithmetic expression',
            parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
          },
        },
      ];
      const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'What is 2+3?' }];
      const first = await client().chat.completions.create({ model: 'tiny', messages, tools });
      const call = first.choices[0]?.message.tool_calls?.[0];
      expect(call?.function.name).toBe('calculator');
      expect(JSON.parse(call!.function.arguments)).toEqual({ expression: '2+3' });
      messages.push(first.choices[0]!.message, { role: 'tool', tool_call_id: call!.id, content: '5' });
      const second = await client().chat.completions.create({ model: 'tiny', messages, tools });
      expect(second.choices[0]?.message.content).toBe('The answer is 5.');
      expect(proxy.received.at(-1)?.tools).toBeDefined();
    } finally {
      local = { baseUrl: chatServer.baseUrl, apiKey: '', model: 'tiny' };
    }
  });

  it('embeds through the embedding server', async () => {
    const embedded = await client().embeddings.create({ model: 'any', input: ['one text', 'another text'] });
    expect(embedded.data).toHaveLength(2);
    expect(embedded.data[0]?.embedding.length).toBeGreaterThan(0);
  });

  it('answers 404 for a model it does not have', async () => {
    const refused = await client()
      .chat.completions.create({ model: 'no-such-model', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.NotFoundError);
    expect((refused as InstanceType<typeof OpenAI.APIError>).code).toBe('model_not_found');
  });

  it('answers 401 without a key, with a wrong one and with a revoked one', async () => {
    const none = await fetch(`${baseURL}/models`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: 'missing_api_key', type: 'invalid_request_error' } });
    const wrong = await client('eva-000000000000-' + 'a'.repeat(43))
      .models.list()
      .catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((wrong as InstanceType<typeof OpenAI.APIError>).code).toBe('invalid_api_key');
    const made = await api.handlers['local-api:key-create']({ name: 'old', allowedModels: [] });
    await client(made.secret).models.list();
    await api.handlers['local-api:key-revoke']({ id: made.key.id });
    const revoked = await client(made.secret)
      .models.list()
      .catch((error: unknown) => error);
    expect(revoked).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((revoked as InstanceType<typeof OpenAI.APIError>).code).toBe('revoked_api_key');
  });

  it('answers 429 with Retry-After once the running and queued requests fill it (holding stand-in upstream)', async () => {
    const held: ServerResponse[] = [];
    const arrived: (() => void)[] = [];
    const holding: Server = createServer((_req, res) => {
      held.push(res);
      for (const wake of arrived.splice(0)) wake();
    });
    await new Promise<void>((done) => holding.listen(0, '127.0.0.1', done));
    local = { baseUrl: `http://127.0.0.1:${(holding.address() as AddressInfo).port}`, apiKey: '', model: 'tiny' };
    try {
      await api.handlers['local-api:settings']({ queueLimit: 1 });
      const ask = () =>
        client().chat.completions.create({ model: 'tiny', messages: [{ role: 'user', content: 'Hi' }] });
      const running = ask();
      const queued = ask();
      await untilState((status) => status.inFlight === 1 && status.queued === 1);
      const refused = await ask().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
      expect((refused as InstanceType<typeof OpenAI.APIError>).headers?.['retry-after']).toBe('2');
      const answer = JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'tiny', choices: [] });
      // The first answer lets the queued one reach the upstream, which is then answered too.
      held.shift()!.writeHead(200, { 'Content-Type': 'application/json' }).end(answer);
      while (held.length === 0) await new Promise<void>((wake) => arrived.push(wake));
      held.shift()!.writeHead(200, { 'Content-Type': 'application/json' }).end(answer);
      await Promise.all([running, queued]);
    } finally {
      local = { baseUrl: chatServer.baseUrl, apiKey: '', model: 'tiny' };
      await new Promise<void>((done) => holding.close(() => done()));
    }
  });
  it('closes the connections it holds and frees its port when it stops (holding stand-in upstream)', async () => {
    const arrived: (() => void)[] = [];
    let reached = false;
    const holding: Server = createServer(() => {
      reached = true;
      for (const wake of arrived.splice(0)) wake();
    });
    await new Promise<void>((done) => holding.listen(0, '127.0.0.1', done));
    local = { baseUrl: `http://127.0.0.1:${(holding.address() as AddressInfo).port}`, apiKey: '', model: 'tiny' };
    try {
      const port = (await api.handlers['local-api:status']({})).port!;
      const open = client()
        .chat.completions.create({ model: 'tiny', messages: [{ role: 'user', content: 'Hi' }] })
        .catch((error: unknown) => error);
      while (!reached) await new Promise<void>((wake) => arrived.push(wake));
      const stopped = await api.handlers['local-api:stop']({});
      expect(stopped.state).toBe('stopped');
      expect(await open).toBeInstanceOf(OpenAI.APIConnectionError);
      expect(await isPortFree(port, '127.0.0.1')).toBe(true);
    } finally {
      holding.closeAllConnections();
      await new Promise<void>((done) => holding.close(() => done()));
    }
  });
});
