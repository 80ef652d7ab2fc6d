// Anthropic's Messages API on the Local API, with a plain fetch as a client
// that speaks it would send, against the real tiny llama-server: a whole
// answer, the same answer as Anthropic's SSE events, a tool_use and its
// tool_result (forced through the grammar proxy), streamed too, and the errors
// in Anthropic's shape, one of them llama-server's own for an image it cannot see.
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { openTestApi, type TestApi } from '@test-support/local-api/test-api';
import type { LocalServer } from '../chat/chat-target';

let server: TestServer;
let proxy: GrammarProxy;
let streamedProxy: GrammarProxy;
let t: TestApi;
let local: LocalServer | null = null;
const direct = () => ({ baseUrl: server.baseUrl, apiKey: '', model: 'tiny' });
const calculate = { toolCall: { name: 'calculator', arguments: { expression: '2+3' } } } as const;

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startGrammarProxy(server.port, [calculate, 'The answer is 5.']);
  streamedProxy = await startGrammarProxy(server.port, [calculate]);
  local = direct();
  t = await openTestApi({ local: () => local });
}, 180_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([proxy?.close(), streamedProxy?.close()]);
  await server?.stop();
});

const post = (body: unknown, key: string | null = t.secret) =>
  fetch(`${t.baseURL}/messages`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'anthropic-version': '2023-06-01',
      ...(key ? { 'x-api-key': key } : {}),
    },
    body: JSON.stringify(body),
  });

/** What the tests read of Anthropic's events. */
interface EventData {
  type: string;
  index?: number;
  message?: Record<string, unknown>;
  content_block?: { type: string } & Record<string, unknown>;
  delta?: { text?: string; partial_json?: string; stop_reason?: string };
  usage?: Record<string, number>;
}

/** The events of an SSE answer, as [event name, data] pairs. */
async function eventsOf(response: Response): Promise<[string, EventData][]> {
  const events: [string, EventData][] = [];
  const parser = createParser({ onEvent: (event) => events.push([event.event ?? '', JSON.parse(event.data)]) });
  parser.feed(await response.text());
  return events;
}

const tools = [
  {
    name: 'calculator',
    description: 'Evaluates an arithmetic expression',
    input_schema: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
  },
];
const hello = {
  model: 'tiny',
  max_tokens: 12,
  temperature: 0,
  system: 'You are a test.',
  messages: [{ role: 'user', content: 'Hello' }],
};

