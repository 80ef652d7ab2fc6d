// The node:http transport against real local servers: bursts, redirects, and a
// connection reused after a paced read.
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coalescedBody } from './coalesced-body';
import { postWithHttp } from './http-post';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

async function serve(handler: Handler): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Ten small writes 5 ms apart, as a model sends tokens; the last one ends the answer in the same write. */
async function tokens(res: ServerResponse): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  for (let i = 0; i < 9 && !res.destroyed; i++) {
    res.write(`t${i};`);
    await sleep(5);
  }
  res.end('t9;');
}

let main: { server: Server; base: string };
let other: { server: Server; base: string };
const seen: { path: string; auth: string | null; body: string }[] = [];

beforeAll(async () => {
  other = await serve(async (req, res) => {
    let body = '';
    for await (const part of req) body += String(part);
    seen.push({ path: `other${req.url}`, auth: req.headers.authorization ?? null, body });
    res.end('moved');
  });
  main = await serve(async (req, res) => {
    let body = '';
    for await (const part of req) body += String(part);
    seen.push({ path: req.url ?? '', auth: req.headers.authorization ?? null, body });
    if (req.url === '/tokens') return tokens(res);
    if (req.url === '/same-origin') return void res.writeHead(307, { Location: '/landed' }).end();
    if (req.url === '/other-origin') return void res.writeHead(308, { Location: `${other.base}/landed` }).end();
    res.end('landed');
  });
});

afterAll(async () => {
  for (const { server } of [main, other]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const post = (path: string, headers: Record<string, string> = {}) =>
  postWithHttp({ url: `${main.base}${path}`, headers, body: '{"q":1}', signal: new AbortController().signal });

async function text(body: AsyncIterable<Uint8Array>): Promise<string> {
  let out = '';
  for await (const part of body) out += Buffer.from(part).toString();
  return out;
}

describe('postWithHttp', () => {
  it('hands a reader that comes back late everything that arrived meanwhile in one read', async () => {
    const reply = await post('/tokens');
    expect(reply.status).toBe(200);
    const reads: string[] = [];
    for await (const part of reply.body) {
      reads.push(Buffer.from(part).toString());
      // Away while the rest is written: it waits in the kernel, not in ten wakes of ours.
      if (reads.length === 1) await sleep(150);
    }
    expect(reads.join('')).toBe('t0;t1;t2;t3;t4;t5;t6;t7;t8;t9;');
    expect(reads.length).toBeLessThanOrEqual(3);
  });

  it('follows 307 and 308 with the same body, and keeps the key only on the same origin', async () => {
    seen.length = 0;
    expect(await text((await post('/same-origin', { Authorization: 'Bearer k' })).body)).toBe('landed');
    expect(seen).toEqual([
      { path: '/same-origin', auth: 'Bearer k', body: '{"q":1}' },
      { path: '/landed', auth: 'Bearer k', body: '{"q":1}' },
    ]);
    seen.length = 0;
    expect(await text((await post('/other-origin', { Authorization: 'Bearer k' })).body)).toBe('moved');
    expect(seen[1]).toEqual({ path: 'other/landed', auth: null, body: '{"q":1}' });
  });

  it('fails with the reason when the server cannot be reached', async () => {
    const closed = await serve(() => undefined);
    const url = `${closed.base}/x`;
    await new Promise((resolve) => closed.server.close(resolve));
    await expect(postWithHttp({ url, headers: {}, body: '{}', signal: new AbortController().signal })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});

describe('coalescedBody', () => {
  it('leaves a kept-alive connection flowing for the next request, also when the reader stops at the last token', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<IncomingMessage>((resolve, reject) =>
        request(`${main.base}/tokens`, { method: 'POST', agent }, resolve).on('error', reject).end(),
      );
    try {
      const first = await get();
      let paced = '';
      for await (const part of coalescedBody(first)) {
        paced += Buffer.from(part).toString();
        // As sse-stream does at [DONE]: it has what it wanted and leaves without reading on.
        if (paced.endsWith('t9;')) break;
        await sleep(20);
      }
      expect(paced).toBe('t0;t1;t2;t3;t4;t5;t6;t7;t8;t9;');
      // The same socket again: a paused one would never deliver this answer.
      const second = await get();
      expect(second.socket.listenerCount('data')).toBeGreaterThan(0);
      expect(await text(coalescedBody(second))).toBe('t0;t1;t2;t3;t4;t5;t6;t7;t8;t9;');
    } finally {
      agent.destroy();
    }
  });
});
