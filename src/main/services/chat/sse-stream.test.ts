// The SSE client against a real local HTTP server that misbehaves on purpose:
// each route below is one way a model server or a proxy breaks a stream.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reduceEvents } from '@shared/chat/stream-reducer';
import type { StreamEvent } from '@shared/chat/types';
import { collectStream } from './chat-client';
import { streamChat, streamCompletion, type StreamRequest } from './sse-stream';

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }], object: 'chat.completion.chunk' })}\n\n`;
const timings = {
  prompt_n: 3,
  prompt_ms: 1,
  prompt_per_second: 3000,
  predicted_n: 2,
  predicted_ms: 4,
  predicted_per_second: 500,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

function sse(res: ServerResponse, status = 200): void {
  res.writeHead(status, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  res.socket?.setNoDelay(true);
  res.flushHeaders();
}

const routes: Record<string, Handler> = {
  '/ok': (_req, res) => {
    sse(res);
    res.end(
      chunk({ role: 'assistant', content: null }) +
        chunk({ content: 'Hello' }) +
        chunk({}, 'stop') +
        `data: ${JSON.stringify({ choices: [], timings })}\n\ndata: [DONE]\n\n`,
    );
  },
  '/garbage': (_req, res) => {
    sse(res);
    res.end(
      `hello world\nretry: soon\nfoo: bar\n: a comment\n\n${chunk({ content: 'A' })}event: ping\ndata: {"x":1}\n\n\n\n${chunk({ content: 'B' })}data: [DONE]\n\n`,
    );
  },
  '/bad-json': (_req, res) => {
    sse(res);
    res.end(`${chunk({ content: 'kept' })}data: {"choices": [oops\n\n${chunk({ content: 'never' })}data: [DONE]\n\n`);
  },
  '/wrong-type': (_req, res) => {
    sse(res);
    res.end(`${chunk({ content: 'kept' })}${chunk({ content: 7 })}data: [DONE]\n\n`);
  },
  '/cut': async (_req, res) => {
    sse(res);
    res.write(chunk({ content: 'partial' }));
    await sleep(30);
    res.write('data: {"choices":[{"delta":{"con');
    await sleep(30);
    res.socket?.destroy();
  },
  '/clean-close': (_req, res) => {
    sse(res);
    res.end(chunk({ content: 'partial' }));
  },
  '/finish-no-done': (_req, res) => {
    sse(res);
    res.end(chunk({ content: 'whole' }) + chunk({}, 'stop'));
  },
  '/500-json': (_req, res) => {
    res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 500, message: 'the model crashed', type: 'server_error' } }));
  },
  '/401': (_req, res) => {
    res.writeHead(401, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: { message: 'Invalid API Key', type: 'authentication_error', code: 401 } }));
  },
  '/404-model': (_req, res) => {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        error: {
          message: 'The model `gpt-nope` does not exist or you do not have access to it.',
          type: 'invalid_request_error',
          code: 'model_not_found',
        },
      }),
    );
  },
  '/502-html': (_req, res) => {
    res.writeHead(502, { 'Content-Type': 'text/html' });
    res.end('<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>');
  },
  '/html': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><body>Welcome to the llama.cpp web UI</body></html>');
  },
  '/html-untyped': (_req, res) => {
    res.writeHead(200);
    res.end('\n  <!DOCTYPE html><html></html>');
  },
  '/plain-text': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('just some words');
  },
  '/untyped-sse': (_req, res) => {
    res.writeHead(200);
    res.end(chunk({ content: 'sniffed' }) + 'data: [DONE]\n\n');
  },
  '/silence': (_req, res) => {
    sse(res);
    res.write(chunk({ content: 'before the silence' }));
  },
  '/no-headers': () => {
    // Accepts the request and never answers.
  },
  '/crlf-bom': (_req, res) => {
    sse(res);
    const body = `${chunk({ content: 'C' })}${chunk({ content: 'R' })}${chunk({}, 'stop')}data: [DONE]\n\n`.replace(
      /\n/g,
      '\r\n',
    );
    res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]));
  },
  '/split': async (_req, res) => {
    sse(res);
    const bytes = Buffer.from(
      `${chunk({ content: '你好' })}data: {"choices":[{"delta":{"content":"🙂"}}]}\n\ndata: [DO` + 'NE]\n\n',
    );
    // Cut inside "data:", inside the JSON, inside 你 (3 bytes) and inside 🙂 (4 bytes).
    const cuts = [2, 20, bytes.indexOf(Buffer.from('你')) + 1, bytes.indexOf(Buffer.from('🙂')) + 2, bytes.length - 5];
    let at = 0;
    for (const cut of cuts) {
      res.write(bytes.subarray(at, cut));
      at = cut;
      await sleep(15);
    }
    res.end(bytes.subarray(at));
  },
  '/multiline-data': (_req, res) => {
    sse(res);
    res.end('data: {"choices":[{"delta":\ndata: {"content":"two lines"}}]}\n\ndata: [DONE]\n\n');
  },
  '/stream-error': (_req, res) => {
    sse(res);
    res.end(
      `${chunk({ content: 'partial' })}data: {"error":{"code":500,"message":"context shift is disabled","type":"server_error"}}\n\n`,
    );
  },
  '/event-error': (_req, res) => {
    sse(res);
    res.end(`${chunk({ content: 'partial' })}event: error\ndata: {"message":"overloaded"}\n\n`);
  },
  '/non-stream': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: 'all at once', reasoning_content: 'thought' },
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 3, total_tokens: 4 },
        timings,
      }),
    );
  },
  '/json-not-completion': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"object":"list","data":[]}');
  },
  '/endless': async (_req, res) => {
    sse(res);
    for (let i = 0; !res.destroyed && i < 1000; i++) {
      res.write(chunk({ content: `t${i} ` }));
      await sleep(10);
    }
    res.end();
  },
  '/completion': (_req, res) => {
    sse(res);
    res.write('data: {"index":0,"content":"Once","stop":false,"id_slot":-1}\n\n');
    res.write('data: {"index":0,"content":" upon","stop":false,"id_slot":-1}\n\n');
    // No [DONE] and the connection stays open: stop:true alone must end the stream.
    res.write(
      `data: ${JSON.stringify({ index: 0, content: '', stop: true, stop_type: 'limit', id_slot: 1, timings })}\n\n`,
    );
  },
  '/completion-cut': (_req, res) => {
    sse(res);
    res.end('data: {"index":0,"content":"Once","stop":false}\n\n');
  },
  '/echo': async (req, res) => {
    let body = '';
    for await (const part of req) body += String(part);
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.end(
      chunk(
        {
          content: JSON.stringify({
            auth: req.headers.authorization ?? null,
            accept: req.headers.accept,
            body: JSON.parse(body) as unknown,
          }),
        },
        'stop',
      ),
    );
  },
};

let server: Server;
let base = '';
const openResponses = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((req, res) => {
    openResponses.add(res);
    res.on('close', () => openResponses.delete(res));
    const handler = routes[req.url ?? ''];
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of openResponses) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function events(path: string, extra: Partial<StreamRequest> = {}, stream = streamChat): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of stream({ url: base + path, body: { stream: true }, idleTimeoutMs: 2000, ...extra }))
    out.push(event);
  return out;
}

const last = (list: StreamEvent[]) => list[list.length - 1];

describe('streamChat against a well-behaved stream', () => {
  it('yields content, finish, timings and done', async () => {
    const list = await events('/ok');
    expect(list).toEqual([
      { type: 'content', text: 'Hello' },
      { type: 'finish', reason: 'stop' },
      { type: 'timings', timings },
      { type: 'done' },
    ]);
  });

  it('sends JSON with the caller headers and asks for an event stream', async () => {
    const state = await collectStream(
      streamChat({ url: `${base}/echo`, headers: { Authorization: 'Bearer k' }, body: { model: 'm', stream: true } }),
    );
    expect(JSON.parse(state.content)).toEqual({
      auth: 'Bearer k',
      accept: 'text/event-stream, application/json',
      body: { model: 'm', stream: true },
    });
    expect(state.status).toBe('done');
  });
});

describe('streamChat against malformed streams', () => {
  it('ignores garbage lines, comments, unknown fields and other event types', async () => {
    const state = reduceEvents(await events('/garbage'));
    expect(state).toMatchObject({ content: 'AB', status: 'done' });
  });

  it('stops at invalid JSON in data: with bad_json, keeping the text so far', async () => {
    const list = await events('/bad-json');
    expect(last(list)).toMatchObject({
      type: 'error',
      error: {
        code: 'bad_json',
        message: 'the server sent an event that is not JSON',
        details: { data: '{"choices": [oops' },
      },
    });
    expect(reduceEvents(list)).toMatchObject({ status: 'error', content: 'kept' });
  });

  it('stops at a chunk with a wrong type with bad_chunk', async () => {
    const state = reduceEvents(await events('/wrong-type'));
    expect(state).toMatchObject({ status: 'error', content: 'kept', error: { code: 'bad_chunk' } });
  });

  it('reports a connection cut mid-event as truncated, keeping the text so far', async () => {
    const state = reduceEvents(await events('/cut'));
    expect(state).toMatchObject({ status: 'error', content: 'partial', error: { code: 'truncated' } });
    expect(state.error?.message).toMatch(/^the connection was cut before the answer finished \(.+\)$/);
  });

  it('reports a clean close before [DONE] or a finish reason as truncated', async () => {
    const state = reduceEvents(await events('/clean-close'));
    expect(state).toMatchObject({
      status: 'error',
      content: 'partial',
      error: { code: 'truncated', message: 'the stream ended before [DONE] or a finish reason' },
    });
  });

  it('accepts a finish reason followed by a clean close without [DONE]', async () => {
    expect(reduceEvents(await events('/finish-no-done'))).toMatchObject({
      status: 'done',
      content: 'whole',
      finishReason: 'stop',
    });
  });

  it('surfaces the message of an HTTP 500 JSON body', async () => {
    const list = await events('/500-json');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'error',
      error: { code: 'http_error', message: 'HTTP 500: the model crashed', details: { status: 500 } },
    });
  });

  it('surfaces HTTP 401 and 404 (a wrong key, a wrong model) with the server message', async () => {
    expect((await events('/401'))[0]).toMatchObject({
      error: { code: 'http_error', message: 'HTTP 401: Invalid API Key' },
    });
    expect((await events('/404-model'))[0]).toMatchObject({
      error: {
        code: 'http_error',
        message: 'HTTP 404: The model `gpt-nope` does not exist or you do not have access to it.',
      },
    });
    expect((await events('/502-html'))[0]).toMatchObject({
      error: { code: 'http_error', message: 'HTTP 502: 502 Bad Gateway' },
    });
  });

  it('reports HTML instead of an event stream', async () => {
    expect(await events('/html')).toEqual([
      {
        type: 'error',
        error: {
          code: 'not_sse',
          message: 'the server sent HTML instead of an event stream',
          details: expect.objectContaining({ contentType: 'text/html; charset=utf-8', status: 200 }),
        },
      },
    ]);
    expect((await events('/html-untyped'))[0]).toMatchObject({
      error: { code: 'not_sse', message: 'the server sent HTML instead of an event stream' },
    });
    expect((await events('/plain-text'))[0]).toMatchObject({
      error: { code: 'not_sse', message: 'the server did not send an event stream (content-type: text/plain)' },
    });
  });

  it('reads an event stream sent without a content type', async () => {
    expect(reduceEvents(await events('/untyped-sse'))).toMatchObject({ status: 'done', content: 'sniffed' });
  });

  it('gives up after the idle timeout, keeping the text so far', async () => {
    const state = reduceEvents(await events('/silence', { idleTimeoutMs: 300 }));
    expect(state).toMatchObject({
      status: 'error',
      content: 'before the silence',
      error: { code: 'idle_timeout', message: 'no data for 0.3 s' },
    });
  });

  it('gives up after the idle timeout when not even headers come', async () => {
    expect(await events('/no-headers', { idleTimeoutMs: 300 })).toEqual([
      { type: 'error', error: { code: 'idle_timeout', message: 'no data for 0.3 s', details: { idleTimeoutMs: 300 } } },
    ]);
  });

  it('works with CRLF line endings and a BOM', async () => {
    expect(reduceEvents(await events('/crlf-bom'))).toMatchObject({
      status: 'done',
      content: 'CR',
      finishReason: 'stop',
    });
  });

  it('works when data: and multi-byte characters are split across TCP writes', async () => {
    expect(reduceEvents(await events('/split'))).toMatchObject({ status: 'done', content: '你好🙂' });
  });

  it('joins a multi-line data: field', async () => {
    expect(reduceEvents(await events('/multiline-data'))).toMatchObject({ status: 'done', content: 'two lines' });
  });

  it('ends on an error object inside the stream, keeping the text so far', async () => {
    expect(reduceEvents(await events('/stream-error'))).toMatchObject({
      status: 'error',
      content: 'partial',
      error: { code: 'server_error', message: 'server error: context shift is disabled' },
    });
    expect(reduceEvents(await events('/event-error'))).toMatchObject({
      status: 'error',
      content: 'partial',
      error: { code: 'server_error', message: 'server error: overloaded' },
    });
  });

  it('handles a whole JSON reply when the server did not stream', async () => {
    const state = reduceEvents(await events('/non-stream'));
    expect(state).toMatchObject({
      status: 'done',
      content: 'all at once',
      reasoning: 'thought',
      finishReason: 'stop',
      usage: { total_tokens: 4 },
      timings,
    });
    expect(reduceEvents(await events('/json-not-completion'))).toMatchObject({
      status: 'error',
      error: { code: 'bad_chunk' },
    });
  });

  it('reports an unreachable server as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const list = await events('', { url: `http://127.0.0.1:${port}/v1/chat/completions` });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'error',
      error: {
        code: 'network',
        message: expect.stringMatching(
          /^could not reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: .*ECONNREFUSED/,
        ),
      },
    });
  });
});

