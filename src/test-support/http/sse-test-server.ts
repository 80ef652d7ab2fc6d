// A local HTTP server that misbehaves on purpose, for the SSE client's tests:
// each route is one way a model server or a proxy breaks a stream.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { StreamEvent } from '@shared/chat/types';
import { streamChat, type StreamRequest } from '@main/services/chat/sse-stream';

export const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }], object: 'chat.completion.chunk' })}\n\n`;
export const timings = {
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

export interface SseTestServer {
  /** http://127.0.0.1:<port>, set once the server listens */
  readonly base: string;
  /** responses not yet closed (a caller that leaves early must close its connection) */
  readonly openResponses: ReadonlySet<ServerResponse>;
  /** every event of one request to `path` (a 2 s idle timeout unless `extra` says otherwise) */
  events(path: string, extra?: Partial<StreamRequest>, stream?: typeof streamChat): Promise<StreamEvent[]>;
}

/** Starts the server before the file's tests and closes it after them. */
export function useSseTestServer(): SseTestServer {
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

  return {
    get base() {
      return base;
    },
    openResponses,
    async events(path, extra = {}, stream = streamChat) {
      const out: StreamEvent[] = [];
      for await (const event of stream({ url: base + path, body: { stream: true }, idleTimeoutMs: 2000, ...extra }))
        out.push(event);
      return out;
    },
  };
}

export const last = (list: StreamEvent[]) => list[list.length - 1];

/** A stream the test writes to chunk by chunk, through an injected fetch. */
export function handFed(): { fetch: typeof globalThis.fetch; write: (text: string) => void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const headers = { 'Content-Type': 'text/event-stream' };
  return {
    fetch: (async () => new Response(body, { headers })) as typeof globalThis.fetch,
    write: (text) => controller.enqueue(new TextEncoder().encode(text)),
  };
}
