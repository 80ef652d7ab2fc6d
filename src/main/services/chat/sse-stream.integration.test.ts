// The stream functions, pointed by endpointRequest, against the real llama-server
// (bin/cpu, built from source by `npm test`) and the tiny random-weight model: its text is noise, so the tests
// check the protocol (events, timings, slots, Stop), never the words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChatBody, buildCompletionBody, normalizeMessages } from '@shared/chat/request-body';
import type { StreamEvent } from '@shared/chat/types';
import type { CompletionApi } from '@shared/chat/request-body';
import { endpointRequest, type ChatEndpoint } from './endpoint-request';
import { collectStream, streamChat, streamCompletion } from './sse-stream';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';

let plain: TestServer;
let keyed: TestServer;
let client: ChatEndpoint;

beforeAll(async () => {
  [plain, keyed] = await Promise.all([startTestServer(), startTestServer({ extraArgs: ['--api-key', 'secret'] })]);
  client = { baseUrl: plain.baseUrl };
});

afterAll(async () => {
  await Promise.all([plain?.stop(), keyed?.stop()]);
});

// What the chat service sends: the endpoint's URL and key, the body, the caller's signal.
const chat = (endpoint: ChatEndpoint, body: Record<string, unknown>, signal?: AbortSignal) =>
  streamChat({ ...endpointRequest(endpoint, 'chat'), body, signal });
const complete = (endpoint: ChatEndpoint, body: Record<string, unknown>, api: CompletionApi) =>
  streamCompletion({ ...endpointRequest(endpoint, api), body });

const messages = normalizeMessages([{ role: 'user', content: 'Say hello.' }], 'You are EVA.');
const chatBody = (extra: Partial<Parameters<typeof buildChatBody>[0]> = {}) =>
  buildChatBody({
    model: 'tiny',
    messages,
    sampling: { temperature: 0.8, top_k: 40, max_tokens: 12, seed: 1 },
    stream: true,
    includeUsage: true,
    ...extra,
  });

describe('chat against the real llama-server', () => {
  it('streams a chat to the end with finish reason, usage and timings', async () => {
    const seen: StreamEvent['type'][] = [];
    const state = await collectStream(chat(client, chatBody()), (_s, event) => seen.push(event.type));
    expect(state.status).toBe('done');
    expect(state.error).toBeUndefined();
    expect(state.content.length).toBeGreaterThan(0);
    expect(['stop', 'length']).toContain(state.finishReason);
    expect(state.usage).toMatchObject({ completion_tokens: expect.any(Number), prompt_tokens: expect.any(Number) });
    expect(state.usage?.total_tokens).toBe((state.usage?.prompt_tokens ?? 0) + (state.usage?.completion_tokens ?? 0));
    expect(state.timings?.predicted_n).toBe(state.usage?.completion_tokens);
    expect(state.timings?.prompt_per_second).toBeGreaterThan(0);
    expect(state.timings?.predicted_ms).toBeGreaterThan(0);
    // No slot was asked for, so none is reported.
    expect(state.slotId).toBeNull();
    // Finish with the model that wrote it (the closing chunk), then the include_usage chunk (usage + timings), then
    // [DONE].
    expect(seen.slice(-5)).toEqual(['finish', 'model', 'usage', 'timings', 'done']);
  });

  it('pins the slot given as id_slot and reports it back', async () => {
    const pinned = await collectStream(chat(client, chatBody({ idSlot: 2 })));
    expect(pinned).toMatchObject({ status: 'done', slotId: 2 });
    const any = await collectStream(chat(client, chatBody({ idSlot: -1 })));
    expect(any.status).toBe('done');
    expect(any.slotId).toBeGreaterThanOrEqual(0);
  });

  it('stops mid-stream, keeping the partial answer', async () => {
    const controller = new AbortController();
    let deltas = 0;
    const body = chatBody({ sampling: { max_tokens: 1500, temperature: 1 } });
    const state = await collectStream(chat(client, body, controller.signal), (_s, event) => {
      if (event.type === 'content' && ++deltas === 3) controller.abort();
    });
    expect(state.status).toBe('stopped');
    expect(state.content.length).toBeGreaterThan(0);
    expect(state.finishReason).toBeNull();
    // The server freed the slot: the next request is served normally.
    expect((await collectStream(chat(client, chatBody()))).status).toBe('done');
  });

  it('takes a non-stream reply too, slot included', async () => {
    const state = await collectStream(chat(client, chatBody({ stream: false, idSlot: 3 })));
    expect(state).toMatchObject({ status: 'done', slotId: 3 });
    expect(state.content.length).toBeGreaterThan(0);
    expect(state.timings?.predicted_n).toBeGreaterThan(0);
  });

  it('ignores the model name in single-model mode', async () => {
    expect((await collectStream(chat(client, chatBody({ model: 'no-such-model' })))).status).toBe('done');
  });

  it('a prompt longer than the context is context_exceeded with both numbers, not a raw HTTP 400', async () => {
    const long = normalizeMessages([{ role: 'user', content: 'lorem ipsum dolor '.repeat(1500) }], 'You are EVA.');
    const state = await collectStream(chat(client, chatBody({ messages: long })));
    expect(state.status).toBe('error');
    expect(state.error).toMatchObject({ code: 'context_exceeded', details: { status: 400, nCtx: 2048 } });
    expect(Number((state.error?.details as { nPromptTokens: number }).nPromptTokens)).toBeGreaterThan(2048);
    expect(state.error?.message).toContain("model's context of 2048");
  });

  it('surfaces the server message of a rejected request', async () => {
    const state = await collectStream(chat(client, { messages: 'not a list', stream: true }));
    expect(state).toMatchObject({
      status: 'error',
      error: { code: 'http_error', message: "HTTP 400: Expected 'messages' to be an array", details: { status: 400 } },
    });
  });
});

