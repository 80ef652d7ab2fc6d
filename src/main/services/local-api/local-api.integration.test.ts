// The Local API against the real tiny llama-server, driven by the official
// `openai` client: models, a chat plain and streamed, a tool call round trip
// (forced through the grammar proxy), embeddings from an embedding server, the
// 401s, a 403 for a model the key may not use, and CORS by the list.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { openTestApi, type TestApi } from '@test-support/local-api/test-api';
import type { LocalServer } from '../chat/chat-target';

let chatServer: TestServer;
let embeddingServer: TestServer;
let proxy: GrammarProxy;
let t: TestApi;
/** where "tiny" is answered now: the server itself or the grammar proxy */
let local: LocalServer | null = null;

beforeAll(async () => {
  [chatServer, embeddingServer] = await Promise.all([
    startTestServer(),
    startTestServer({ extraArgs: ['--embedding', '--pooling', 'mean'] }),
  ]);
  proxy = await startGrammarProxy(chatServer.port, [
    { toolCall: { name: 'calculator', arguments: { expression: '2+3' } } },
    'The answer is 5.',
  ]);
  local = { baseUrl: chatServer.baseUrl, apiKey: '', model: 'tiny' };
  t = await openTestApi({
    local: () => local,
    embedder: async () => ({ endpoint: { baseUrl: embeddingServer.baseUrl, apiKey: '', model: 'tiny-embed' } }),
  });
}, 180_000);

afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await Promise.all([chatServer?.stop(), embeddingServer?.stop()]);
});

const refusalOf = (error: unknown) => error as InstanceType<typeof OpenAI.APIError>;