describe('Stop', () => {
  it('ends a running stream with stopped, keeping what arrived', async () => {
    const controller = new AbortController();
    let deltas = 0;
    const list: StreamEvent[] = [];
    for await (const event of streamChat({ url: `${base}/endless`, body: {}, signal: controller.signal })) {
      list.push(event);
      if (event.type === 'content' && ++deltas === 3) controller.abort();
    }
    expect(last(list)).toEqual({ type: 'stopped' });
    const state = reduceEvents(list);
    expect(state).toMatchObject({ status: 'stopped' });
    expect(state.content.startsWith('t0 t1 t2 ')).toBe(true);
  });

  // Without the abort the wait would end in idle_timeout.
  it('ends at once when aborted while waiting for headers', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await events('/no-headers', { signal: controller.signal, idleTimeoutMs: 5000 })).toEqual([
      { type: 'stopped' },
    ]);
  });

  it('does not start a request that is already aborted', async () => {
    let called = false;
    const fetch = (async () => {
      called = true;
      return new Response('');
    }) as typeof globalThis.fetch;
    expect(await events('/ok', { signal: AbortSignal.abort(), fetch })).toEqual([{ type: 'stopped' }]);
    expect(called).toBe(false);
  });

  it('closes the connection when the caller leaves the loop early', async () => {
    for await (const event of streamChat({ url: `${base}/endless`, body: {} })) {
      if (event.type === 'content') break;
    }
    await vi.waitFor(() => expect(openResponses.size).toBe(0));
  });
});