describe('completion mode against the real llama-server', () => {
  it('streams /completion to stop:true and reports the slot', async () => {
    const body = buildCompletionBody({ prompt: 'Once upon a time', sampling: { max_tokens: 8 }, idSlot: 1 });
    const state = await collectStream(complete(client, body, 'llama'));
    expect(state).toMatchObject({ status: 'done', finishReason: expect.any(String), slotId: 1 });
    expect(state.content.length).toBeGreaterThan(0);
    expect(state.timings?.predicted_n).toBeGreaterThan(0);
  });

  it('streams /v1/completions to [DONE]', async () => {
    const body = buildCompletionBody({
      prompt: 'Once upon a time',
      sampling: { max_tokens: 8 },
      api: 'openai',
      model: 'tiny',
      includeUsage: true,
    });
    const state = await collectStream(complete(client, body, 'openai'));
    expect(state).toMatchObject({ status: 'done', finishReason: 'length', usage: { completion_tokens: 8 } });
    expect(state.content.length).toBeGreaterThan(0);
  });
});

describe('link mode against llama-server with --api-key', () => {
  it('reports a wrong key as HTTP 401 with the server message', async () => {
    const wrong = { baseUrl: `${keyed.baseUrl}/v1`, apiKey: 'wrong' };
    const events: StreamEvent[] = [];
    for await (const event of chat(wrong, chatBody())) events.push(event);
    expect(events).toEqual([
      {
        type: 'error',
        error: {
          code: 'http_error',
          message: 'HTTP 401: Invalid API Key',
          details: expect.objectContaining({ status: 401, url: `${keyed.baseUrl}/v1/chat/completions` }),
        },
      },
    ]);
    const missing = await collectStream(chat({ baseUrl: keyed.baseUrl }, chatBody()));
    expect(missing.error?.message).toBe('HTTP 401: Invalid API Key');
  });

  it('streams with the right key', async () => {
    const right = { baseUrl: `${keyed.baseUrl}/v1`, apiKey: 'secret' };
    expect((await collectStream(chat(right, chatBody()))).status).toBe('done');
  });
});