describe('the Local API through the openai client', () => {
  it('listens on loopback on a port it keeps, and lists the loaded model', async () => {
    const status = await t.api.handlers['local-api:status']({});
    expect(status.host).toBe('127.0.0.1');
    expect(status.settings.port).toBe(status.port);
    const models = await t.client().models.list();
    expect(models.data.map((model) => model.id)).toEqual(['tiny']);
  });

  it('answers a chat, and the log has its key, model and tokens', async () => {
    const answer = await t.client().chat.completions.create({
      model: 'tiny',
      messages: [{ role: 'user', content: 'Hello' }],
      max_tokens: 8,
    });
    expect(answer.choices[0]?.message.role).toBe('assistant');
    expect(answer.usage?.completion_tokens).toBeGreaterThan(0);
    const { entries, totals } = await t.api.handlers['local-api:log']({});
    const entry = entries.find((logged) => logged.path === '/v1/chat/completions');
    expect(entry).toMatchObject({ keyName: 'tests', model: 'tiny', status: 200 });
    expect(entry?.completionTokens).toBe(answer.usage?.completion_tokens);
    expect(entry?.requestBody).toBeUndefined();
    expect(totals.find((total) => total.keyName === 'tests')?.requests).toBeGreaterThan(0);
  });

  it('streams a chat whose deltas join into the whole answer', async () => {
    const request = {
      model: 'tiny',
      messages: [{ role: 'user' as const, content: 'Hello' }],
      max_tokens: 12,
      temperature: 0,
    };
    const stream = await t.client().chat.completions.create({
      ...request,
      stream: true,
      stream_options: { include_usage: true },
    });
    const deltas: string[] = [];
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      deltas.push(chunk.choices[0]?.delta.content ?? '');
      usage = chunk.usage ?? usage;
    }
    const whole = await t.client().chat.completions.create(request);
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
      const first = await t.client().chat.completions.create({ model: 'tiny', messages, tools });
      const call = first.choices[0]?.message.tool_calls?.[0];
      expect(first.choices[0]?.finish_reason).toBe('tool_calls');
      expect(call?.function.name).toBe('calculator');
      expect(JSON.parse(call!.function.arguments)).toEqual({ expression: '2+3' });
      messages.push(first.choices[0]!.message, { role: 'tool', tool_call_id: call!.id, content: '5' });
      const second = await t.client().chat.completions.create({ model: 'tiny', messages, tools });
      expect(second.choices[0]?.message.content).toBe('The answer is 5.');
      const sent = proxy.received.at(-1) as { tools?: unknown; messages: { role: string; tool_call_id?: string }[] };
      expect(sent.tools).toBeDefined();
      expect(sent.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: call!.id });
    } finally {
      local = { baseUrl: chatServer.baseUrl, apiKey: '', model: 'tiny' };
    }
  });

  it('embeds through the embedding server', async () => {
    const embedded = await t.client().embeddings.create({ model: 'any', input: ['one text', 'another text'] });
    expect(embedded.data).toHaveLength(2);
    expect(embedded.data[0]?.embedding.length).toBeGreaterThan(0);
  });

  it('answers 404 for a model it does not have', async () => {
    const refused = await t
      .client()
      .chat.completions.create({ model: 'no-such-model', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.NotFoundError);
    expect(refusalOf(refused).code).toBe('model_not_found');
  });

  it('answers 401 without a key, with a wrong one and with a revoked one', async () => {
    const none = await fetch(`${t.baseURL}/models`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: 'missing_api_key', type: 'invalid_request_error' } });
    const wrong = await t
      .client('eva-000000000000-' + 'a'.repeat(43))
      .models.list()
      .catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(refusalOf(wrong).code).toBe('invalid_api_key');
    const made = await t.api.handlers['local-api:key-create']({ name: 'old', allowedModels: [] });
    await t.client(made.secret).models.list();
    await t.api.handlers['local-api:key-revoke']({ id: made.key.id });
    const revoked = await t
      .client(made.secret)
      .models.list()
      .catch((error: unknown) => error);
    expect(revoked).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(refusalOf(revoked).code).toBe('revoked_api_key');
  });

  it('answers 403 for a model the key may not use, and does not list it to that key', async () => {
    const made = await t.api.handlers['local-api:key-create']({ name: 'narrow', allowedModels: ['another-model'] });
    const narrow = t.client(made.secret);
    expect((await narrow.models.list()).data).toEqual([]);
    const refused = await narrow.chat.completions
      .create({ model: 'tiny', messages: [{ role: 'user', content: 'Hi' }], max_tokens: 4 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(refusalOf(refused).code).toBe('model_not_allowed');
    // The default model is the loaded one, and the key may not use that either.
    const unnamed = await fetch(`${t.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${made.secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }], max_tokens: 4 }),
    });
    expect(unnamed.status).toBe(403);
    const { entries } = await t.api.handlers['local-api:log']({});
    expect(entries[0]).toMatchObject({ keyName: 'narrow', model: 'tiny', status: 403 });
  });

  it('answers cross-origin requests only from the origins listed', async () => {
    const preflight = (origin: string) =>
      fetch(`${t.baseURL}/chat/completions`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type, x-stainless-os, anthropic-version',
        },
      });
    const models = (origin: string) =>
      fetch(`${t.baseURL}/models`, { headers: { Origin: origin, Authorization: `Bearer ${t.secret}` } });
    // CORS is off until origins are listed.
    expect((await preflight('http://localhost:5173')).status).toBe(403);
    await t.api.handlers['local-api:settings']({ corsOrigins: ['http://localhost:5173'] });
    try {
      const allowed = await preflight('http://localhost:5173');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
      expect(allowed.headers.get('access-control-allow-headers')).toBe(
        'authorization, content-type, x-stainless-os, anthropic-version',
      );
      const listed = await models('http://localhost:5173');
      expect(listed.status).toBe(200);
      expect(listed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      const streamed = await fetch(`${t.baseURL}/chat/completions`, {
        method: 'POST',
        headers: {
          Origin: 'http://localhost:5173',
          Authorization: `Bearer ${t.secret}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }], max_tokens: 4, stream: true }),
      });
      expect(streamed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(await streamed.text()).toContain('[DONE]');
      // A refusal carries the headers too, so the page can read why.
      const refused = await fetch(`${t.baseURL}/models`, { headers: { Origin: 'http://localhost:5173' } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');

      const other = await preflight('http://evil.example');
      expect(other.status).toBe(403);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const otherModels = await models('http://evil.example');
      expect(otherModels.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await t.api.handlers['local-api:settings']({ corsOrigins: [] });
    }
  });
});