/** A stream the test writes to chunk by chunk, through an injected fetch. */
function handFed(): { fetch: typeof globalThis.fetch; write: (text: string) => void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const headers = { 'Content-Type': 'text/event-stream' };
  return {
    fetch: (async () => new Response(body, { headers })) as typeof globalThis.fetch,
    write: (text) => controller.enqueue(new TextEncoder().encode(text)),
  };
}

describe('paced reading (readIntervalMs)', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the first token at once, then reads no sooner than an interval after a read with events', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const server = handFed();
    const events = streamChat({ url: 'http://stand-in/v1/chat', body: {}, readIntervalMs: 100, fetch: server.fetch });
    // The role chunk alone first, as some servers send it: it must not hold back the first token.
    server.write(chunk({ role: 'assistant', content: null }));
    server.write(chunk({ content: 't0 ' }));
    expect(await events.next()).toEqual({ done: false, value: { type: 'content', text: 't0 ' } });
    server.write(chunk({ content: 't1 ' }));
    let second: IteratorResult<StreamEvent> | undefined;
    const reading = events.next().then((result) => (second = result));
    await vi.advanceTimersByTimeAsync(99);
    expect(second).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await reading;
    expect(second).toEqual({ done: false, value: { type: 'content', text: 't1 ' } });
    await events.return();
  });

  // Without the Stop the wait would outlast the test's timeout.
  it('Stop ends a paced wait at once', async () => {
    const controller = new AbortController();
    const list: StreamEvent[] = [];
    for await (const event of streamChat({
      url: `${base}/endless`,
      body: {},
      signal: controller.signal,
      readIntervalMs: 600_000,
    })) {
      // The first read's events are out; the next read waits unless Stop cuts it short.
      if (list.length === 0) setTimeout(() => controller.abort(), 50);
      list.push(event);
    }
    expect(last(list)).toEqual({ type: 'stopped' });
  });
});