describe('POST /v1/messages', () => {
  it('answers a Message whose text, stop reason and counts come from the chat answer', async () => {
    const response = await post(hello);
    expect(response.status).toBe(200);
    const message = await response.json();
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model: 'tiny', stop_sequence: null });
    expect(message.id).toMatch(/^msg_/);
    expect(message.content).toHaveLength(1);
    expect(message.content[0].type).toBe('text');
    expect(['end_turn', 'max_tokens']).toContain(message.stop_reason);
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
    const chat = await t.client().chat.completions.create({
      model: 'tiny',
      max_tokens: 12,
      temperature: 0,
      messages: [
        { role: 'system', content: 'You are a test.' },
        { role: 'user', content: 'Hello' },
      ],
    });
    expect(message.content[0].text).toBe(chat.choices[0]?.message.content);
    const { entries } = await t.api.handlers['local-api:log']({});
    const entry = entries.find((logged) => logged.path === '/v1/messages');
    expect(entry).toMatchObject({ keyName: 'tests', model: 'tiny', status: 200 });
    expect(entry?.completionTokens).toBe(message.usage.output_tokens);
  });

  it("streams the same answer as Anthropic's events, in their order", async () => {
    const whole = await (await post(hello)).json();
    const response = await post({ ...hello, stream: true });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await eventsOf(response);
    const names = events.map(([name]) => name);
    expect(names.slice(0, 2)).toEqual(['message_start', 'content_block_start']);
    expect(names.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect(new Set(names.slice(2, -3))).toEqual(new Set(['content_block_delta']));
    expect(events[0]![1].message).toMatchObject({ role: 'assistant', model: 'tiny', content: [] });
    const text = events
      .filter(([name]) => name === 'content_block_delta')
      .map(([, data]) => data.delta?.text)
      .join('');
    expect(text).toBe(whole.content[0].text);
    expect(events.at(-2)![1]).toMatchObject({
      delta: { stop_reason: whole.stop_reason },
      usage: { output_tokens: whole.usage.output_tokens, input_tokens: whole.usage.input_tokens },
    });
  });

  it('answers with a tool_use block, and takes its tool_result back', async () => {
    local = { ...direct(), baseUrl: proxy.baseUrl };
    try {
      const messages: unknown[] = [{ role: 'user', content: 'What is 2+3?' }];
      const first = await (await post({ model: 'tiny', max_tokens: 64, tools, messages })).json();
      expect(first.stop_reason).toBe('tool_use');
      const use = first.content.find((block: { type: string }) => block.type === 'tool_use');
      expect(use).toMatchObject({ name: 'calculator', input: { expression: '2+3' } });
      expect(proxy.received.at(-1)?.tools).toEqual([
        {
          type: 'function',
          function: { name: 'calculator', description: tools[0]!.description, parameters: tools[0]!.input_schema },
        },
      ]);
      messages.push(
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: '5' }] },
      );
      const second = await (await post({ model: 'tiny', max_tokens: 64, tools, messages })).json();
      expect(second.content).toEqual([{ type: 'text', text: 'The answer is 5.' }]);
      expect(second.stop_reason).toBe('end_turn');
      const sent = proxy.received.at(-1) as { messages: Record<string, unknown>[] };
      expect(sent.messages.at(-2)).toMatchObject({
        role: 'assistant',
        tool_calls: [{ id: use.id, function: { name: 'calculator' } }],
      });
      expect(sent.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: use.id, content: '5' });
    } finally {
      local = direct();
    }
  });

  it('streams a tool call as a tool_use block whose input comes as input_json_delta', async () => {
    local = { ...direct(), baseUrl: streamedProxy.baseUrl };
    try {
      const response = await post({
        model: 'tiny',
        max_tokens: 64,
        stream: true,
        tools,
        messages: [{ role: 'user', content: 'What is 2+3?' }],
      });
      const events = await eventsOf(response);
      const start = events.find(
        ([name, data]) => name === 'content_block_start' && data.content_block?.type === 'tool_use',
      );
      expect(start?.[1].content_block).toMatchObject({ name: 'calculator', input: {} });
      const json = events
        .filter(([name, data]) => name === 'content_block_delta' && data.index === start?.[1].index)
        .map(([, data]) => data.delta?.partial_json)
        .join('');
      expect(JSON.parse(json)).toEqual({ expression: '2+3' });
      expect(events.at(-2)![1].delta?.stop_reason).toBe('tool_use');
      expect(events.at(-1)![0]).toBe('message_stop');
    } finally {
      local = direct();
    }
  });

  it("answers errors in Anthropic's shape: no key, a request that is not one, a model it lacks, the server's own", async () => {
    const none = await post(hello, null);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    const bad = await post({ model: 'tiny', messages: [{ role: 'user', content: 'Hi' }] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringContaining('max_tokens'),
    });
    const missing = await post({ ...hello, model: 'no-such-model' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.type).toBe('not_found_error');
    // The tiny model has no vision projector: llama-server refuses the image block it was given as an image_url.
    const image = await post({
      ...hello,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG } },
          ],
        },
      ],
    });
    expect(image.status).toBe(500);
    expect(await image.json()).toEqual({
      type: 'error',
      error: { type: 'api_error', message: expect.stringContaining('image input is not supported') },
    });
  });
});

/** a 1×1 PNG */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