describe('streamCompletion', () => {
  it('ends at stop:true without [DONE] even while the connection stays open', async () => {
    const state = reduceEvents(await events('/completion', {}, streamCompletion));
    expect(state).toMatchObject({ status: 'done', content: 'Once upon', finishReason: 'length', slotId: 1, timings });
  });

  it('reports a stream that ends before stop:true as truncated', async () => {
    const state = reduceEvents(await events('/completion-cut', {}, streamCompletion));
    expect(state).toMatchObject({
      status: 'error',
      content: 'Once',
      error: { code: 'truncated', message: 'the stream ended before stop:true or [DONE]' },
    });
  });
});

describe('byte → text decoding', () => {
  it('keeps a multi-byte character split across network chunks whole', async () => {
    const bytes = new TextEncoder().encode('data: {"choices":[{"delta":{"content":"é你🙂"}}]}\n\ndata: [DONE]\n\n');
    const start = bytes.indexOf(0xc3); // é is C3 A9
    // Every cut point inside the three characters, each in its own network chunk.
    for (let cut = start + 1; cut < start + 9; cut++) {
      const fetch = (async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(bytes.slice(0, cut));
              controller.enqueue(bytes.slice(cut));
              controller.close();
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        )) as typeof globalThis.fetch;
      const state = reduceEvents(await events('', { url: 'http://test.invalid/', fetch }));
      expect(state.content, `cut at byte ${cut}`).toBe('é你🙂');
    }
  });
});
